/**
 * The company's encryption, in one place: its AES-256 key and AES-256-GCM sealing of short texts
 * (GET /encryption/encrypt, webhook signing secrets). Sealed text is base64url of a 12-byte IV, the
 * ciphertext and the 16-byte tag.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/db';

/**
 * The AES-256 key of a company: derived from ENCRYPTION_KEY when the install sets one (the same
 * key for every company), otherwise a random key created on first use and kept in company_secrets.
 */
export async function companyKey(db: Db, companyId: number): Promise<Buffer> {
  const fromEnv = process.env.ENCRYPTION_KEY;
  if (fromEnv) return createHash('sha256').update(fromEnv).digest();
  await db.query(
    `insert into company_secrets (company_id, name, value) values ($1, 'encryption', $2) on conflict (company_id, name) do nothing`,
    [companyId, randomBytes(32).toString('base64')],
  );
  const row = await db.one<{ value: string }>(`select value from company_secrets where company_id = $1 and name = 'encryption'`, [companyId]);
  return Buffer.from(row!.value, 'base64');
}

/**
 * Encrypts a text with AES-256-GCM.
 * @example encrypt(key, 'secret') // 'q2V…'
 */
export function encrypt(key: Buffer, text: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url');
}

/** The text back from what encrypt wrote with the same key; throws when it was changed. */
export function decrypt(key: Buffer, sealed: string): string {
  const raw = Buffer.from(sealed, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(raw.length - 16));
  return Buffer.concat([decipher.update(raw.subarray(12, raw.length - 16)), decipher.final()]).toString('utf8');
}
