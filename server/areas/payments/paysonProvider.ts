/**
 * Payson Checkout 2.0 through its REST API (Basic auth: agent id and API key): POST /Checkouts makes
 * the checkout, whose snippet our pay page embeds; GET /Checkouts/{id} reads it (a notification only
 * names the id: what it says is read here, never taken from the notification); PUT /Checkouts/{id}
 * with status "canceled" closes it, with status "shipped" releases a paid order's money to the
 * company (settle, once the payment is written), and with the items' creditedAmount refunds.
 * Live or test environment by the saved test mode; the embedded test mode when neither is configured.
 */
import type { FastifyInstance } from 'fastify';
import { paysonApiBase } from '../../shared/paymentProviders';
import { hasCredentials, loadCredentials, type Credentials } from './credentials';
import { ProviderRefusal, vatRateOf, type CheckoutOrder, type CheckoutProvider, type CheckoutState } from './provider';

type ServerConfig = FastifyInstance['config'];

interface PaysonItem {
  name: string;
  unitPrice: number;
  quantity: number;
  taxRate: number;
  reference?: string;
  creditedAmount?: number;
  [key: string]: unknown;
}

export interface PaysonCheckout {
  id: string;
  status: string;
  snippet?: string;
  purchaseId?: number | string;
  order: { currency: string; totalPriceIncludingTax: number; totalCreditedAmount?: number; items: PaysonItem[] };
  [key: string]: unknown;
}

const PAID = ['readyToShip', 'shipped', 'paidToAccount'];
const OPEN = ['created', 'formsFilled', 'readyToPay', 'processingPayment'];

const minor = (major: number) => Math.round(major * 100);

/** One call to Payson's API with the company's credentials; Payson's own error text when it refuses. */
export async function paysonCall<T>(config: ServerConfig, c: Credentials, method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${paysonApiBase(config, c.testMode)}${path}`, {
    method,
    headers: {
      authorization: `Basic ${Buffer.from(`${c.merchantId}:${c.secret}`).toString('base64')}`,
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });
  const answer = (await res.json().catch(() => ({}))) as T & { errors?: { message?: string; property?: string | null }[] };
  if (res.ok) return answer;
  const message = answer.errors?.map((e) => (e.property ? `${e.property}: ${e.message}` : e.message)).filter(Boolean).join(' ') || `HTTP ${res.status}`;
  if (res.status >= 500) throw new Error(`Payson: ${message}`);
  throw new ProviderRefusal(message);
}

async function credentials(app: FastifyInstance, companyId: number): Promise<Credentials> {
  const c = await loadCredentials(app.db, companyId, 'payson');
  if (!c) throw new ProviderRefusal('Payson is not set up');
  return c;
}

function stateOf(checkout: PaysonCheckout): CheckoutState {
  return {
    status: PAID.includes(checkout.status) ? 'paid' : OPEN.includes(checkout.status) ? 'open' : 'closed',
    amount: minor(checkout.order.totalPriceIncludingTax),
    currency: checkout.order.currency.toUpperCase(),
    paymentRef: checkout.purchaseId === undefined ? null : String(checkout.purchaseId),
    snippet: checkout.snippet,
  };
}

/** The items with `amount` more credited, spread from the first item on, never above an item's price. */
function credited(items: PaysonItem[], amount: number): PaysonItem[] {
  let left = amount;
  return items.map((item) => {
    const room = minor(item.unitPrice * item.quantity) - minor(item.creditedAmount ?? 0);
    const add = Math.max(0, Math.min(room, left));
    left -= add;
    return { ...item, creditedAmount: (minor(item.creditedAmount ?? 0) + add) / 100 };
  });
}

/** A checkout as Payson has it now, and a PUT of a changed copy with the same credentials. */
async function openOrder(app: FastifyInstance, companyId: number, id: string): Promise<{ current: PaysonCheckout; put: (body: PaysonCheckout) => Promise<PaysonCheckout> }> {
  const c = await credentials(app, companyId);
  const path = `/Checkouts/${encodeURIComponent(id)}`;
  return {
    current: await paysonCall<PaysonCheckout>(app.config, c, 'GET', path),
    put: (body) => paysonCall<PaysonCheckout>(app.config, c, 'PUT', path, body),
  };
}

/**
 * Ships a paid order that is ready to ship: a booking's service is delivered by being booked, and
 * Payson pays an order out to the company (or credits it) only once shipped. Answers the order after.
 */
async function shipIfReady(order: Awaited<ReturnType<typeof openOrder>>): Promise<PaysonCheckout> {
  return order.current.status === 'readyToShip' ? order.put({ ...order.current, status: 'shipped' }) : order.current;
}

const paysonProvider: CheckoutProvider = {
  name: 'payson',
  refundsRetrySafely: true,

  ready: (db, companyId) => hasCredentials(db, companyId, 'payson'),

  async create(app, companyId, order: CheckoutOrder) {
    const c = await credentials(app, companyId);
    const checkout = await paysonCall<PaysonCheckout>(app.config, c, 'POST', '/Checkouts', {
      merchant: {
        checkoutUri: order.payUrl,
        confirmationUri: `${order.payUrl}/done`,
        notificationUri: `${app.config.publicUrl}/api/payment/payson/notification`,
        termsUri: order.termsUrl,
        reference: order.reference,
      },
      order: {
        currency: order.currency.toLowerCase(),
        items: [{ name: order.title, unitPrice: order.amount / 100, quantity: 1, taxRate: vatRateOf(order), reference: `booking-${order.bookingId}` }],
      },
      gui: { locale: order.lang, verification: 'none' },
      ...(order.email ? { customer: { email: order.email } } : {}),
    });
    return { id: checkout.id, url: null };
  },

  async read(app, companyId, id) {
    return stateOf(await paysonCall<PaysonCheckout>(app.config, await credentials(app, companyId), 'GET', `/Checkouts/${encodeURIComponent(id)}`));
  },

  async refund(app, companyId, checkout, refund) {
    const order = await openOrder(app, companyId, checkout.id);
    // Done already (a retry after Payson took it): what Payson credited covers this one too.
    if (minor(order.current.order.totalCreditedAmount ?? 0) >= refund.before + refund.amount) return `${checkout.id}:${refund.before + refund.amount}`;
    // Payson credits shipped orders only.
    const current = await shipIfReady(order);
    const after = await order.put({ ...current, order: { ...current.order, items: credited(current.order.items, refund.amount) } });
    return `${checkout.id}:${minor(after.order.totalCreditedAmount ?? 0)}`;
  },

  async settle(app, companyId, id) {
    await shipIfReady(await openOrder(app, companyId, id));
  },

  async expire(app, companyId, id) {
    const order = await openOrder(app, companyId, id);
    if (OPEN.includes(order.current.status)) await order.put({ ...order.current, status: 'canceled' });
  },
};

export default paysonProvider;
