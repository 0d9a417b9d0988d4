/**
 * Billmate's API in test mode, POST /billmate-sandbox/ with `{ credentials: { id, hash, … }, data,
 * function }`: the hash is HMAC-SHA512 of the data's JSON with the secret (as Billmate's PHP writes
 * it); answers carry the hash of their own data, errors are `{ code, message }`. State in
 * billmate_sandbox_payments. Functions: getAccountinfo; addPayment (method 8, card: the card page's
 * URL); getPaymentinfo; cancelPayment (while waiting for the purchase); creditPayment (part or all
 * of a paid payment). The card page /cardpay/{number}/{token}: 4242 4242 4242 4242 pays (status Paid,
 * the signed callback POSTed to callbackurl, the buyer sent to accepturl), 4000 0000 0000 0002 is
 * declined and the payment stays open; Back goes to cancelurl.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { SANDBOX_CREDENTIALS, SANDBOX_PATHS } from '../../shared/paymentProviders';
import { billmateHash, billmateSigned, phpJson } from '../../shared/billmateJson';
import { callBack } from './callbacks';
import { CARD_ERRORS, T, cardForm, cardOutcome, closedPage, html, langOf, money, page, str } from './sandboxPage';

type Json = Record<string, unknown>;
interface Payment {
  PaymentData: Json & { currency: string; language?: string; orderid?: string; accepturl: string; cancelurl: string; callbackurl: string; status: string; url: string };
  Customer?: Json;
  Articles?: Json[];
  Cart: { Total: Json & { withtax: string; tax?: string } };
  /** Minor units credited so far. */
  credited: number;
}

const fail = (code: number, message: string) => ({ code, message });
const isUrl = (v: unknown) => typeof v === 'string' && /^https?:\/\/\S+$/.test(v);

export default async function billmateSandbox(app: FastifyInstance, sandbox: FastifyInstance): Promise<void> {
  const secret = SANDBOX_CREDENTIALS.billmate.secret;
  /** An answer with the hash of its data. */
  const signed = (data: unknown) => ({ credentials: { hash: billmateHash(secret, phpJson(data)), logid: Date.now() % 1_000_000 }, data });
  const load = (number: unknown) =>
    /^\d{1,18}$/.test(String(number))
      ? app.db.one<{ number: string; token: string; body: Payment }>(`select number::text as number, token, body from billmate_sandbox_payments where number = $1 and merchant_id = $2 and body ? 'PaymentData'`, [
          String(number),
          SANDBOX_CREDENTIALS.billmate.merchantId,
        ])
      : Promise.resolve(undefined);
  const save = (number: string, body: Payment) => app.db.query('update billmate_sandbox_payments set body = $2 where number = $1', [number, JSON.stringify(body)]);
  const info = (number: string, p: Payment) => ({ ...p, PaymentData: { ...p.PaymentData, number } });

  const functions: Record<string, (data: Json) => Promise<Json>> = {
    getAccountinfo: async () => signed({ company: 'Billmate Sandbox AB', orgnr: '556000-0000', country: 'SE', defaultpaymentmethod: 1 }),

    addPayment: async (data) => {
      const pd = (data.PaymentData ?? {}) as Payment['PaymentData'];
      const total = (((data.Cart ?? {}) as Json).Total ?? {}) as Payment['Cart']['Total'];
      if (str(pd.method) !== '8') return fail(2401, 'The payment method is not available for this merchant in test mode (card, method 8, is).');
      if (!['accepturl', 'cancelurl', 'callbackurl'].every((k) => isUrl(pd[k]))) return fail(2405, 'accepturl, cancelurl and callbackurl must be absolute URLs.');
      if (!/^[A-Z]{3}$/.test(str(pd.currency))) return fail(2406, 'Invalid currency.');
      if (!/^\d+$/.test(String(total.withtax)) || Number(total.withtax) < 1) return fail(2407, 'Cart.Total.withtax must be a positive whole number of minor units.');
      const token = randomBytes(16).toString('hex');
      const row = await app.db.one<{ number: string }>('insert into billmate_sandbox_payments (merchant_id, token, body) values ($1, $2, $3) returning number::text as number', [
        SANDBOX_CREDENTIALS.billmate.merchantId,
        token,
        '{}',
      ]);
      const url = `${app.config.publicUrl}${SANDBOX_PATHS.billmate}/cardpay/${row!.number}/${token}`;
      const payment: Payment = { PaymentData: { ...pd, status: 'WaitingForPurchase', url }, Customer: data.Customer as Json, Articles: data.Articles as Json[], Cart: data.Cart as Payment['Cart'], credited: 0 };
      await save(row!.number, payment);
      return signed({ number: row!.number, status: 'WaitingForPurchase', orderid: pd.orderid ?? '', url });
    },

    getPaymentinfo: async (data) => {
      const row = await load(data.number);
      if (!row) return fail(5103, `Payment ${str(data.number)} was not found.`);
      const { credited: _credited, ...shown } = info(row.number, row.body);
      return signed(shown);
    },

    cancelPayment: async (data) => {
      const row = await load(data.number);
      if (!row) return fail(5103, `Payment ${str(data.number)} was not found.`);
      if (row.body.PaymentData.status !== 'WaitingForPurchase') return fail(5105, `The payment cannot be cancelled in status ${row.body.PaymentData.status}.`);
      await save(row.number, { ...row.body, PaymentData: { ...row.body.PaymentData, status: 'Cancelled' } });
      return signed({ number: row.number, orderid: row.body.PaymentData.orderid ?? '', status: 'Cancelled', url: row.body.PaymentData.url });
    },

    creditPayment: async (data) => {
      const pd = (data.PaymentData ?? {}) as Json;
      const row = await load(pd.number);
      if (!row) return fail(5103, `Payment ${str(pd.number)} was not found.`);
      if (row.body.PaymentData.status !== 'Paid') return fail(5106, `Only a paid payment can be credited (status ${row.body.PaymentData.status}).`);
      const left = Number(row.body.Cart.Total.withtax) - row.body.credited;
      const wanted = str(pd.partcredit) === 'true' ? Number((((data.Cart ?? {}) as Json).Total as Json | undefined)?.withtax) : left;
      if (!Number.isInteger(wanted) || wanted < 1) return fail(5107, 'Cart.Total.withtax of a part credit must be a positive whole number of minor units.');
      if (wanted > left) return fail(5108, `The credit (${wanted}) is more than what is left to credit (${left}).`);
      const credited = row.body.credited + wanted;
      await save(row.number, { ...row.body, credited, PaymentData: { ...row.body.PaymentData, status: credited === Number(row.body.Cart.Total.withtax) ? 'Credited' : 'Paid' } });
      const credit = await app.db.one<{ number: string }>(`insert into billmate_sandbox_payments (merchant_id, token, body) values ($1, '', $2) returning number::text as number`, [
        SANDBOX_CREDENTIALS.billmate.merchantId,
        JSON.stringify({ creditOf: row.number, amount: wanted }),
      ]);
      return signed({ number: credit!.number, orderid: row.body.PaymentData.orderid ?? '', status: 'Credited', url: '' });
    },
  };

  sandbox.post<{ Body: { credentials?: { id?: string; hash?: string }; data?: Json; function?: string } }>('/', async (request) => {
    const body = request.body ?? {};
    const valid = SANDBOX_CREDENTIALS.billmate;
    if (String(body.credentials?.id ?? '') !== valid.merchantId || !billmateSigned(secret, body.data ?? {}, String(body.credentials?.hash ?? ''))) {
      return fail(9013, 'Invalid credentials. Check your merchant id and secret.');
    }
    const fn = functions[String(body.function)];
    if (!fn || !Object.hasOwn(functions, String(body.function))) return fail(9015, `Unknown function: ${String(body.function)}`);
    return fn(body.data && typeof body.data === 'object' ? body.data : {});
  });

  // The card page.
  const open = async (number: string, token: string) => {
    const row = await load(number);
    return row && row.token.length === token.length && row.token === token ? row : undefined;
  };
  const payPage = (p: Payment, lang: ReturnType<typeof langOf>, error?: string) =>
    page(
      lang,
      T.payTitle[lang],
      cardForm(lang, {
        payee: 'Billmate Sandbox AB',
        amount: money(Number(p.Cart.Total.withtax), p.PaymentData.currency, lang),
        action: new URL(p.PaymentData.url).pathname,
        error,
        backHref: p.PaymentData.cancelurl,
        testCardsKey: 'testCardsNoAuth',
      }),
    );

  sandbox.get<{ Params: { number: string; token: string } }>('/cardpay/:number/:token', async (request, reply) => {
    const row = await open(request.params.number, request.params.token);
    const lang = langOf(row?.body.PaymentData.language, request);
    if (!row || row.body.PaymentData.status !== 'WaitingForPurchase') return html(reply, closedPage(lang), 404);
    return html(reply, payPage(row.body, lang));
  });

  sandbox.post<{ Params: { number: string; token: string }; Body: Record<string, string> }>('/cardpay/:number/:token', async (request, reply) => {
    const row = await open(request.params.number, request.params.token);
    const lang = langOf(row?.body.PaymentData.language, request);
    if (!row || row.body.PaymentData.status !== 'WaitingForPurchase') return html(reply, closedPage(lang), 404);
    const outcome = cardOutcome(request.body ?? {});
    if (outcome !== 'success') {
      const failure = CARD_ERRORS[outcome === 'authenticate' ? 'notTestCard' : outcome];
      return html(reply, payPage(row.body, lang, T[failure.key][lang]), failure.status);
    }
    const pd = { ...row.body.PaymentData, status: 'Paid' };
    await save(row.number, { ...row.body, PaymentData: pd });
    const data = { number: row.number, status: 'Paid', orderid: pd.orderid ?? '', url: pd.url };
    const { credentials } = signed(data);
    callBack(app, pd.callbackurl, `{"credentials":${JSON.stringify({ hash: credentials.hash })},"data":${phpJson(data)}}`, 'billmate');
    return reply.redirect(pd.accepturl, 303);
  });
}
