/**
 * Payments (issue 32) against the embedded providers: the official Stripe client talks HTTP to our
 * own /stripe-sandbox (so the server listens on a loopback port), Payson and Billmate to theirs.
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking } from '../../schema/bookings';
import type { PaymentApiSettings, PaymentApiTestResult, PaymentCheckout, PaymentSettings, StripeAccount, StripeConnectUrl } from '../../schema/payments';
import { releaseExpiredHolds } from '../../server/areas/bookings/index';
import { SANDBOX_CREDENTIALS } from '../../server/shared/paymentProviders';
import { initialStatus } from '../../server/areas/payments/port';
import { createTestServer, OTHER_EMAIL, OTHER_PASSWORD, type TestServer, listenOnLoopback } from './harness';
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

const settings = (over: Partial<PaymentSettings> = {}): PaymentSettings => ({
  StripeActive: true,
  PaysonActive: false,
  BillmateActive: false,
  Requirement: 'Full',
  DepositPercent: 30,
  OnlyServicesWithPayment: false,
  HoldMinutes: 30,
  DefaultPaymentOption: 'DefaultSetting',
  ...over,
});

/** Follows the sandbox's authorize page as the account holder does and answers code, scope and state. */
async function authorize(): Promise<{ code: string; scope: string; state: string }> {
  const res = await server.api({ method: 'GET', url: `/api/payment/stripe/v1/account/connect?RedirectUri=${encodeURIComponent(`${base}/stripe-auth`)}` });
  expect(res.statusCode, res.body).toBe(200);
  const url = new URL((res.json() as StripeConnectUrl).Url);
  const page = await fetch(url);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('Stripe');
  const form = new URLSearchParams({ state: url.searchParams.get('state')!, scope: url.searchParams.get('scope')!, redirect_uri: url.searchParams.get('redirect_uri')!, name: 'Padel Hallen AB', email: 'a@example.com', action: 'allow' });
  const back = await fetch(`${base}/stripe-sandbox/oauth/authorize`, { method: 'POST', body: form, redirect: 'manual' });
  expect(back.status).toBe(303);
  const to = new URL(back.headers.get('location')!);
  expect(to.pathname).toBe('/stripe-auth');
  return { code: to.searchParams.get('code')!, scope: to.searchParams.get('scope')!, state: to.searchParams.get('state')! };
}

/** Pays a checkout on the sandbox's hosted page with a card; answers the page's status and where it sends the browser. */
async function pay(checkoutUrl: string, card: string): Promise<{ status: number; location: string | null; text: string }> {
  const res = await fetch(checkoutUrl, { method: 'POST', body: new URLSearchParams({ card, expiry: '12/34', cvc: '123' }), redirect: 'manual' });
  return { status: res.status, location: res.headers.get('location'), text: await res.text() };
}

async function awaitingBooking(from: string): Promise<Booking> {
  const b = await book(server, { ServiceId: padel, CustomerId: seed.customerId, From: from, StatusId: 5 });
  expect(b.StatusId).toBe(5);
  expect(b.TotalPrice).toBeGreaterThan(0);
  return b;
}

async function checkoutOf(id: number): Promise<PaymentCheckout> {
  const res = await server.api({ method: 'POST', url: `/api/payment/bookings/${id}/checkout` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as PaymentCheckout;
}

describe('payment settings', () => {
  it('reads the defaults, saves, and refuses bad input naming the field', async () => {
    expect((await server.api({ method: 'GET', url: '/api/payment/settings' })).json()).toMatchObject({ Requirement: 'None', StripeActive: false, HoldMinutes: 30 });
    const put = await server.api({ method: 'PUT', url: '/api/payment/settings', payload: settings({ Requirement: 'Deposit', DepositPercent: 25, HoldMinutes: 45 }) });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ Requirement: 'Deposit', DepositPercent: 25, HoldMinutes: 45 });
    const bad = await server.api({ method: 'PUT', url: '/api/payment/settings', payload: settings({ DepositPercent: 0 }) });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toContain('DepositPercent');
    expect((await server.api({ method: 'GET', url: '/api/payment/settings' })).json()).toMatchObject({ DepositPercent: 25 });
  });
});

describe('Payson and Billmate API settings', () => {
  for (const provider of ['payson', 'billmate'] as const) {
    it(`${provider}: the test reports the provider's own refusal, then success; the secret is never sent back`, async () => {
      const valid = SANDBOX_CREDENTIALS[provider];
      const untested = await server.api({ method: 'POST', url: `/api/payment/${provider}/apisettings/test` });
      expect(untested.statusCode).toBe(400);
      const saved = await server.api({ method: 'POST', url: `/api/payment/${provider}/apisettings`, payload: { MerchantId: valid.merchantId, Secret: 'not-the-secret', TestMode: true } });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toEqual(expect.objectContaining({ MerchantId: valid.merchantId, HasSecret: true, TestMode: true } satisfies Partial<PaymentApiSettings>));
      const refused = (await server.api({ method: 'POST', url: `/api/payment/${provider}/apisettings/test` })).json() as PaymentApiTestResult;
      expect(refused.Success).toBe(false);
      expect(refused.Message).toMatch(provider === 'payson' ? /agent id or API key is not valid/ : /Invalid credentials/);

      await server.api({ method: 'PUT', url: `/api/payment/${provider}/apisettings`, payload: { MerchantId: valid.merchantId, Secret: valid.secret, TestMode: true } });
      const ok = (await server.api({ method: 'POST', url: `/api/payment/${provider}/apisettings/test` })).json() as PaymentApiTestResult;
      expect(ok.Success).toBe(true);
      // Left out, the secret stays.
      await server.api({ method: 'PUT', url: `/api/payment/${provider}/apisettings`, payload: { MerchantId: valid.merchantId, TestMode: true } });
      expect(((await server.api({ method: 'POST', url: `/api/payment/${provider}/apisettings/test` })).json() as PaymentApiTestResult).Success).toBe(true);

      const read = await server.api({ method: 'GET', url: `/api/payment/${provider}/apisettings` });
      expect(read.body).not.toContain(valid.secret);
      const stored = await server.db.one<{ secret: string }>('select secret from payment_api_settings where company_id = $1 and provider = $2', [seed.companyId, provider]);
      expect(stored!.secret).not.toContain(valid.secret);
    });
  }
});

describe('Stripe connect', () => {
  it('connects through the authorize page with a single-use state bound to the user', async () => {
    expect((await server.api({ method: 'GET', url: '/api/payment/stripe/v1/account' })).json()).toMatchObject({ Connected: false });
    const other = await server.login(OTHER_EMAIL, OTHER_PASSWORD);
    const stolen = await authorize();
    const elsewhere = await server.api({ method: 'POST', url: '/api/payment-settings/stripe-api/stripe-auth', token: other, payload: stolen });
    expect(elsewhere.statusCode).toBe(400);
    expect(fieldsOf(elsewhere)).toContain('state');

    const grant = await authorize();
    const res = await server.api({ method: 'POST', url: '/api/payment-settings/stripe-api/stripe-auth', payload: grant });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ Connected: true, Name: 'Padel Hallen AB', ChargesEnabled: true } satisfies Partial<StripeAccount>);
    expect((res.json() as StripeAccount).AccountId).toMatch(/^acct_/);
    const again = await server.api({ method: 'POST', url: '/api/payment-settings/stripe-api/stripe-auth', payload: grant });
    expect(again.statusCode).toBe(400);
    expect((await server.api({ method: 'GET', url: '/api/payment/stripe/v1/account' })).json()).toMatchObject({ Connected: true, Name: 'Padel Hallen AB', Stale: false });
  });
});

describe('a customer pays', () => {
  it('pays with the success card: the signed event marks the booking paid once, a replay and a forgery change nothing', async () => {
    await server.api({ method: 'PUT', url: '/api/payment/settings', payload: settings({ Requirement: 'Full' }) });
    const b = await awaitingBooking('2030-04-02T10:00:00');
    // The outbox makes the checkout after the commit.
    await expect.poll(async () => (await server.db.one<{ n: number }>('select count(*)::int as n from payment_checkouts where booking_id = $1', [b.Id]))!.n, { timeout: 15_000 }).toBe(1);
    const c = await checkoutOf(b.Id);
    expect(c).toMatchObject({ Amount: b.TotalPrice, Deposit: false });
    expect((await server.db.one<{ n: number }>('select count(*)::int as n from payment_checkouts where booking_id = $1', [b.Id]))!.n).toBe(1);

    const link = await fetch(c.PayUrl, { redirect: 'manual' });
    expect(link.status).toBe(303);
    expect(link.headers.get('location')).toBe(c.Url);
    expect(await (await fetch(c.Url)).text()).toContain('4242 4242 4242 4242');

    const paid = await pay(c.Url, '4242 4242 4242 4242');
    expect(paid.status).toBe(303);
    expect(paid.location).toBe(`${c.PayUrl}/done`);
    await expect.poll(async () => (await getBooking(server, b.Id)).StatusId, { timeout: 15_000 }).toBe(7);
    const after = await getBooking(server, b.Id);
    expect(after.PaidAmount).toBe(b.TotalPrice);
    expect(after.PaymentLog).toEqual([expect.objectContaining({ Amount: b.TotalPrice })]);

    // The same event again (signed anew, as Stripe's retries are) pays once.
    const event = await server.db.one<{ body: unknown }>(`select body from stripe_sandbox_events where body->'data'->'object'->>'url' = $1`, [c.Url]);
    const payload = JSON.stringify(event!.body);
    const t = Math.floor(Date.now() / 1000);
    const sign = (secret: string) => `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${payload}`).digest('hex')}`;
    const replay = await server.app.inject({ method: 'POST', url: '/api/payment/stripe/webhook', payload, headers: { 'content-type': 'application/json', 'stripe-signature': sign(server.config.stripe.webhookSecret) } });
    expect(replay.statusCode, replay.body).toBe(200);
    expect(replay.json()).toEqual({ Received: true, Duplicate: true });
    expect((await getBooking(server, b.Id)).PaymentLog).toHaveLength(1);

    const forged = await server.app.inject({ method: 'POST', url: '/api/payment/stripe/webhook', payload: payload.replace(/evt_\w+/, 'evt_forged'), headers: { 'content-type': 'application/json', 'stripe-signature': sign('whsec_guessed') } });
    expect(forged.statusCode).toBe(400);
    expect(await server.db.one<{ n: number }>(`select count(*)::int as n from payment_notifications where event_id = 'evt_forged'`)).toEqual({ n: 0 });
    expect((await getBooking(server, b.Id)).PaymentLog).toHaveLength(1);
  });

  it('a declined card leaves the booking awaiting payment and the release job frees it at its deadline', async () => {
    const b = await awaitingBooking('2030-04-02T12:00:00');
    const c = await checkoutOf(b.Id);
    const declined = await pay(c.Url, '4000 0000 0000 0002');
    expect(declined.status).toBe(402);
    expect(declined.text).toContain('Ditt kort nekades.');
    expect((await getBooking(server, b.Id)).StatusId).toBe(5);
    await releaseExpiredHolds(server.app, new Date(Date.now() + 2 * 3600_000));
    const released = await getBooking(server, b.Id);
    expect(released.StatusId).toBe(2);
    expect(released.PaidAmount).toBe(0);
  });

  it('a card that needs authentication pays once authenticated', async () => {
    const b = await awaitingBooking('2030-04-02T14:00:00');
    const c = await checkoutOf(b.Id);
    const step = await pay(c.Url, '4000002500003155');
    expect(step.status).toBe(303);
    const auth = `${base}${step.location}`;
    const failed = await fetch(auth, { method: 'POST', body: new URLSearchParams({ action: 'fail' }), redirect: 'manual' });
    expect(failed.status).toBe(402);
    const done = await fetch(auth, { method: 'POST', body: new URLSearchParams({ action: 'complete' }), redirect: 'manual' });
    expect(done.status).toBe(303);
    await expect.poll(async () => (await getBooking(server, b.Id)).StatusId, { timeout: 15_000 }).toBe(7);
  });

  it('a deposit of 30 % is asked and recorded as partly paid; half of it is refunded at the provider', async () => {
    await server.api({ method: 'PUT', url: '/api/payment/settings', payload: settings({ Requirement: 'Deposit', DepositPercent: 30 }) });
    const b = await awaitingBooking('2030-04-02T16:00:00');
    const c = await checkoutOf(b.Id);
    const deposit = Math.ceil(b.TotalPrice * 100 * 0.3) / 100;
    expect(c).toMatchObject({ Amount: deposit, Deposit: true });
    await pay(c.Url, '4242424242424242');
    await expect.poll(async () => (await getBooking(server, b.Id)).PaidAmount, { timeout: 15_000 }).toBe(deposit);
    const paid = await getBooking(server, b.Id);
    expect(paid.StatusId).toBe(1);

    const paymentId = paid.PaymentLog[0]!.Id;
    const half = Math.round(deposit * 50) / 100;
    const refund = await server.api({ method: 'PUT', url: `/api/bookings/${b.Id}/refund/${paymentId}`, payload: { Amount: half } });
    expect(refund.statusCode, refund.body).toBe(200);
    await expect.poll(async () => (await server.db.one<{ status: string }>('select status from payment_refunds where company_id = $1 order by booking_payment_id desc limit 1', [seed.companyId]))?.status, { timeout: 15_000 }).toBe('succeeded');
    const atProvider = await server.db.one<{ amount: number }>('select amount::float8 as amount from stripe_sandbox_refunds order by created desc limit 1');
    expect(atProvider!.amount).toBe(Math.round(half * 100));
    expect((await getBooking(server, b.Id)).PaidAmount).toBe(Math.round((deposit - half) * 100) / 100);
  });

  it('a provider that is down never fails a booking: it waits awaiting payment, the pay link says so, the account shows as last saved', async () => {
    server.config.stripe.apiUrl = 'http://127.0.0.1:9/stripe-sandbox';
    try {
      const b = await awaitingBooking('2030-04-03T10:00:00');
      const checkout = await server.api({ method: 'POST', url: `/api/payment/bookings/${b.Id}/checkout` });
      expect(checkout.statusCode).toBe(503);
      expect(fieldsOf(checkout)).toContain('Provider');
      expect((await getBooking(server, b.Id)).StatusId).toBe(5);
      const token = await server.db.one<{ token: string }>('select token from payment_links where booking_id = $1', [b.Id]);
      expect((await fetch(`${base}/api/payment/pay/${token!.token}`, { redirect: 'manual' })).status).toBe(503);
      expect((await server.api({ method: 'GET', url: '/api/payment/stripe/v1/account' })).json()).toMatchObject({ Connected: true, Name: 'Padel Hallen AB', Stale: true });
    } finally {
      server.config.stripe.apiUrl = null;
    }
  });

  it('canceling the booking expires its open checkout session at Stripe, whose page then refuses payment', async () => {
    await server.api({ method: 'PUT', url: '/api/payment/settings', payload: settings({ Requirement: 'Full' }) });
    const b = await awaitingBooking('2030-04-03T14:00:00');
    const c = await checkoutOf(b.Id);
    expect((await fetch(c.Url)).status).toBe(200);
    const canceled = await server.api({ method: 'DELETE', url: `/api/bookings/${b.Id}` });
    expect(canceled.statusCode, canceled.body).toBe(200);
    const status = async () => (await server.db.one<{ status: string }>(`select body->>'status' as status from stripe_sandbox_sessions where body->>'url' = $1`, [c.Url]))?.status;
    await expect.poll(status, { timeout: 15_000 }).toBe('expired');
    expect((await fetch(c.Url)).status).toBe(404);
    expect((await pay(c.Url, '4242 4242 4242 4242')).status).toBe(404);
    expect((await getBooking(server, b.Id)).PaymentLog).toEqual([]);
  });

  it('tells bookings when a new booking waits for payment (app.payments.initialStatus)', async () => {
    await server.api({ method: 'PUT', url: '/api/payment/settings', payload: settings({ Requirement: 'Full' }) });
    expect(await initialStatus(server.db, seed.companyId, padel, 'DefaultSetting')).toBe(5);
    expect(await initialStatus(server.db, seed.companyId, padel, 'BookWithoutPayment')).toBeNull();
    await server.api({ method: 'PUT', url: '/api/payment/settings', payload: settings({ Requirement: 'None' }) });
    expect(await initialStatus(server.db, seed.companyId, padel, 'DefaultSetting')).toBeNull();
    expect(await initialStatus(server.db, seed.companyId, padel, 'BookWithPaymentMessageToCustomer')).toBe(5);
  });

  it('a booking made without a status waits for payment when the settings ask for it, and not when booked without payment', async () => {
    await server.api({ method: 'PUT', url: '/api/payment/settings', payload: settings({ Requirement: 'Full' }) });
    try {
      // Mails link only to https (spec), as a real server's address is: the confirmation is made under one.
      const publicUrl = server.config.publicUrl;
      server.config.publicUrl = 'https://booking.example.com';
      let asked: Booking;
      try {
        asked = await book(server, { ServiceId: padel, CustomerId: seed.customerId, From: '2030-04-04T10:00:00' });
        expect(asked.StatusId).toBe(5);
        await server.app.jobs.drain();
      } finally {
        server.config.publicUrl = publicUrl;
      }
      // Its confirmation carries the customer's pay link ({{ Booking.PaymentLink }} of the default template).
      const link = await server.db.one<{ token: string }>('select token from payment_links where booking_id = $1', [asked.Id]);
      expect(link?.token).toBeTruthy();
      const mails = await server.db.query<{ html_body: string }>('select html_body from mail_outbox where html_body like $1', [`%href="https://booking.example.com/api/payment/pay/${link!.token}"%`]);
      expect(mails).toHaveLength(1);
      const without = await book(server, { ServiceId: padel, CustomerId: seed.customerId, From: '2030-04-04T12:00:00', PaymentOption: 'BookWithoutPayment' });
      expect(without.StatusId).not.toBe(5);
    } finally {
      await server.api({ method: 'PUT', url: '/api/payment/settings', payload: settings({ Requirement: 'None' }) });
    }
  });

  it('disconnects the account', async () => {
    const res = await server.api({ method: 'DELETE', url: '/api/payment/stripe/v1/account' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ Connected: false });
    expect(await server.db.one<{ n: number }>('select count(*)::int as n from stripe_sandbox_grants where redeemed is not null and revoked is null')).toEqual({ n: 0 });
  });
});
