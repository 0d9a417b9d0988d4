/**
 * Billmate's payment API: one URL, a JSON body with the credentials (merchant id, and the hash:
 * HMAC-SHA512 of the data's JSON with the secret, server/shared/billmateJson.ts), the data and the
 * function. `addPayment` with method 8 (card) answers the card page's URL; `getPaymentinfo` reads a
 * payment; `cancelPayment` closes one not yet paid; `creditPayment` refunds part of a paid one.
 * Answers carry the hash of their data too, checked here.
 */
import type { FastifyInstance } from 'fastify';
import { billmateHash, billmateSigned, phpJson } from '../../shared/billmateJson';
import { billmateApiUrl } from '../../shared/paymentProviders';
import { hasCredentials, loadCredentials, type Credentials } from './credentials';
import { ProviderRefusal, vatRateOf, type CheckoutProvider, type CheckoutState } from './provider';

type ServerConfig = FastifyInstance['config'];

/** One call to Billmate with the company's credentials; Billmate's own error text when it refuses. */
export async function billmateCall<T>(config: ServerConfig, c: Credentials, fn: string, data: Record<string, unknown>, language = 'sv'): Promise<T> {
  const json = phpJson(data);
  const credentials = { id: c.merchantId, hash: billmateHash(c.secret, json), version: '2.1.6', client: 'booking-admin:1.0', serverdata: {}, time: Date.now() / 1000, test: c.testMode ? 'true' : 'false', language };
  const res = await fetch(billmateApiUrl(config), {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    // The data as hashed, inside the envelope.
    body: `{"credentials":${JSON.stringify(credentials)},"data":${json},"function":${JSON.stringify(fn)}}`,
    signal: AbortSignal.timeout(15_000),
  });
  if (res.status >= 500) throw new Error(`Billmate: HTTP ${res.status}`);
  const answer = (await res.json().catch(() => ({}))) as { code?: number | string; message?: string; credentials?: { hash?: string }; data?: T };
  if (answer.code !== undefined || !answer.data) throw new ProviderRefusal(answer.message ?? `HTTP ${res.status}`);
  if (!billmateSigned(c.secret, answer.data, String(answer.credentials?.hash ?? ''))) throw new Error('Billmate: the answer is not signed with the secret');
  return answer.data;
}

async function credentials(app: FastifyInstance, companyId: number): Promise<Credentials> {
  const c = await loadCredentials(app.db, companyId, 'billmate');
  if (!c) throw new ProviderRefusal('Billmate is not set up');
  return c;
}

interface PaymentInfo {
  PaymentData: { currency: string; status: string; orderid?: string; url?: string };
  Cart: { Total: { withtax: string | number } };
}

const PAID = ['Paid', 'Factoring', 'Service', 'Credited', 'PartCredited'];
const OPEN = ['WaitingForPurchase', 'WaitingForBankIDIdentification', 'Pending'];

/** Whether a payment's status says it was paid. */
export const billmatePaid = (status: string) => PAID.includes(status);

/** One article and the cart's total for an amount, VAT as the order's rate. */
function cartOf(o: { amount: number; vat: number; title: string; artnr: string }) {
  const withouttax = o.amount - o.vat;
  const article = { artnr: o.artnr, title: o.title, quantity: '1', aprice: String(withouttax), taxrate: String(Math.round(vatRateOf(o) * 1000) / 10), discount: '0', withouttax: String(withouttax) };
  return { Articles: [article], Cart: { Total: { withouttax: String(withouttax), tax: String(o.vat), rounding: '0', withtax: String(o.amount) } } };
}

const billmateProvider: CheckoutProvider = {
  name: 'billmate',
  refundsRetrySafely: false,

  ready: (db, companyId) => hasCredentials(db, companyId, 'billmate'),

  async create(app, companyId, order) {
    const c = await credentials(app, companyId);
    const answer = await billmateCall<{ number: string | number; status: string; url: string }>(
      app.config,
      c,
      'addPayment',
      {
        PaymentData: {
          method: '8',
          currency: order.currency.toUpperCase(),
          language: order.lang,
          country: 'SE',
          autoactivate: '1',
          orderid: order.reference,
          accepturl: `${order.payUrl}/done`,
          cancelurl: `${order.payUrl}/canceled`,
          callbackurl: `${app.config.publicUrl}/api/payment/billmate/callback`,
          returnmethod: 'GET',
        },
        Customer: { Billing: { email: order.email ?? '' } },
        ...cartOf({ amount: order.amount, vat: order.vat, title: order.title, artnr: `booking-${order.bookingId}` }),
      },
      order.lang,
    );
    return { id: String(answer.number), url: answer.url };
  },

  async read(app, companyId, id): Promise<CheckoutState> {
    const info = await billmateCall<PaymentInfo>(app.config, await credentials(app, companyId), 'getPaymentinfo', { number: id });
    const status = info.PaymentData.status;
    return {
      status: PAID.includes(status) ? 'paid' : OPEN.includes(status) ? 'open' : 'closed',
      amount: Number(info.Cart.Total.withtax),
      currency: info.PaymentData.currency.toUpperCase(),
      paymentRef: id,
    };
  },

  async refund(app, companyId, checkout, refund) {
    const c = await credentials(app, companyId);
    // The VAT of the part refunded, in the proportion of the payment's own.
    const info = await billmateCall<PaymentInfo & { Cart: { Total: { tax: string | number } } }>(app.config, c, 'getPaymentinfo', { number: checkout.id });
    const total = Number(info.Cart.Total.withtax);
    const vat = total > 0 ? Math.round((refund.amount * Number(info.Cart.Total.tax)) / total) : 0;
    const answer = await billmateCall<{ number: string | number }>(app.config, c, 'creditPayment', {
      PaymentData: { number: checkout.id, partcredit: 'true' },
      ...cartOf({ amount: refund.amount, vat, title: 'Refund', artnr: `refund-${refund.key}` }),
    });
    return String(answer.number);
  },

  async expire(app, companyId, id) {
    const c = await credentials(app, companyId);
    const info = await billmateCall<PaymentInfo>(app.config, c, 'getPaymentinfo', { number: id });
    if (!OPEN.includes(info.PaymentData.status)) return;
    await billmateCall(app.config, c, 'cancelPayment', { number: id });
  },
};

export default billmateProvider;
