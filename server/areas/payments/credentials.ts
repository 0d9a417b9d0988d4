/**
 * Payson's and Billmate's credentials as a company saved them (apiSettings.ts): the merchant id, the
 * secret opened with the company's key, and whether the provider's test environment is meant.
 */
import type { Db } from '../../db/db';
import { companyKey, decrypt } from '../../shared/encryption';

export interface Credentials {
  merchantId: string;
  secret: string;
  testMode: boolean;
}

/** The saved credentials, or null when none (or no secret) are saved. */
export async function loadCredentials(db: Db, companyId: number, provider: 'payson' | 'billmate'): Promise<Credentials | null> {
  const row = await db.one<{ merchant_id: string; secret: string | null; test_mode: boolean }>(
    'select merchant_id, secret, test_mode from payment_api_settings where company_id = $1 and provider = $2',
    [companyId, provider],
  );
  if (!row?.secret) return null;
  return { merchantId: row.merchant_id, secret: decrypt(await companyKey(db, companyId), row.secret), testMode: row.test_mode };
}

/** Whether the company saved credentials with a secret. */
export async function hasCredentials(db: Db, companyId: number, provider: 'payson' | 'billmate'): Promise<boolean> {
  return !!(await db.one('select 1 from payment_api_settings where company_id = $1 and provider = $2 and secret is not null', [companyId, provider]));
}
