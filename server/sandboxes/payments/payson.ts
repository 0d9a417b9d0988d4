/**
 * Payson Checkout 2.0's test environment under /payson-sandbox/2.0 (Basic auth: agent id and API
 * key, SANDBOX_CREDENTIALS), with its state in payson_sandbox_checkouts:
 * - GET /Accounts/: the agent's account;
 * - POST /Checkouts: a checkout (status created) with its snippet, an iframe of the checkout page;
 * - GET /Checkouts/{id}; PUT /Checkouts/{id}: status canceled (while open), shipped (once paid),
 *   and the items' creditedAmount (once shipped) refund;
 * - the checkout page /checkout/{id}, framed by the merchant's page: 4242 4242 4242 4242 pays (status
 *   readyToShip, the notification POSTed to notificationUri?checkout={id}, the buyer sent to
 *   confirmationUri), 4000 0000 0000 0002 is declined and the checkout stays open.
 * Errors in Payson's shape: { errors: [{ message, property }] }.
 */
import { randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SANDBOX_CREDENTIALS, SANDBOX_PATHS } from '../../shared/paymentProviders';
import { callBack } from './callbacks';
import { CARD_ERRORS, T, cardForm, cardOutcome, closedPage, html, langOf, money, page } from './sandboxPage';

type Json = Record<string, unknown>;
interface Item { name: string; unitPrice: number; quantity: number; taxRate: number; creditedAmount: number; [key: string]: unknown }
interface Checkout {
  id: string;
  status: string;
  snippet: string;
  merchant: { checkoutUri: string; confirmationUri: string; notificationUri: string; termsUri: string; reference?: string };
  order: { currency: string; items: Item[]; totalPriceIncludingTax: number; totalPriceExcludingTax: number; totalTaxAmount: number; totalCreditedAmount: number };
  gui: { locale?: string };
  purchaseId: number | null;
  history: Record<string, string>;
  [key: string]: unknown;
}

const OPEN = ['created', 'formsFilled', 'readyToPay'];
const cents = (major: number) => Math.round(major * 100);
const isUrl = (v: unknown) => typeof v === 'string' && /^https?:\/\/\S+$/.test(v);

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

const errors = (reply: FastifyReply, status: number, list: { message: string; property: string | null }[]) => reply.status(status).send({ errors: list });

/** The agent of a request's Basic auth when it is the sandbox's; else answers 401. */
function agentOf(request: FastifyRequest, reply: FastifyReply): string | null {
  const auth = String(request.headers.authorization ?? '');
  const [agent, key] = auth.startsWith('Basic ') ? Buffer.from(auth.slice(6), 'base64').toString('utf8').split(':') : [];
  const valid = SANDBOX_CREDENTIALS.payson;
  if (agent && key && same(agent, valid.merchantId) && same(key, valid.secret)) return agent;
  void errors(reply, 401, [{ message: 'Unauthorized: the agent id or API key is not valid.', property: null }]);
  return null;
}

/** Payson's checkout page may be framed by the merchant's page (same origin here), by nothing else. */
function frameable(reply: FastifyReply): FastifyReply {
  return reply
    .header('x-frame-options', 'SAMEORIGIN')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'self'; base-uri 'none'");
}

/** What a PUT may change: the status along Payson's transitions, and (once shipped) the credited amounts. */
function update(current: Checkout, sent: Json): { checkout: Checkout } | { error: { message: string; property: string } } {
  const next: Checkout = { ...current, order: { ...current.order, items: current.order.items.map((i) => ({ ...i })) }, history: { ...current.history } };
  const status = typeof sent.status === 'string' ? sent.status : current.status;
  if (status !== current.status) {
    const allowed = (status === 'canceled' && OPEN.includes(current.status)) || (status === 'shipped' && current.status === 'readyToShip');
    if (!allowed) return { error: { message: `The checkout cannot change from ${current.status} to ${status}.`, property: 'status' } };
    next.status = status;
    next.history[status] = new Date().toISOString();
  }
  const items = ((sent.order as Json | undefined)?.items ?? []) as Json[];
  let credited = false;
  for (const [i, item] of next.order.items.entries()) {
    const wanted = Number(items[i]?.creditedAmount ?? item.creditedAmount);
    if (!Number.isFinite(wanted) || cents(wanted) === cents(item.creditedAmount)) continue;
    if (cents(wanted) < cents(item.creditedAmount) || cents(wanted) > cents(item.unitPrice * item.quantity)) return { error: { message: 'The credited amount must be between what is credited and the item’s price.', property: `order.items[${i}].creditedAmount` } };
    item.creditedAmount = wanted;
    credited = true;
  }
  if (credited && next.status !== 'shipped' && next.status !== 'paidToAccount') return { error: { message: 'Only a shipped checkout can be credited.', property: 'status' } };
  next.order.totalCreditedAmount = next.order.items.reduce((sum, i) => sum + cents(i.creditedAmount), 0) / 100;
  return { checkout: next };
}

export default async function paysonSandbox(app: FastifyInstance, sandbox: FastifyInstance): Promise<void> {
  const load = (id: string) => app.db.one<{ agent_id: string; body: Checkout }>('select agent_id, body from payson_sandbox_checkouts where id = $1', [id]);
  const save = (c: Checkout) => app.db.query('update payson_sandbox_checkouts set body = $2 where id = $1', [c.id, JSON.stringify(c)]);

  sandbox.get('/2.0/Accounts/', async (request, reply) => {
    const agent = agentOf(request, reply);
    if (!agent) return reply;
    return { accountEmail: 'testagent-checkout2@payson.se', status: 'Approved', merchantId: Number(agent), enabledForInvoice: true, enabledForpaymentPlan: true };
  });

  sandbox.post<{ Body: Json }>('/2.0/Checkouts', async (request, reply) => {
    const agent = agentOf(request, reply);
    if (!agent) return reply;
    const body = request.body ?? {};
    const merchant = (body.merchant ?? {}) as Checkout['merchant'];
    const order = (body.order ?? {}) as Json;
    const items = Array.isArray(order.items) ? (order.items as Json[]) : [];
    const problems = (['checkoutUri', 'confirmationUri', 'notificationUri', 'termsUri'] as const).filter((k) => !isUrl(merchant[k])).map((k) => ({ message: 'Must be a valid absolute URI.', property: `merchant.${k}` }));
    if (!['sek', 'eur'].includes(String(order.currency).toLowerCase())) problems.push({ message: 'Currency must be SEK or EUR.', property: 'order.currency' });
    if (!items.length) problems.push({ message: 'At least one item is required.', property: 'order.items' });
    items.forEach((item, i) => {
      if (typeof item.name !== 'string' || !item.name) problems.push({ message: 'Required.', property: `order.items[${i}].name` });
      if (!(Number(item.unitPrice) > 0)) problems.push({ message: 'Must be greater than 0.', property: `order.items[${i}].unitPrice` });
      if (!(Number(item.quantity) > 0)) problems.push({ message: 'Must be greater than 0.', property: `order.items[${i}].quantity` });
      if (!(Number(item.taxRate) >= 0 && Number(item.taxRate) <= 1)) problems.push({ message: 'Must be between 0 and 1.', property: `order.items[${i}].taxRate` });
    });
    if (problems.length) return errors(reply, 400, problems);
    const id = randomUUID();
    const lines: Item[] = items.map((i) => ({ ...i, name: String(i.name), unitPrice: Number(i.unitPrice), quantity: Number(i.quantity), taxRate: Number(i.taxRate), creditedAmount: 0 }));
    const total = lines.reduce((sum, i) => sum + cents(i.unitPrice * i.quantity), 0);
    const tax = lines.reduce((sum, i) => sum + Math.round((cents(i.unitPrice * i.quantity) * i.taxRate) / (1 + i.taxRate)), 0);
    const src = `${app.config.publicUrl}${SANDBOX_PATHS.payson}/checkout/${id}`;
    const checkout: Checkout = {
      ...body,
      id,
      status: 'created',
      snippet: `<div id="paysonContainer"><iframe id="paysonIframe" name="paysonIframe" title="Payson Checkout" src="${src}"></iframe></div>`,
      merchant,
      order: { ...order, currency: String(order.currency).toLowerCase(), items: lines, totalPriceIncludingTax: total / 100, totalPriceExcludingTax: (total - tax) / 100, totalTaxAmount: tax / 100, totalCreditedAmount: 0 },
      gui: (body.gui ?? {}) as Checkout['gui'],
      purchaseId: null,
      history: { created: new Date().toISOString() },
      expirationTime: new Date(Date.now() + 3 * 3600_000).toISOString(),
    };
    await app.db.query('insert into payson_sandbox_checkouts (id, agent_id, body) values ($1, $2, $3)', [id, agent, JSON.stringify(checkout)]);
    return reply.status(201).send(checkout);
  });

  sandbox.get<{ Params: { id: string } }>('/2.0/Checkouts/:id', async (request, reply) => {
    const agent = agentOf(request, reply);
    if (!agent) return reply;
    const row = await load(request.params.id);
    if (!row || row.agent_id !== agent) return errors(reply, 404, [{ message: 'Checkout not found.', property: 'id' }]);
    return row.body;
  });

  sandbox.put<{ Params: { id: string }; Body: Json }>('/2.0/Checkouts/:id', async (request, reply) => {
    const agent = agentOf(request, reply);
    if (!agent) return reply;
    const row = await load(request.params.id);
    if (!row || row.agent_id !== agent) return errors(reply, 404, [{ message: 'Checkout not found.', property: 'id' }]);
    const result = update(row.body, request.body ?? {});
    if ('error' in result) return errors(reply, 400, [result.error]);
    await save(result.checkout);
    return result.checkout;
  });

  // The checkout page in the merchant's frame. The form leaves the frame: the buyer ends on the merchant's confirmation page.
  const payPage = (c: Checkout, lang: ReturnType<typeof langOf>, error?: string) =>
    page(
      lang,
      T.payTitle[lang],
      cardForm(lang, {
        payee: 'Payson Sandbox AB',
        amount: money(cents(c.order.totalPriceIncludingTax), c.order.currency, lang),
        action: `${SANDBOX_PATHS.payson}/checkout/${encodeURIComponent(c.id)}`,
        error,
        backHref: c.merchant.checkoutUri,
        testCardsKey: 'testCardsNoAuth',
        target: '_top',
      }),
    );

  sandbox.get<{ Params: { id: string } }>('/checkout/:id', async (request, reply) => {
    const row = await load(request.params.id);
    const lang = langOf(row?.body.gui.locale, request);
    if (!row || !OPEN.includes(row.body.status)) return html(frameable(reply), closedPage(lang), 404);
    return html(frameable(reply), payPage(row.body, lang));
  });

  sandbox.post<{ Params: { id: string }; Body: Record<string, string> }>('/checkout/:id', async (request, reply) => {
    const row = await load(request.params.id);
    const lang = langOf(row?.body.gui.locale, request);
    if (!row || !OPEN.includes(row.body.status)) return html(frameable(reply), closedPage(lang), 404);
    const outcome = cardOutcome(request.body ?? {});
    if (outcome !== 'success') {
      const failure = CARD_ERRORS[outcome === 'authenticate' ? 'notTestCard' : outcome];
      return html(frameable(reply), payPage(row.body, lang, T[failure.key][lang]), failure.status);
    }
    const paid: Checkout = { ...row.body, status: 'readyToShip', purchaseId: randomInt(1_000_000, 9_999_999), history: { ...row.body.history, readyToShip: new Date().toISOString() } };
    await save(paid);
    const notify = new URL(paid.merchant.notificationUri);
    notify.searchParams.set('checkout', paid.id);
    callBack(app, notify.toString(), null, 'payson');
    return reply.redirect(paid.merchant.confirmationUri, 303);
  });
}
