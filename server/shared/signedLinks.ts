import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/db';

/**
 * Links a customer opens without signing in (a newsletter's unsubscribe, a review request): the
 * token `<company>.<id>.<signature>` names a company and one of its records, signed with a key of the
 * company's own for that kind of link (made on first use, kept in company_secrets), so a token is
 * good for that record only and cannot be made up.
 * @example
 * const signer = await linkSigner(db, 1, 'review_link');
 * const token = signer(42);                       // '1.42.Vb3…'
 * await verifyLink(db, 'review_link', token);     // { companyId: 1, id: 42 }
 */
async function companyKey(db: Db, companyId: number, name: string): Promise<Buffer> {
  await db.query(`insert into company_secrets (company_id, name, value) values ($1, $2, $3) on conflict (company_id, name) do nothing`, [
    companyId,
    name,
    randomBytes(32).toString('base64'),
  ]);
  const row = await db.one<{ value: string }>('select value from company_secrets where company_id = $1 and name = $2', [companyId, name]);
  return Buffer.from(row!.value, 'base64');
}

const sign = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest('base64url').slice(0, 32);

/** The token maker of one company and kind of link. */
export async function linkSigner(db: Db, companyId: number, name: string): Promise<(id: number) => string> {
  const key = await companyKey(db, companyId, name);
  return (id) => `${companyId}.${id}.${sign(key, `${companyId}.${id}`)}`;
}

/** The company and record a token names, when its signature holds (null otherwise). */
export async function verifyLink(db: Db, name: string, token: string): Promise<{ companyId: number; id: number } | null> {
  const match = /^(\d{1,10})\.(\d{1,10})\.([A-Za-z0-9_-]{32})$/.exec(token);
  if (!match) return null;
  const [companyId, id] = [Number(match[1]), Number(match[2])];
  if (companyId > 2147483647 || id > 2147483647) return null;
  const exists = await db.one('select 1 from companies where id = $1', [companyId]);
  if (!exists) return null;
  const expected = Buffer.from(sign(await companyKey(db, companyId, name), `${companyId}.${id}`));
  const given = Buffer.from(match[3]);
  return expected.length === given.length && timingSafeEqual(expected, given) ? { companyId, id } : null;
}
