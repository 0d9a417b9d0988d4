/**
 * Payson and Billmate (issue 32): GET, POST and PUT /payment/{provider}/apisettings (the merchant id,
 * the secret encrypted at rest and never sent back, test mode) and POST …/apisettings/test, which asks
 * the provider with the stored credentials through its documented REST shape and reports the
 * provider's own error text when it refuses.
 */
import type { FastifyInstance } from 'fastify';
import type { PaymentApiSettings, PaymentApiSettingsInput, PaymentApiTestResult } from '../../../schema/payments';
import { companyKey, decrypt, encrypt } from '../../shared/encryption';
import { ApiError, checkFieldsEarly } from '../../shared/errors';
import { messageFor } from '../../shared/messages';
import { ref } from '../../shared/schemas';
import { billmateCall } from './billmateProvider';
import type { Credentials } from './credentials';
import { paymentKey } from './messages';
import { paysonCall } from './paysonProvider';
import { ProviderRefusal } from './provider';
import { permissions } from './settings';

type ServerConfig = FastifyInstance['config'];

type Provider = 'payson' | 'billmate';

/** Asks the provider whether the credentials work; the provider's own text when not. */
async function tryCredentials(config: ServerConfig, provider: Provider, c: Credentials): Promise<PaymentApiTestResult> {
  try {
    if (provider === 'payson') return { Success: true, Message: (await paysonCall<{ accountEmail?: string }>(config, c, 'GET', '/Accounts/')).accountEmail ?? '' };
    return { Success: true, Message: (await billmateCall<{ company?: string }>(config, c, 'getAccountinfo', {})).company ?? '' };
  } catch (err) {
    if (err instanceof ProviderRefusal) return { Success: false, Message: err.message };
    throw err;
  }
}

interface Row {
  merchant_id: string;
  secret: string | null;
  test_mode: boolean;
  updated: string;
}

export default async function apiSettings(app: FastifyInstance): Promise<void> {
  for (const provider of ['payson', 'billmate'] as const) {
    const path = `/payment/${provider}/apisettings`;
    const load = (companyId: number) =>
      app.db.one<Row>(
        `select merchant_id, secret, test_mode, to_char(updated at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as updated from payment_api_settings where company_id = $1 and provider = $2`,
        [companyId, provider],
      );
    const answer = (row: Row | undefined): PaymentApiSettings => ({ MerchantId: row?.merchant_id ?? '', HasSecret: !!row?.secret, TestMode: row?.test_mode ?? true, Updated: row?.updated ?? null });

    app.get(path, { config: permissions.read, schema: { querystring: ref('PaymentSettingsQuery'), response: { 200: ref('PaymentApiSettings') } } }, async (request) => answer(await load(request.ctx.companyId)));

    const save = async (companyId: number, body: PaymentApiSettingsInput, post: boolean): Promise<PaymentApiSettings> => {
      const merchantId = body.MerchantId.trim();
      if (!merchantId) throw ApiError.field(400, 'MerchantId', 'NotEmpty');
      const secret = body.Secret?.trim();
      if (post && !secret) throw ApiError.field(400, 'Secret', paymentKey('PaymentSecretRequired'));
      const sealed = secret ? encrypt(await companyKey(app.db, companyId), secret) : null;
      await app.db.query(
        `insert into payment_api_settings (company_id, provider, merchant_id, secret, test_mode) values ($1, $2, $3, $4, $5)
         on conflict (company_id, provider) do update set merchant_id = excluded.merchant_id, secret = coalesce(excluded.secret, payment_api_settings.secret),
           test_mode = excluded.test_mode, updated = now()`,
        [companyId, provider, merchantId, sealed, body.TestMode ?? true],
      );
      return answer(await load(companyId));
    };
    const schema = { body: ref('PaymentApiSettingsInput'), response: { 200: ref('PaymentApiSettings') } };
    // POST (first save) needs the secret; PUT without one keeps the stored one. Named together with the schema's own refusals.
    const secretNeeded = checkFieldsEarly((request, refuse) => {
      const body = request.body as { Secret?: unknown; MerchantId?: unknown } | null;
      if (!body || typeof body !== 'object') return;
      if (typeof body.MerchantId === 'string' && !body.MerchantId.trim()) refuse('MerchantId', 'NotEmpty');
      if (request.method === 'POST' && (body.Secret === undefined || (typeof body.Secret === 'string' && !body.Secret.trim()))) refuse('Secret', paymentKey('PaymentSecretRequired'));
    });
    app.post(path, { config: permissions.write, preValidation: secretNeeded, schema }, async (request) => save(request.ctx.companyId, request.body as PaymentApiSettingsInput, true));
    app.put(path, { config: permissions.write, preValidation: secretNeeded, schema }, async (request) => save(request.ctx.companyId, request.body as PaymentApiSettingsInput, false));

    app.post(`${path}/test`, { config: permissions.write, schema: { response: { 200: ref('PaymentApiTestResult') } } }, async (request) => {
      const companyId = request.ctx.companyId;
      const row = await load(companyId);
      if (!row?.secret) throw ApiError.field(400, 'MerchantId', paymentKey('PaymentNotSaved'));
      const secret = decrypt(await companyKey(app.db, companyId), row.secret);
      try {
        return await tryCredentials(app.config, provider, { merchantId: row.merchant_id, secret, testMode: row.test_mode });
      } catch {
        // The provider did not answer: the test's answer says so (nothing failed here).
        return { Success: false, Message: messageFor(request.ctx.lang, paymentKey('PaymentProviderUnreachable'), {}) };
      }
    });
  }
}
