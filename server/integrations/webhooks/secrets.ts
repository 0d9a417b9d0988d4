/**
 * Webhook signing secrets (issue 31): made in the Standard Webhooks form (`whsec_` + base64 of 32
 * random bytes) and kept encrypted at rest with AES-256-GCM under the company's key, the same key
 * server/areas/company/encryption.ts uses (ENCRYPTION_KEY when set, else the company's
 * company_secrets 'encryption' row).
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/db';

async function companyKey(db: Db, companyId: number): Promise<Buffer> {
  const fromEnv = process.env.ENCRYPTION_KEY;
  if (fromEnv) return createHash('sha256').update(fromEnv).digest();
  await db.query(
    `insert into company_secrets (company_id, name, value) values ($1, 'encryption', $2) on conflict (company_id, name) do nothing`,
    [companyId, randomBytes(32).toString('base64')],
  );
  const row = await db.one<{ value: string }>(`select value from company_secrets where company_id = $1 and name = 'encryption'`, [companyId]);
  return Buffer.from(row!.value, 'base64');
}

/** A new signing secret, e.g. 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'. */
export function newSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** The secret encrypted for the database: base64url of IV, ciphertext and tag. */
export async function sealSecret(db: Db, companyId: number, secret: string): Promise<string> {
  const key = await companyKey(db, companyId);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url');
}

/** The secret back from what sealSecret wrote. */
export async function openSecret(db: Db, companyId: number, sealed: string): Promise<string> {
  const key = await companyKey(db, companyId);
  const raw = Buffer.from(sealed, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(raw.length - 16));
  return Buffer.concat([decipher.update(raw.subarray(12, raw.length - 16)), decipher.final()]).toString('utf8');
}
