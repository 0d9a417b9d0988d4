/**
 * Stripe Connect (issue 32): GET /payment/stripe/v1/account/connect gives the provider's authorize
 * page with a state bound to the signed-in administrator's session; the provider sends the browser to
 * the admin's /stripe-auth, which posts code, scope and state to POST
 * /payment-settings/stripe-api/stripe-auth (the state is single-use and an hour long); the code is
 * exchanged with the official client (oauth.token) and the account read (accounts.retrieve).
 * GET /payment/stripe/v1/account shows it; DELETE disconnects (deauthorize at the provider, best effort).
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import type { StripeAccount, StripeAuthInput, StripeConnectQuery, StripeConnectUrl } from '../../../schema/payments';
import { companyKey, encrypt } from '../../shared/encryption';
import { ApiError } from '../../shared/errors';
import { stripeConnectBase } from '../../shared/paymentProviders';
import { ref } from '../../shared/schemas';
import { paymentKey } from './messages';
import { permissions } from './settings';
import { providerError, stripeClient } from './stripeClient';

const STATE_MINUTES = 60;

interface AccountRow {
  account_id: string;
  name: string | null;
  charges_enabled: boolean;
}

const none: StripeAccount = { Connected: false, AccountId: null, Name: null, ChargesEnabled: false, Stale: false };

const nameOf = (a: Stripe.Account) => a.business_profile?.name ?? a.settings?.dashboard?.display_name ?? a.email ?? a.id;

export default async function connect(app: FastifyInstance): Promise<void> {
  app.get('/payment/stripe/v1/account/connect', { config: permissions.write, schema: { querystring: ref('StripeConnectQuery'), response: { 200: ref('StripeConnectUrl') } } }, async (request) => {
    const { ctx } = request;
    const { RedirectUri } = request.query as StripeConnectQuery;
    let redirect: URL;
    try {
      redirect = new URL(RedirectUri);
    } catch {
      throw ApiError.field(400, 'RedirectUri', paymentKey('PaymentRedirectInvalid'));
    }
    if (!/^https?:$/.test(redirect.protocol)) throw ApiError.field(400, 'RedirectUri', paymentKey('PaymentRedirectInvalid'));
    const state = randomBytes(24).toString('base64url');
    await app.db.query('delete from stripe_connect_states where created < now() - interval \'1 day\'');
    await app.db.query('insert into stripe_connect_states (state, company_id, user_id, session_id) values ($1, $2, $3, $4)', [state, ctx.companyId, ctx.userId, ctx.sessionId]);
    const url = new URL(`${stripeConnectBase(app.config)}/oauth/authorize`);
    url.search = new URLSearchParams({ response_type: 'code', client_id: app.config.stripe.clientId, scope: 'read_write', state, redirect_uri: redirect.toString() }).toString();
    return { Url: url.toString() } satisfies StripeConnectUrl;
  });

  app.post('/payment-settings/stripe-api/stripe-auth', { config: permissions.write, schema: { body: ref('StripeAuthInput'), response: { 200: ref('StripeAccount') } } }, async (request) => {
    const { ctx } = request;
    const body = request.body as StripeAuthInput;
    // Single use: the first answer takes the state, whatever happens next.
    const taken = await app.db.one<{ state: string }>(
      `update stripe_connect_states set used = now()
        where state = $1 and used is null and company_id = $2 and user_id = $3 and session_id is not distinct from $4
          and created > now() - make_interval(mins => $5) returning state`,
      [body.state, ctx.companyId, ctx.userId, ctx.sessionId, STATE_MINUTES],
    );
    if (!taken) throw ApiError.field(400, 'state', paymentKey('PaymentStateInvalid'));
    const stripe = stripeClient(app.config);
    let accountId: string;
    let account: Stripe.Account;
    let token: Stripe.OAuthToken;
    try {
      token = await stripe.oauth.token({ grant_type: 'authorization_code', code: body.code });
      accountId = token.stripe_user_id!;
      account = await stripe.accounts.retrieve(accountId);
    } catch (err) {
      throw providerError(err, 'code');
    }
    const sealed = token.access_token ? encrypt(await companyKey(app.db, ctx.companyId), token.access_token) : null;
    await app.db.query(
      `insert into stripe_accounts (company_id, account_id, name, charges_enabled, scope, access_token) values ($1, $2, $3, $4, $5, $6)
       on conflict (company_id) do update set account_id = excluded.account_id, name = excluded.name, charges_enabled = excluded.charges_enabled,
         scope = excluded.scope, access_token = excluded.access_token, connected = now()`,
      [ctx.companyId, accountId, nameOf(account), account.charges_enabled, token.scope ?? body.scope ?? null, sealed],
    );
    await app.db.query(`insert into payment_settings (company_id, stripe_active) values ($1, true) on conflict (company_id) do update set stripe_active = true, updated = now()`, [ctx.companyId]);
    return { Connected: true, AccountId: accountId, Name: nameOf(account), ChargesEnabled: account.charges_enabled, Stale: false } satisfies StripeAccount;
  });

  app.get('/payment/stripe/v1/account', { config: permissions.read, schema: { querystring: ref('PaymentSettingsQuery'), response: { 200: ref('StripeAccount') } } }, async (request) => {
    const row = await app.db.one<AccountRow>('select account_id, name, charges_enabled from stripe_accounts where company_id = $1', [request.ctx.companyId]);
    if (!row) return none;
    try {
      const account = await stripeClient(app.config).accounts.retrieve(row.account_id);
      await app.db.query('update stripe_accounts set name = $2, charges_enabled = $3 where company_id = $1', [request.ctx.companyId, nameOf(account), account.charges_enabled]);
      return { Connected: true, AccountId: row.account_id, Name: nameOf(account), ChargesEnabled: account.charges_enabled, Stale: false } satisfies StripeAccount;
    } catch {
      return { Connected: true, AccountId: row.account_id, Name: row.name, ChargesEnabled: row.charges_enabled, Stale: true } satisfies StripeAccount;
    }
  });

  app.delete('/payment/stripe/v1/account', { config: permissions.write, schema: { querystring: ref('PaymentSettingsQuery'), response: { 200: ref('StripeAccount') } } }, async (request) => {
    const row = await app.db.one<AccountRow>('delete from stripe_accounts where company_id = $1 returning account_id, name, charges_enabled', [request.ctx.companyId]);
    if (!row) return none;
    await app.db.query('update payment_settings set stripe_active = false, updated = now() where company_id = $1', [request.ctx.companyId]);
    try {
      await stripeClient(app.config).oauth.deauthorize({ client_id: app.config.stripe.clientId, stripe_user_id: row.account_id });
    } catch (err) {
      request.log.warn({ err }, 'stripe deauthorize failed; the account is disconnected here');
    }
    return none;
  });
}
