import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { CardCallback, CardCallbackResult, CardToken, CardTokenInput, CreditCardStatus } from '../../../schema/licenses';
import { ref } from '../../shared/schemas';
import { ApiError, ValidationErrors } from '../../shared/errors';
import { COUNTRIES } from '../../shared/reference';
import { SANDBOX_PATH, verifyCallback } from '../../shared/paymentProvider';
import { takeLicenseAwaitingCard } from '../../shared/licenseChanges';

/** Only a path of our own admin may be where the provider sends the browser back (no open redirect). */
const ADMIN_PATH = /^\/[A-Za-z0-9/_-]*(\?[A-Za-z0-9=&%_.-]*)?$/;

/**
 * Card registration through the payment provider's redirect flow (spec core.md §7):
 * POST /Token/GenerateRegisterDibsPaymentCardToken gives the provider page to send the browser to;
 * the provider calls POST /billing/callback server to server (idempotent by its reference: twice is
 * one charge; the license that waited for the card takes effect in the same transaction) and sends
 * the browser to the accept or cancel page; GET /billing/company/creditcard answers IsValid, which
 * the admin's billing check loop polls every 2000 ms.
 */
export default async function cardRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app;

  app.get('/billing/company/creditcard', { schema: { response: { 200: ref('CreditCardStatus') } } }, async (request): Promise<CreditCardStatus> => {
    const card = await db.one<{ masked_number: string; expires: string }>('select masked_number, expires from payment_cards where company_id = $1', [request.ctx.companyId]);
    return { IsValid: !!card, MaskedNumber: card?.masked_number ?? null, Expires: card?.expires ?? null };
  });

  app.post<{ Body: CardTokenInput }>('/Token/GenerateRegisterDibsPaymentCardToken', { schema: { body: ref('CardTokenInput'), response: { 200: ref('CardToken') } } }, async (request): Promise<CardToken> => {
    const { companyId } = request.ctx;
    const errors = new ValidationErrors();
    const accept = request.body.AcceptUrl ?? '/billing/callback';
    const cancel = request.body.CancelUrl ?? '/billing/cancel';
    if (!ADMIN_PATH.test(accept)) errors.add('AcceptUrl', 'AdminPathOnly');
    if (!ADMIN_PATH.test(cancel)) errors.add('CancelUrl', 'AdminPathOnly');
    errors.throwIfAny();
    const company = (await db.one<{ country_id: string }>('select country_id from companies where id = $1', [companyId]))!;
    const currency = COUNTRIES.find((c) => c.id === company.country_id)?.currencyId ?? 'SEK';
    // Registering the card also pays what is open on card invoices.
    const open = (await db.one<{ n: string }>("select coalesce(sum(total_minor), 0)::text as n from invoices where company_id = $1 and status = 'unpaid'", [companyId]))!;
    const token = randomBytes(18).toString('base64url');
    await db.query(
      'insert into card_registrations (token, company_id, amount_minor, currency_id, accept_url, cancel_url, lang) values ($1, $2, $3, $4, $5, $6, $7)',
      [token, companyId, Number(open.n), currency, `${config.publicUrl}${accept}`, `${config.publicUrl}${cancel}`, request.ctx.lang],
    );
    return { Token: token, Url: `${config.publicUrl}${SANDBOX_PATH}/checkout/${token}`, AmountMinor: Number(open.n), CurrencyId: currency };
  });

  // The provider's server-to-server notice: signed, without a user's token.
  app.post<{ Body: CardCallback }>('/billing/callback', { config: { public: true }, schema: { body: ref('CardCallback'), response: { 200: ref('CardCallbackResult') } } }, async (request) => {
    const b = request.body;
    if (!verifyCallback(b.Token, b.ProviderReference, b.AmountMinor, b.Signature)) throw ApiError.field(400, 'Signature', 'CardSignatureInvalid');
    const charged = await db.tx(async (tx) => {
      const registration = await tx.one<{ company_id: number; currency_id: string }>('select company_id, currency_id from card_registrations where token = $1 for update', [b.Token]);
      if (!registration) throw ApiError.notFound('Token', b.Token);
      const payment = await tx.one<{ id: number }>(
        `insert into card_payments (company_id, provider_reference, amount_minor, currency_id) values ($1, $2, $3, $4)
         on conflict (provider_reference) do nothing returning id`,
        [registration.company_id, b.ProviderReference, b.AmountMinor, registration.currency_id],
      );
      if (!payment) return false;
      await tx.query(
        `insert into payment_cards (company_id, provider_reference, masked_number, expires) values ($1, $2, $3, $4)
         on conflict (company_id) do update set provider_reference = excluded.provider_reference, masked_number = excluded.masked_number,
           expires = excluded.expires, registered = now()`,
        [registration.company_id, b.ProviderReference, b.MaskedNumber, b.Expires],
      );
      await tx.query('update card_registrations set completed = now() where token = $1', [b.Token]);
      if (b.AmountMinor > 0) await tx.query("update invoices set status = 'paid' where company_id = $1 and status = 'unpaid'", [registration.company_id]);
      // The license chosen with card payment takes effect now that the card is registered, in this transaction.
      await takeLicenseAwaitingCard(tx, registration.company_id);
      return true;
    });
    const result: CardCallbackResult = { Status: charged ? 'Charged' : 'AlreadyProcessed' };
    return result;
  });
}
