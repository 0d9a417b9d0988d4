/**
 * Stripe Connect in the test mode: GET /oauth/authorize (the page where the account holder connects),
 * POST /oauth/token (code → stripe_user_id, single use), POST /oauth/deauthorize, GET /v1/accounts/{id}.
 */
import type { FastifyInstance } from 'fastify';
import { escapeHtml } from '../../shared/html';
import { SANDBOX_PATHS } from '../../shared/paymentProviders';
import { T, fill, html, langOf, page, str } from './sandboxPage';
import { apiAuth, id, stripeError } from './stripeWire';

/** Registers the connect routes on the sandbox's scope (prefix /stripe-sandbox, form bodies parsed). */
export default function stripeConnect(app: FastifyInstance, sandbox: FastifyInstance): void {
  const { platform } = apiAuth(app);

  // Connect: the page where the account holder allows the platform.
  sandbox.get<{ Querystring: Record<string, string> }>('/oauth/authorize', async (request, reply) => {
    const q = request.query;
    const lang = langOf(undefined, request);
    const problem = q.client_id !== app.config.stripe.clientId ? 'client_id' : q.response_type !== 'code' ? 'response_type' : !/^https?:\/\//.test(q.redirect_uri ?? '') ? 'redirect_uri' : null;
    if (problem) return html(reply, page(lang, T.connectTitle[lang], `<h1>${escapeHtml(T.connectTitle[lang])}</h1><p class="error" role="alert">${escapeHtml(fill(T.badRequest[lang], { detail: problem }))}</p>`), 400);
    const hidden = ['state', 'scope', 'redirect_uri'].map((k) => `<input type="hidden" name="${k}" value="${escapeHtml(q[k] ?? '')}">`).join('');
    return html(
      reply,
      page(
        lang,
        T.connectTitle[lang],
        `<h1>${escapeHtml(T.connectTitle[lang])}</h1><p>${escapeHtml(T.connectIntro[lang])}</p>
<form method="post" action="${SANDBOX_PATHS.stripe}/oauth/authorize">${hidden}
<label for="name">${escapeHtml(T.accountName[lang])}</label><input id="name" name="name" value="Sandbox Studio AB" required>
<label for="email">${escapeHtml(T.email[lang])}</label><input id="email" name="email" type="email" value="owner@sandbox.example" required>
<button class="primary" type="submit" name="action" value="allow">${escapeHtml(T.connect[lang])}</button>
<button class="secondary" type="submit" name="action" value="deny" formnovalidate>${escapeHtml(T.deny[lang])}</button></form>`,
      ),
    );
  });

  sandbox.post<{ Body: Record<string, string> }>('/oauth/authorize', async (request, reply) => {
    const body = request.body ?? {};
    let target: URL;
    try {
      target = new URL(str(body.redirect_uri));
    } catch {
      return reply.status(400).send('redirect_uri');
    }
    if (body.state) target.searchParams.set('state', body.state);
    if (body.action !== 'allow') {
      target.searchParams.set('error', 'access_denied');
      target.searchParams.set('error_description', 'The user denied your request');
      return reply.redirect(target.toString(), 303);
    }
    const account = id('acct');
    const code = id('ac');
    const scope = body.scope || 'read_write';
    await app.db.tx(async (tx) => {
      await tx.query('insert into stripe_sandbox_accounts (id, name, email) values ($1, $2, $3)', [account, (body.name ?? '').trim() || 'Sandbox account', (body.email ?? '').trim() || 'owner@sandbox.example']);
      await tx.query('insert into stripe_sandbox_grants (code, account_id, scope, access_token) values ($1, $2, $3, $4)', [code, account, scope, id('sk_test')]);
    });
    target.searchParams.set('code', code);
    target.searchParams.set('scope', scope);
    return reply.redirect(target.toString(), 303);
  });

  sandbox.post<{ Body: Record<string, string> }>('/oauth/token', async (request, reply) => {
    if (!platform(request, reply)) return reply;
    const body = request.body ?? {};
    if (body.grant_type !== 'authorization_code') return reply.status(400).send({ error: 'unsupported_grant_type', error_description: `Unsupported grant type: ${str(body.grant_type)}` });
    const grant = await app.db.one<{ account_id: string; scope: string; access_token: string }>(
      'update stripe_sandbox_grants set redeemed = now() where code = $1 and redeemed is null returning account_id, scope, access_token',
      [str(body.code)],
    );
    if (!grant) return reply.status(400).send({ error: 'invalid_grant', error_description: `Authorization code does not exist: ${str(body.code)}` });
    return {
      access_token: grant.access_token,
      livemode: false,
      refresh_token: id('rt'),
      token_type: 'bearer',
      stripe_publishable_key: id('pk_test'),
      stripe_user_id: grant.account_id,
      scope: grant.scope,
    };
  });

  sandbox.post<{ Body: Record<string, string> }>('/oauth/deauthorize', async (request, reply) => {
    if (!platform(request, reply)) return reply;
    const body = request.body ?? {};
    const done = await app.db.query('update stripe_sandbox_grants set revoked = now() where account_id = $1 and revoked is null returning code', [str(body.stripe_user_id)]);
    if (!done.length) return reply.status(400).send({ error: 'invalid_client', error_description: `No such user: ${str(body.stripe_user_id)}` });
    return { stripe_user_id: body.stripe_user_id };
  });

  sandbox.get<{ Params: { id: string } }>('/v1/accounts/:id', async (request, reply) => {
    if (!platform(request, reply)) return reply;
    const grant = await app.db.one<{ id: string }>('select account_id as id from stripe_sandbox_grants where account_id = $1 and redeemed is not null and revoked is null limit 1', [request.params.id]);
    const account = grant
      ? await app.db.one<{ id: string; name: string; email: string; charges_enabled: boolean; created: string }>(
          'select id, name, email, charges_enabled, extract(epoch from created)::int8::text as created from stripe_sandbox_accounts where id = $1',
          [grant.id],
        )
      : undefined;
    if (!account) return stripeError(reply, 404, `No such account: '${request.params.id}'`, { code: 'resource_missing', param: 'id' });
    return {
      id: account.id,
      object: 'account',
      business_profile: { name: account.name },
      settings: { dashboard: { display_name: account.name } },
      email: account.email,
      country: 'SE',
      default_currency: 'sek',
      charges_enabled: account.charges_enabled,
      payouts_enabled: account.charges_enabled,
      details_submitted: true,
      type: 'standard',
      created: Number(account.created),
    };
  });
}
