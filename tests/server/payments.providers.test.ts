/**
 * Payson and Billmate take payments (issue 32) through their REST shapes, against the embedded test
 * modes our own server serves (/payson-sandbox, /billmate-sandbox), so the server listens on a
 * loopback port: the pay link, the provider's card page, its callback (Payson's re-read from Payson,
 * Billmate's hashed), refunds and expiry through the outbox.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking } from '../../schema/bookings';
import type { PaymentCheckout, PaymentSettings } from '../../schema/payments';
import { billmateHash, phpJson } from '../../server/shared/billmateJson';
import { SANDBOX_CREDENTIALS, SANDBOX_PATHS } from '../../server/shared/paymentProviders';
import { createTestServer, type TestServer, listenOnLoopback } from './harness';
import { book, fieldsOf, getBooking, seedIds, type Seed } from './bookings/helpers';

let server: TestServer;
let seed: Seed;
let padel: number;
let base: string;

beforeAll(async () => {
  server = await createTestServer();
  base = await listenOnLoopback(server);
  seed = await seedIds(server);
  padel = seed.services.get('Padel 60 min')!;
});
afterAll(async () => server?.close());

const LABEL = { payson: 'Payson', billmate: 'Billmate' } as const;
type Provider = keyof typeof LABEL;

const settings = (provider: Provider, over: Partial<PaymentSettings> = {}): PaymentSettings => ({
  StripeActive: false,
  PaysonActive: provider === 'payson',
  BillmateActive: provider === 'billmate',
  Requirement: 'Full',
  DepositPercent: 30,
  OnlyServicesWithPayment: false,
  HoldMinutes: 30,
  DefaultPaymentOption: 'DefaultSetting',
  DefaultProvider: LABEL[provider],
  ...over,
});

const count = async (sql: string, params: (string | number)[] = []) => (await server.db.one<{ n: number }>(`select count(*)::int as n from (${sql}) x`, params))!.n;

async function awaitingBooking(from: string): Promise<Booking> {
  const b = await book(server, { ServiceId: padel, CustomerId: seed.customerId, From: from, StatusId: 5 });
  expect(b.StatusId).toBe(5);
  expect(b.TotalPrice).toBeGreaterThan(0);
  return b;
}

/** The booking's checkout: the one the outbox made after the booking's commit. */
async function checkoutOf(id: number): Promise<PaymentCheckout> {
  await expect.poll(() => count('select 1 from payment_checkouts where booking_id = $1', [id]), { timeout: 15_000 }).toBe(1);
  const res = await server.api({ method: 'POST', url: `/api/payment/bookings/${id}/checkout` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as PaymentCheckout;
}

/** The provider's card page a customer reaches from the pay link: Payson's in our page's frame, Billmate's by a redirect. */
async function cardPage(c: PaymentCheckout): Promise<string> {
  const link = await fetch(c.PayUrl, { redirect: 'manual' });
  if (c.Provider === 'Billmate') {
    expect(link.status).toBe(303);
    expect(link.headers.get('location')).toBe(c.Url);
    return c.Url;
  }
  expect(link.status).toBe(200);
  expect(c.Url).toBe(c.PayUrl);
  const html = await link.text();
  expect(link.headers.get('content-security-policy')).toContain(`frame-src 'self' ${base}`);
  const src = /<iframe[^>]* src="([^"]+)"/.exec(html)?.[1];
  expect(src, html).toMatch(/\/payson-sandbox\/checkout\//);
  return src!;
}

async function pay(page: string, card: string): Promise<{ status: number; location: string | null; text: string }> {
  const res = await fetch(page, { method: 'POST', body: new URLSearchParams({ card, expiry: '12/34', cvc: '123' }), redirect: 'manual' });
  return { status: res.status, location: res.headers.get('location'), text: await res.text() };
}

/** The checkout's id at the provider (Payson's checkout, Billmate's payment number). */
const sessionOf = async (bookingId: number) => (await server.db.one<{ session_id: string }>('select session_id from payment_checkouts where booking_id = $1 order by id desc limit 1', [bookingId]))!.session_id;

/** The provider's callback as it sends it again (Payson names the checkout; Billmate signs the data with the secret given). */
async function callback(provider: Provider, session: string, secret: string = SANDBOX_CREDENTIALS.billmate.secret) {
  if (provider === 'payson') return server.app.inject({ method: 'POST', url: `/api/payment/payson/notification?checkout=${session}` });
  const payment = await server.db.one<{ body: { PaymentData: { orderid: string; url: string } } }>('select body from billmate_sandbox_payments where number = $1', [session]);
  const data = { number: session, status: 'Paid', orderid: payment!.body.PaymentData.orderid, url: payment!.body.PaymentData.url };
  return server.app.inject({
    method: 'POST',
    url: '/api/payment/billmate/callback',
    headers: { 'content-type': 'application/json' },
    payload: `{"credentials":{"hash":"${billmateHash(secret, phpJson(data))}"},"data":${phpJson(data)}}`,
  });
}

/** The checkout's state at the provider, as the provider's test mode keeps it. */
async function atProvider(provider: Provider, session: string): Promise<{ status: string; credited: number }> {
  if (provider === 'payson') {
    const row = await server.db.one<{ body: { status: string; order: { totalCreditedAmount: number } } }>('select body from payson_sandbox_checkouts where id = $1', [session]);
    return { status: row!.body.status, credited: Math.round(row!.body.order.totalCreditedAmount * 100) };
  }
  const row = await server.db.one<{ body: { PaymentData: { status: string }; credited: number } }>('select body from billmate_sandbox_payments where number = $1', [session]);
  return { status: row!.body.PaymentData.status, credited: row!.body.credited };
}

describe('the default provider', () => {
  it('must be one of the active providers', async () => {
    const bad = await server.api({ method: 'PUT', url: '/api/payment/settings', payload: settings('payson', { PaysonActive: false, BillmateActive: true }) });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toContain('DefaultProvider');
    expect((await server.api({ method: 'GET', url: '/api/payment/settings' })).json()).toMatchObject({ PaysonActive: false, DefaultProvider: null });
  });
});

let hour = 8;
const nextSlot = (day: string) => `${day}T${String(hour++).padStart(2, '0')}:00:00`;

for (const provider of ['payson', 'billmate'] as const) {
  const day = provider === 'payson' ? '2030-05-06' : '2030-05-07';

  describe(`${LABEL[provider]} takes payments`, () => {
    beforeAll(async () => {
      hour = 8;
      const valid = SANDBOX_CREDENTIALS[provider];
      const saved = await server.api({ method: 'POST', url: `/api/payment/${provider}/apisettings`, payload: { MerchantId: valid.merchantId, Secret: valid.secret, TestMode: true } });
      expect(saved.statusCode, saved.body).toBe(200);
      const put = await server.api({ method: 'PUT', url: '/api/payment/settings', payload: settings(provider) });
      expect(put.statusCode, put.body).toBe(200);
    });

    it('pays with the test card: the verified callback marks the booking paid, and the same callback again pays once', async () => {
      const b = await awaitingBooking(nextSlot(day));
      // The outbox makes the checkout at the provider after the commit.
      await expect.poll(() => count(`select 1 from payment_checkouts where booking_id = $1 and provider = $2`, [b.Id, provider]), { timeout: 15_000 }).toBe(1);
      const c = await checkoutOf(b.Id);
      expect(await count('select 1 from payment_checkouts where booking_id = $1', [b.Id])).toBe(1);
      expect(c).toMatchObject({ Provider: LABEL[provider], Amount: b.TotalPrice, Deposit: false });
      const page = await cardPage(c);
      expect(await (await fetch(page)).text()).toContain('4242 4242 4242 4242');

      const paid = await pay(page, '4242 4242 4242 4242');
      expect(paid.status).toBe(303);
      expect(paid.location).toBe(`${c.PayUrl}/done`);
      await expect.poll(async () => (await getBooking(server, b.Id)).StatusId, { timeout: 15_000 }).toBe(7);
      const after = await getBooking(server, b.Id);
      expect(after.PaidAmount).toBe(b.TotalPrice);
      expect(after.PaymentLog).toEqual([expect.objectContaining({ Amount: b.TotalPrice, Comment: expect.stringContaining(LABEL[provider]) })]);
      // Payson pays an order out only once it is shipped: the booking's order is shipped once paid.
      if (provider === 'payson') await expect.poll(async () => (await atProvider(provider, await sessionOf(b.Id))).status, { timeout: 15_000 }).toBe('shipped');

      const replay = await callback(provider, await sessionOf(b.Id));
      expect(replay.statusCode, replay.body).toBe(200);
      expect(replay.json()).toEqual({ Received: true, Duplicate: true });
      expect((await getBooking(server, b.Id)).PaymentLog).toHaveLength(1);
      // Paid, its page is closed.
      expect((await fetch(page)).status).toBe(404);
    });

    it('a declined card leaves the booking awaiting payment', async () => {
      const b = await awaitingBooking(nextSlot(day));
      const page = await cardPage(await checkoutOf(b.Id));
      const declined = await pay(page, '4000 0000 0000 0002');
      expect(declined.status).toBe(402);
      expect(declined.text).toContain('Ditt kort nekades.');
      expect(await atProvider(provider, await sessionOf(b.Id))).toMatchObject({ status: provider === 'payson' ? 'created' : 'WaitingForPurchase' });
      const after = await getBooking(server, b.Id);
      expect(after.StatusId).toBe(5);
      expect(after.PaymentLog).toEqual([]);
    });

    it('a forged callback is refused with 400 and writes nothing', async () => {
      const b = await awaitingBooking(nextSlot(day));
      await checkoutOf(b.Id);
      const session = await sessionOf(b.Id);
      const before = await count('select 1 from payment_notifications');
      if (provider === 'payson') {
        // Payson's notification names a checkout only: one Payson does not know of us is refused …
        const unknown = await server.app.inject({ method: 'POST', url: '/api/payment/payson/notification?checkout=6a1f7a54-0000-4000-8000-000000000000' });
        expect(unknown.statusCode).toBe(400);
        expect(fieldsOf(unknown)).toEqual(['checkout']);
        // … and one that is ours is read again from Payson, which says it is not paid.
        expect((await callback(provider, session)).statusCode).toBe(200);
      } else {
        const forged = await callback(provider, session, 'guessed-secret');
        expect(forged.statusCode).toBe(400);
        expect(fieldsOf(forged)).toEqual(['credentials.hash']);
        expect(await count('select 1 from payment_notifications')).toBe(before);
      }
      const after = await getBooking(server, b.Id);
      expect(after.StatusId).toBe(5);
      expect(after.PaymentLog).toEqual([]);
      const eventIds = provider === 'payson' ? `${session}:%` : `${seed.companyId}:${session}:%`;
      expect(await count(`select 1 from payment_notifications where outcome = 'handled' and event_id like $1`, [eventIds])).toBe(0);
    });

    it('refunds half of a payment at the provider', async () => {
      const b = await awaitingBooking(nextSlot(day));
      const page = await cardPage(await checkoutOf(b.Id));
      await pay(page, '4242424242424242');
      await expect.poll(async () => (await getBooking(server, b.Id)).StatusId, { timeout: 15_000 }).toBe(7);
      const paid = await getBooking(server, b.Id);
      const half = Math.round(b.TotalPrice * 50) / 100;
      const refund = await server.api({ method: 'PUT', url: `/api/bookings/${b.Id}/refund/${paid.PaymentLog[0]!.Id}`, payload: { Amount: half } });
      expect(refund.statusCode, refund.body).toBe(200);
      const entry = (await getBooking(server, b.Id)).PaymentLog.find((p) => p.Kind === 'Refund')!;
      await expect
        .poll(async () => (await server.db.one<{ status: string }>('select status from payment_refunds where booking_payment_id = $1', [entry.Id]))?.status, { timeout: 15_000 })
        .toBe('succeeded');
      expect(await atProvider(provider, await sessionOf(b.Id))).toMatchObject({ credited: Math.round(half * 100), status: provider === 'payson' ? 'shipped' : 'Paid' });
      const after = await getBooking(server, b.Id);
      expect(after.PaidAmount).toBe(Math.round((b.TotalPrice - half) * 100) / 100);
      // The payment log says where the provider's refund stands; the payment itself has none.
      expect(after.PaymentLog.map((p) => [p.Kind, p.ProviderRefund])).toEqual([
        ['Payment', null],
        ['Refund', { Status: 'Succeeded', Message: null }],
      ]);
    });

    if (provider === 'billmate') {
      it('does not send a refund again when the answer to its try was lost: Billmate credits once, and the log says to check there', async () => {
        const b = await awaitingBooking(nextSlot(day));
        await pay(await cardPage(await checkoutOf(b.Id)), '4242424242424242');
        await expect.poll(async () => (await getBooking(server, b.Id)).StatusId, { timeout: 15_000 }).toBe(7);
        // Between us and Billmate, a connection that drops the answer to the credit once it has been made.
        const target = `${base}${SANDBOX_PATHS.billmate}/`;
        let credits = 0;
        const proxy = createServer(async (req, res) => {
          const body = await new Promise<string>((resolve) => {
            let text = '';
            req.on('data', (c: Buffer) => (text += c.toString()));
            req.on('end', () => resolve(text));
          });
          const answer = await fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
          const text = await answer.text();
          if ((JSON.parse(body) as { function: string }).function === 'creditPayment') {
            credits++;
            req.socket.destroy();
            return;
          }
          res.writeHead(answer.status, { 'content-type': 'application/json' }).end(text);
        });
        await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
        const was = process.env.BILLMATE_API_URL;
        process.env.BILLMATE_API_URL = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/`;
        try {
          const paid = await getBooking(server, b.Id);
          const refund = await server.api({ method: 'PUT', url: `/api/bookings/${b.Id}/refund/${paid.PaymentLog[0]!.Id}`, payload: {} });
          expect(refund.statusCode, refund.body).toBe(200);
          const entry = () => getBooking(server, b.Id).then((x) => x.PaymentLog.find((p) => p.Kind === 'Refund')!);
          // The outbox tries again after its retry delay and finds the try's outcome unknown.
          await expect.poll(async () => (await entry()).ProviderRefund?.Status, { timeout: 30_000, interval: 500 }).toBe('Unknown');
          expect(credits).toBe(1);
          expect((await atProvider(provider, await sessionOf(b.Id))).credited).toBe(Math.round(b.TotalPrice * 100));
        } finally {
          if (was === undefined) delete process.env.BILLMATE_API_URL;
          else process.env.BILLMATE_API_URL = was;
          proxy.close();
        }
      });
    }

    it('canceling the booking closes its checkout at the provider, whose page then refuses payment', async () => {
      const b = await awaitingBooking(nextSlot(day));
      const page = await cardPage(await checkoutOf(b.Id));
      const session = await sessionOf(b.Id);
      const canceled = await server.api({ method: 'DELETE', url: `/api/bookings/${b.Id}` });
      expect(canceled.statusCode, canceled.body).toBe(200);
      await expect.poll(async () => (await atProvider(provider, session)).status, { timeout: 15_000 }).toBe(provider === 'payson' ? 'canceled' : 'Cancelled');
      expect((await fetch(page)).status).toBe(404);
      expect((await pay(page, '4242 4242 4242 4242')).status).toBe(404);
      expect((await getBooking(server, b.Id)).PaymentLog).toEqual([]);
    });
  });
}
