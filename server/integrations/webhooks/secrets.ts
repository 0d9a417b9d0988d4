/**
 * Webhook signing secrets (issue 31): made in the Standard Webhooks form (`whsec_` + base64 of 32
 * random bytes) and kept encrypted at rest with the company's key (server/shared/encryption.ts).
 */
import { randomBytes } from 'node:crypto';
import { companyKey, decrypt, encrypt } from '../../shared/encryption';
import type { Db } from '../../db/db';

/** A new signing secret, e.g. 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'. */
export function newSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** The secret encrypted for the database (server/shared/encryption.ts). */
export async function sealSecret(db: Db, companyId: number, secret: string): Promise<string> {
  return encrypt(await companyKey(db, companyId), secret);
}

/** The secret back from what sealSecret wrote. */
export async function openSecret(db: Db, companyId: number, sealed: string): Promise<string> {
  return decrypt(await companyKey(db, companyId), sealed);
}
