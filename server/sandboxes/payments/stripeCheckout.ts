/**
 * Stripe Checkout in the test mode: POST /v1/checkout/sessions, GET /v1/checkout/sessions/{id}, POST
 * /v1/checkout/sessions/{id}/expire, POST /v1/refunds (Idempotency-Key honoured), and the hosted page
 * /pay/{session} where the buyer pays with a test card (sandboxPage.ts), authenticating first with
 * the 3D Secure card. A paid session becomes an event (stripeEvents.ts).
 */
import type { FastifyInstance } from 'fastify';
import { escapeHtml } from '../../shared/html';
import type { Lang } from '../../shared/messages';
import { SANDBOX_PATHS } from '../../shared/paymentProviders';
import { CARD_ERRORS, T, cardForm, cardOutcome, closedPage, html, langOf, money, page, str } from './sandboxPage';
import { apiAuth, id, nowSeconds, stripeError, unflatten, type Params, type SessionRow } from './stripeWire';

/** Registers the checkout routes on the sandbox's scope; `complete` marks a session paid and answers where the browser goes. */
export default function stripeCheckout(app: FastifyInstance, sandbox: FastifyInstance, complete: (s: SessionRow) => Promise<string>): void {
  const { platform, connected } = apiAuth(app);
  const base = () => `${app.config.publicUrl}${SANDBOX_PATHS.stripe}`;

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

  // Expires an open session: its page then refuses payment (Stripe: only open sessions can be expired).
  sandbox.post<{ Params: { id: string } }>('/v1/checkout/sessions/:id/expire', async (request, reply) => {
    if (!platform(request, reply)) return reply;
    const account = await connected(request, reply);
    if (!account) return reply;
    const row = await app.db.one<SessionRow>(
      `update stripe_sandbox_sessions set body = case when body->>'status' = 'open' then body || '{"status": "expired"}'::jsonb else body end
        where id = $1 and account_id = $2 returning id, account_id, body`,
      [request.params.id, account],
    );
    if (!row) return stripeError(reply, 404, `No such checkout.session: '${request.params.id}'`, { code: 'resource_missing', param: 'session' });
    if (row.body.status !== 'expired') return stripeError(reply, 400, 'Only Checkout Sessions with a status in ["open"] can be expired.', { code: 'checkout_session_not_open' });
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
  const loadSession = (sessionId: string) =>
    app.db.one<SessionRow & { name: string }>('select s.id, s.account_id, s.body, a.name from stripe_sandbox_sessions s join stripe_sandbox_accounts a on a.id = s.account_id where s.id = $1', [sessionId]);

  const payPage = (s: SessionRow & { name: string }, lang: Lang, error?: string) =>
    page(
      lang,
      T.payTitle[lang],
      cardForm(lang, { payee: s.name, amount: money(s.body.amount_total, s.body.currency, lang), action: `${SANDBOX_PATHS.stripe}/pay/${encodeURIComponent(s.id)}`, error, backHref: s.body.cancel_url }),
    );

  sandbox.get<{ Params: { id: string } }>('/pay/:id', async (request, reply) => {
    const s = await loadSession(request.params.id);
    const lang = langOf(s?.body.locale, request);
    if (!s || s.body.status !== 'open') return html(reply, closedPage(lang), 404);
    return html(reply, payPage(s, lang));
  });

  sandbox.post<{ Params: { id: string }; Body: Record<string, string> }>('/pay/:id', async (request, reply) => {
    const s = await loadSession(request.params.id);
    const lang = langOf(s?.body.locale, request);
    if (!s || s.body.status !== 'open') return html(reply, closedPage(lang), 404);
    const outcome = cardOutcome(request.body ?? {});
    if (outcome === 'authenticate') return reply.redirect(`${SANDBOX_PATHS.stripe}/pay/${encodeURIComponent(s.id)}/authenticate`, 303);
    if (outcome !== 'success') return html(reply, payPage(s, lang, T[CARD_ERRORS[outcome].key][lang]), CARD_ERRORS[outcome].status);
    return reply.redirect(await complete(s), 303);
  });

  sandbox.get<{ Params: { id: string } }>('/pay/:id/authenticate', async (request, reply) => {
    const s = await loadSession(request.params.id);
    const lang = langOf(s?.body.locale, request);
    if (!s || s.body.status !== 'open') return html(reply, closedPage(lang), 404);
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
    if (!s || s.body.status !== 'open') return html(reply, closedPage(lang), 404);
    if (request.body?.action !== 'complete') return html(reply, payPage(s, lang, T.authFailed[lang]), 402);
    return reply.redirect(await complete(s), 303);
  });
}
