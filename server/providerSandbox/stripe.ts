/**
 * Stripe's test mode, served by our own server under /stripe-sandbox so that the payments area's
 * official `stripe` client (its host, port and protocol pointed here) runs the whole flow with no
 * account anywhere. It speaks Stripe's wire protocol for what the product uses, with its state in the
 * database (stripe_sandbox_*):
 * - Connect OAuth: GET /oauth/authorize (the page where the account holder connects), POST
 *   /oauth/token (code → stripe_user_id, single use), POST /oauth/deauthorize;
 * - GET /v1/accounts/{id}; POST /v1/checkout/sessions, GET /v1/checkout/sessions/{id}; POST /v1/refunds
 *   (all with the platform's secret key as Bearer and the connected account in Stripe-Account; form
 *   encoded bodies with bracket keys; Idempotency-Key honoured on refunds);
 * - the hosted checkout page /pay/{session} with the test cards 4242 4242 4242 4242 (succeeds),
 *   4000 0000 0000 0002 (declined) and 4000 0025 0000 3155 (asks for authentication first);
 * - events (checkout.session.completed) POSTed to the platform's webhook endpoint, signed in the
 *   Stripe-Signature scheme (t=…,v1=HMAC-SHA256 of "t.payload" with the endpoint's secret), retried.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import formbody from '@fastify/formbody';
import { escapeHtml } from '../shared/html';
import { LANGUAGES, requestLanguage, type Lang, type Texts } from '../shared/messages';
import { SANDBOX_PATHS, stripeWebhookUrl } from '../shared/paymentProviders';
import texts from './messages.json' with { type: 'json' };

const T: Record<keyof typeof texts, Texts> = texts;
const API_VERSION = '2025-09-30.clover';

const CARDS = { success: '4242424242424242', declined: '4000000000000002', authenticate: '4000002500003155' } as const;

type Params = Record<string, unknown>;

/** Stripe's bracket notation (line_items[0][price_data][currency]=sek) as nested objects and arrays. */
export function unflatten(flat: Record<string, unknown>): Params {
  const out: Params = {};
  for (const [key, value] of Object.entries(flat)) {
    const parts = key.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> = out;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Record<string, unknown>;
    });
  }
  return arrays(out) as Params;
}

function arrays(value: unknown): unknown {
  if (!value || typeof value !== 'object') return value;
  const entries = Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, arrays(v)] as const);
  if (entries.length && entries.every(([k]) => /^\d+$/.test(k))) return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, v]) => v);
  return Object.fromEntries(entries);
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Stripe's error body and status. */
function stripeError(reply: FastifyReply, status: number, message: string, extra: { type?: string; code?: string; param?: string } = {}) {
  return reply.status(status).send({ error: { type: extra.type ?? 'invalid_request_error', message, ...(extra.code ? { code: extra.code } : {}), ...(extra.param ? { param: extra.param } : {}) } });
}

const STYLE = `body{margin:0;font:16px/1.5 system-ui,sans-serif;background:#f6f9fc;color:#1a1f36}
main{max-width:440px;margin:40px auto;padding:28px;background:#fff;border-radius:10px;box-shadow:0 2px 10px rgba(0,0,0,.08)}
h1{font-size:22px;margin:0 0 8px}label{display:block;margin:12px 0 4px;font-weight:500}
input{width:100%;box-sizing:border-box;padding:10px;border:1px solid #6b7385;border-radius:6px;font:inherit}
.row{display:flex;gap:12px}.row>div{flex:1}button,.link{display:block;text-align:center;margin-top:16px;padding:11px 16px;border:0;border-radius:6px;font:inherit;font-weight:600;cursor:pointer;width:100%;box-sizing:border-box;text-decoration:none}
.primary{background:#4b3fc7;color:#fff}.secondary{background:#fff;color:#3d31b0;border:1px solid #3d31b0}
.badge{display:inline-block;background:#ffe8b0;color:#5c3b00;padding:2px 8px;border-radius:4px;font-size:14px;font-weight:600}
.error{background:#fde8e8;color:#9b1c1c;padding:8px 12px;border-radius:6px}.amount{font-size:28px;font-weight:700;margin:8px 0}`;

function page(lang: Lang, title: string, body: string): string {
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>
<p><span class="badge">${escapeHtml(T.testMode[lang])}</span></p>${body}</main></body></html>`;
}

const fill = (text: string, values: Record<string, string>) => text.replace(/\{(\w+)\}/g, (_, k: string) => values[k] ?? '');

/** The page's language: Stripe's checkout locale (nb for Norwegian), else the browser's. */
function langOf(locale: unknown, request: FastifyRequest): Lang {
  const l = str(locale) === 'nb' ? 'no' : str(locale).slice(0, 2);
  if ((LANGUAGES as readonly string[]).includes(l)) return l as Lang;
  const accept = String(request.headers['accept-language'] ?? '').slice(0, 2).toLowerCase();
  if (accept === 'nb' || accept === 'nn') return 'no';
  return (LANGUAGES as readonly string[]).includes(accept) ? (accept as Lang) : requestLanguage(request);
}

function money(minor: number, currency: string, lang: Lang): string {
  const locale = { sv: 'sv-SE', en: 'en-GB', fi: 'fi-FI', no: 'nb-NO' }[lang];
  return new Intl.NumberFormat(locale, { style: 'currency', currency: currency.toUpperCase() }).format(minor / 100);
}

interface SessionRow {
  id: string;
  account_id: string;
  body: Params & { status: string; amount_total: number; currency: string; success_url: string; cancel_url?: string; locale?: string };
}

export default async function stripeSandbox(app: FastifyInstance): Promise<void> {
  const base = () => `${app.config.publicUrl}${SANDBOX_PATHS.stripe}`;

  await app.register(
    async (sandbox) => {
      await sandbox.register(formbody);
      const html = (reply: FastifyReply, body: string, status = 200) => reply.status(status).type('text/html; charset=utf-8').send(body);

      /** The platform's secret key; answers false (and the 401) when it is not the configured one. */
      const platform = (request: FastifyRequest, reply: FastifyReply): boolean => {
        const auth = String(request.headers.authorization ?? '');
        const key = auth.startsWith('Bearer ') ? auth.slice(7) : '';
        if (key && key === app.config.stripe.secretKey) return true;
        void stripeError(reply, 401, key ? `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}` : 'You did not provide an API key.');
        return false;
      };

      /** The connected account of Stripe-Account, when the platform is connected to it. */
      const connected = async (request: FastifyRequest, reply: FastifyReply): Promise<string | null> => {
        const account = str(request.headers['stripe-account']);
        const grant = account
          ? await app.db.one<{ account_id: string }>('select account_id from stripe_sandbox_grants where account_id = $1 and redeemed is not null and revoked is null limit 1', [account])
          : undefined;
        if (!grant) {
          void stripeError(reply, 403, `The provided key does not have access to account '${account}' (or that account does not exist). Application access may have been revoked.`, { type: 'invalid_request_error', code: 'account_invalid' });
          return null;
        }
        return grant.account_id;
      };

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

      sandbox.post<{ Body: Record<string, unknown> }>('/v1/checkout/sessions', async (request, reply) => {
        if (!platform(request, reply)) return reply;
        const account = await connected(request, reply);
        if (!account) return reply;
        const p = unflatten(request.body ?? {});
        const items = Array.isArray(p.line_items) ? (p.line_items as Params[]) : [];
        if (str(p.mode) !== 'payment') return stripeError(reply, 400, 'Missing required param: mode.', { code: 'parameter_missing', param: 'mode' });
        if (!/^https?:\/\//.test(str(p.success_url))) return stripeError(reply, 400, 'Not a valid URL', { code: 'url_invalid', param: 'success_url' });
        if (!items.length) return stripeError(reply, 400, 'Missing required param: line_items.', { code: 'parameter_missing', param: 'line_items' });
        let total = 0;
        let currency = '';
        for (const [i, item] of items.entries()) {
          const price = (item.price_data ?? {}) as Params;
          const amount = Number(price.unit_amount);
          const quantity = Number(item.quantity ?? 1);
          if (!Number.isInteger(amount) || amount < 1) return stripeError(reply, 400, 'Invalid integer', { code: 'parameter_invalid_integer', param: `line_items[${i}][price_data][unit_amount]` });
          if (!/^[a-z]{3}$/.test(str(price.currency))) return stripeError(reply, 400, 'Invalid currency', { param: `line_items[${i}][price_data][currency]` });
          currency = str(price.currency);
          total += amount * (Number.isInteger(quantity) && quantity > 0 ? quantity : 1);
        }
        const sessionId = id('cs_test');
        const session = {
          id: sessionId,
          object: 'checkout.session',
          mode: 'payment',
          status: 'open',
          payment_status: 'unpaid',
          amount_total: total,
          amount_subtotal: total,
          currency,
          client_reference_id: str(p.client_reference_id) || null,
          customer_email: str(p.customer_email) || null,
          metadata: (p.metadata ?? {}) as Params,
          locale: str(p.locale) || null,
          success_url: str(p.success_url),
          cancel_url: str(p.cancel_url) || null,
          payment_intent: null as string | null,
          url: `${base()}/pay/${sessionId}`,
          expires_at: nowSeconds() + 24 * 3600,
          created: nowSeconds(),
          livemode: false,
        };
        await app.db.query('insert into stripe_sandbox_sessions (id, account_id, body) values ($1, $2, $3)', [sessionId, account, JSON.stringify(session)]);
        return session;
      });

      sandbox.get<{ Params: { id: string } }>('/v1/checkout/sessions/:id', async (request, reply) => {
        if (!platform(request, reply)) return reply;
        const account = await connected(request, reply);
        if (!account) return reply;
        const row = await app.db.one<SessionRow>('select id, account_id, body from stripe_sandbox_sessions where id = $1 and account_id = $2', [request.params.id, account]);
        if (!row) return stripeError(reply, 404, `No such checkout.session: '${request.params.id}'`, { code: 'resource_missing', param: 'session' });
        return row.body;
      });

      sandbox.post<{ Body: Record<string, unknown> }>('/v1/refunds', async (request, reply) => {
        if (!platform(request, reply)) return reply;
        const account = await connected(request, reply);
        if (!account) return reply;
        const p = unflatten(request.body ?? {});
        const key = str(request.headers['idempotency-key']) || null;
        if (key) {
          const seen = await app.db.one<{ body: Params }>('select body from stripe_sandbox_refunds where account_id = $1 and idempotency_key = $2', [account, key]);
          if (seen) return seen.body;
        }
        const intent = str(p.payment_intent);
        const paid = await app.db.one<{ amount: number; currency: string }>(
          `select (body->>'amount_total')::int8::float8 as amount, body->>'currency' as currency from stripe_sandbox_sessions where account_id = $1 and body->>'payment_intent' = $2`,
          [account, intent],
        );
        if (!paid) return stripeError(reply, 404, `No such payment_intent: '${intent}'`, { code: 'resource_missing', param: 'payment_intent' });
        const before = await app.db.one<{ refunded: number }>('select coalesce(sum(amount), 0)::float8 as refunded from stripe_sandbox_refunds where account_id = $1 and payment_intent = $2', [account, intent]);
        const left = paid.amount - before!.refunded;
        const amount = p.amount === undefined ? left : Number(p.amount);
        if (!Number.isInteger(amount) || amount < 1) return stripeError(reply, 400, 'Invalid positive integer', { code: 'parameter_invalid_integer', param: 'amount' });
        if (amount > left) {
          return stripeError(reply, 400, `Refund amount (${(amount / 100).toFixed(2)} ${paid.currency.toUpperCase()}) is greater than unrefunded amount on charge (${(left / 100).toFixed(2)} ${paid.currency.toUpperCase()})`, { code: 'amount_too_large', param: 'amount' });
        }
        const refund = { id: id('re'), object: 'refund', amount, currency: paid.currency, payment_intent: intent, status: 'succeeded', reason: str(p.reason) || null, metadata: (p.metadata ?? {}) as Params, created: nowSeconds() };
        await app.db.query('insert into stripe_sandbox_refunds (id, account_id, payment_intent, amount, idempotency_key, body) values ($1, $2, $3, $4, $5, $6)', [refund.id, account, intent, amount, key, JSON.stringify(refund)]);
        return refund;
      });

      // The hosted checkout page.
      const loadSession = (sessionId: string) => app.db.one<SessionRow & { name: string }>('select s.id, s.account_id, s.body, a.name from stripe_sandbox_sessions s join stripe_sandbox_accounts a on a.id = s.account_id where s.id = $1', [sessionId]);

      const payPage = (s: SessionRow & { name: string }, lang: Lang, error?: string) => {
        const amount = money(s.body.amount_total, s.body.currency, lang);
        const t = (k: keyof typeof texts) => escapeHtml(T[k][lang]);
        const action = `${SANDBOX_PATHS.stripe}/pay/${encodeURIComponent(s.id)}`;
        return page(
          lang,
          T.payTitle[lang],
          `<h1>${escapeHtml(fill(T.payTo[lang], { name: s.name }))}</h1><p class="amount">${escapeHtml(amount)}</p><p>${t('testCards')}</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${action}">
<label for="card">${t('card')}</label><input id="card" name="card" inputmode="numeric" autocomplete="cc-number" required>
<div class="row"><div><label for="expiry">${t('expiry')}</label><input id="expiry" name="expiry" autocomplete="cc-exp" required></div>
<div><label for="cvc">${t('cvc')}</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" required></div></div>
<button class="primary" type="submit">${escapeHtml(fill(T.pay[lang], { amount }))}</button></form>
${s.body.cancel_url ? `<a class="link secondary" href="${escapeHtml(s.body.cancel_url)}">${t('back')}</a>` : ''}`,
        );
      };

      sandbox.get<{ Params: { id: string } }>('/pay/:id', async (request, reply) => {
        const s = await loadSession(request.params.id);
        const lang = langOf(s?.body.locale, request);
        if (!s || s.body.status !== 'open') return html(reply, page(lang, T.closed[lang], `<h1>${escapeHtml(T.closed[lang])}</h1>`), 404);
        return html(reply, payPage(s, lang));
      });

      sandbox.post<{ Params: { id: string }; Body: Record<string, string> }>('/pay/:id', async (request, reply) => {
        const s = await loadSession(request.params.id);
        const lang = langOf(s?.body.locale, request);
        if (!s || s.body.status !== 'open') return html(reply, page(lang, T.closed[lang], `<h1>${escapeHtml(T.closed[lang])}</h1>`), 404);
        const body = request.body ?? {};
        const card = str(body.card).replace(/\D/g, '');
        const expiry = /^(\d{2})\s*\/\s*(\d{2})$/.exec(str(body.expiry).trim());
        const future = expiry && Number(expiry[1]) >= 1 && Number(expiry[1]) <= 12 && new Date(2000 + Number(expiry[2]), Number(expiry[1])) > new Date();
        if (!future || !/^\d{3,4}$/.test(str(body.cvc).trim()) || card.length < 12) return html(reply, payPage(s, lang, T.invalidCard[lang]), 400);
        if (card === CARDS.declined) return html(reply, payPage(s, lang, T.declined[lang]), 402);
        if (card === CARDS.authenticate) return reply.redirect(`${SANDBOX_PATHS.stripe}/pay/${encodeURIComponent(s.id)}/authenticate`, 303);
        if (card !== CARDS.success) return html(reply, payPage(s, lang, T.notTestCard[lang]), 402);
        return reply.redirect(await complete(s), 303);
      });

      sandbox.get<{ Params: { id: string } }>('/pay/:id/authenticate', async (request, reply) => {
        const s = await loadSession(request.params.id);
        const lang = langOf(s?.body.locale, request);
        if (!s || s.body.status !== 'open') return html(reply, page(lang, T.closed[lang], `<h1>${escapeHtml(T.closed[lang])}</h1>`), 404);
        const action = `${SANDBOX_PATHS.stripe}/pay/${encodeURIComponent(s.id)}/authenticate`;
        return html(
          reply,
          page(
            lang,
            T.authTitle[lang],
            `<h1>${escapeHtml(T.authTitle[lang])}</h1><p>${escapeHtml(T.authIntro[lang])}</p><p class="amount">${escapeHtml(money(s.body.amount_total, s.body.currency, lang))}</p>
<form method="post" action="${action}"><button class="primary" type="submit" name="action" value="complete">${escapeHtml(T.authComplete[lang])}</button>
<button class="secondary" type="submit" name="action" value="fail">${escapeHtml(T.authFail[lang])}</button></form>`,
          ),
        );
      });

      sandbox.post<{ Params: { id: string }; Body: Record<string, string> }>('/pay/:id/authenticate', async (request, reply) => {
        const s = await loadSession(request.params.id);
        const lang = langOf(s?.body.locale, request);
        if (!s || s.body.status !== 'open') return html(reply, page(lang, T.closed[lang], `<h1>${escapeHtml(T.closed[lang])}</h1>`), 404);
        if (request.body?.action !== 'complete') return html(reply, payPage(s, lang, T.authFailed[lang]), 402);
        return reply.redirect(await complete(s), 303);
      });
    },
    { prefix: SANDBOX_PATHS.stripe },
  );

  /** Marks the session paid, records the event and sends it; answers where the browser goes. */
  async function complete(s: SessionRow): Promise<string> {
    const session = { ...s.body, status: 'complete', payment_status: 'paid', payment_intent: id('pi') };
    const event = {
      id: id('evt'),
      object: 'event',
      api_version: API_VERSION,
      created: nowSeconds(),
      type: 'checkout.session.completed',
      account: s.account_id,
      livemode: false,
      pending_webhooks: 1,
      data: { object: session },
    };
    await app.db.tx(async (tx) => {
      await tx.query('update stripe_sandbox_sessions set body = $2 where id = $1', [s.id, JSON.stringify(session)]);
      await tx.query('insert into stripe_sandbox_events (id, account_id, type, body) values ($1, $2, $3, $4)', [event.id, s.account_id, event.type, JSON.stringify(event)]);
    });
    deliver(event.id, 0);
    return session.success_url.replace('{CHECKOUT_SESSION_ID}', s.id);
  }

  /** POSTs an event to the platform's webhook endpoint, signed; retried with growing pauses. */
  function deliver(eventId: string, attempt: number): void {
    const run = async () => {
      const row = await app.db.one<{ body: unknown; delivered: string | null }>('select body, delivered from stripe_sandbox_events where id = $1', [eventId]);
      if (!row || row.delivered) return;
      const payload = JSON.stringify(row.body);
      const t = nowSeconds();
      const signature = createHmac('sha256', app.config.stripe.webhookSecret).update(`${t}.${payload}`).digest('hex');
      let ok: boolean;
      try {
        const res = await fetch(stripeWebhookUrl(app.config), {
          method: 'POST',
          headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': `t=${t},v1=${signature}`, 'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' },
          body: payload,
          signal: AbortSignal.timeout(10_000),
        });
        ok = res.ok;
      } catch {
        ok = false;
      }
      await app.db.query(`update stripe_sandbox_events set attempts = attempts + 1, delivered = case when $2 then now() else delivered end where id = $1`, [eventId, ok]);
      if (!ok && attempt < 6) setTimeout(() => deliver(eventId, attempt + 1), 500 * 2 ** attempt).unref();
    };
    setImmediate(() => {
      run().catch((err: unknown) => app.log.warn({ err, eventId }, 'stripe sandbox: event delivery failed'));
    });
  }
}
