import type { FastifyInstance } from 'fastify';
import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/db';
import { ref } from '../../shared/schemas';
import type { EncryptRequest, EncryptResponse } from '../../../schema/customers';

/**
 * The AES-256 key of a company: derived from ENCRYPTION_KEY when the install sets one (the same
 * key for every company), otherwise a random key created on first use and kept in company_secrets.
 */
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

/**
 * Encrypts a text with AES-256-GCM: base64url of a 12-byte IV, the ciphertext and the 16-byte tag.
 * @example
 * encrypt(key, 'secret') // 'q2V…'
 */
export function encrypt(key: Buffer, text: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url');
}

/** GET /encryption/encrypt {CompanyId, Text} → { Text } encrypted with the company's key. */
export default async function encryptionRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: EncryptRequest }>('/encryption/encrypt', { schema: { querystring: ref('EncryptRequest') } }, async (request): Promise<EncryptResponse> => {
    const key = await companyKey(app.db, request.ctx.companyId);
    return { Text: encrypt(key, request.query.Text) };
  });
}
