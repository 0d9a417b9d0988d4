import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_CREDENTIALS } from '../../server/shared/paymentProviders';
import { startE2e, type E2eEnv } from './harness';

/** A token of the password grant (api-users), for setting up data as a script would. */
async function apiToken(env: E2eEnv): Promise<string> {
  const res = await env.app.inject({
    method: 'POST',
    url: '/realms/booking-admin/protocol/openid-connect/token',
    payload: new URLSearchParams({ grant_type: 'password', client_id: 'api-users', username: 'demo@example.com', password: 'demo' }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  return (res.json() as { access_token: string }).access_token;
}

/** An API call as a script makes it, with the demo administrator's token. */
async function call(env: E2eEnv, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
  const res = await env.app.inject({ method, url, payload: payload as Record<string, unknown>, headers: { accept: 'application/json', authorization: `Bearer ${await apiToken(env)}` } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Record<string, unknown>;
}

/** Payson set up as the provider customers pay at, with the test mode's credentials; the whole price asked. */
async function usePayson(env: E2eEnv): Promise<void> {
  const valid = SANDBOX_CREDENTIALS.payson;
  await call(env, 'POST', '/api/payment/payson/apisettings', { MerchantId: valid.merchantId, Secret: valid.secret, TestMode: true });
  const settings = await call(env, 'GET', '/api/payment/settings');
  await call(env, 'PUT', '/api/payment/settings', { ...settings, PaysonActive: true, Requirement: 'Full', DefaultProvider: 'Payson' });
}

/** A booking of the demo company awaiting payment, in `days` days at `time`. */
async function awaitingBooking(env: E2eEnv, days: number, time: string): Promise<number> {
  const padel = await env.db.one<{ id: number }>("select id from services where name = 'Padel 60 min' limit 1");
  const customer = await env.db.one<{ id: number }>("select c.id from customers c join users u on u.company_id = c.company_id where u.email = 'demo@example.com' order by c.id limit 1");
  const day = new Date(Date.now() + days * 86400_000).toISOString().slice(0, 10);
  const booking = await call(env, 'POST', '/api/bookings', { ServiceId: padel!.id, CustomerId: customer!.id, From: `${day}T${time}`, StatusId: 5, AllowBookingOutsideSchedules: true });
  return booking.Id as number;
}

const sideways = (env: E2eEnv) => env.page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1);

/**
 * Payments as an administrator and a customer meet them (issue 32), with the embedded Stripe test
 * mode: connect the account through its authorize page, a booking that awaits payment gets a link,
 * the customer pays with the test card on the hosted checkout, the booking is paid with the payment
 * in its log, and half is refunded at the provider from the booking page.
 */
describe('an administrator connects Stripe and a customer pays a booking', () => {
  let env: E2eEnv;
  let bookingId = 0;

  beforeAll(async () => {
    env = await startE2e({ locale: 'sv-SE' });
    await env.login();
  });

  afterAll(async () => {
    await env?.close();
  });

  it('connects the sandbox Stripe account and asks for the whole price', async () => {
    const { page, baseUrl } = env;
    await page.goto(`${baseUrl}/payment-settings#stripe-api`);
    await page.getByText('Inget Stripe-konto är anslutet.').waitFor();
    await env.screenshot('payments-stripe-not-connected-sv');
    await page.getByRole('button', { name: 'Anslut Stripe' }).click();
    await page.getByRole('heading', { name: 'Anslut ditt Stripe-konto' }).waitFor();
    await env.screenshot('payments-sandbox-authorize-sv');
    await page.getByRole('button', { name: 'Anslut', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/payment-settings' && url.hash === '#stripe-api', { timeout: 30000 });
    await page.getByRole('heading', { name: 'Sandbox Studio AB' }).waitFor({ timeout: 15000 });
    expect(await page.locator('main').innerText()).toContain('Tar emot betalningar');
    await env.screenshot('payments-stripe-connected-sv');

    await page.goto(`${baseUrl}/payment-settings#general`);
    await page.getByRole('combobox', { name: /Bokningar kräver betalning/ }).click();
    await page.getByRole('option', { name: 'Hela priset' }).click();
    await page.getByRole('button', { name: 'Spara' }).click();
    await page.getByText('Inställningarna sparades').waitFor({ timeout: 15000 });
    await env.screenshot('payments-general-sv');
    const row = await env.db.one<{ requirement: string; stripe_active: boolean }>('select requirement, stripe_active from payment_settings limit 1');
    expect(row).toEqual({ requirement: 'Full', stripe_active: true });
  });

  it('the customer pays with the test card; the booking is paid with the payment in its log', async () => {
    const { page, baseUrl } = env;
    const padel = await env.db.one<{ id: number }>("select id from services where name = 'Padel 60 min' limit 1");
    const customer = await env.db.one<{ id: number }>("select c.id from customers c join users u on u.company_id = c.company_id where u.email = 'demo@example.com' order by c.id limit 1");
    const day = new Date(Date.now() + 9 * 86400_000).toISOString().slice(0, 10);
    const res = await env.app.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: { ServiceId: padel!.id, CustomerId: customer!.id, From: `${day}T09:00:00`, StatusId: 5, AllowBookingOutsideSchedules: true },
      headers: { accept: 'application/json', authorization: `Bearer ${await apiToken(env)}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    bookingId = (res.json() as { Id: number }).Id;

    await page.goto(`${baseUrl}/bookings/${bookingId}`);
    await page.getByRole('button', { name: 'Betalningslänk' }).click();
    const link = page.getByRole('link', { name: 'Öppna betalningen' });
    await link.waitFor({ timeout: 15000 });
    await env.screenshot('payments-booking-link-sv');
    const checkoutUrl = (await link.getAttribute('href'))!;

    await page.goto(checkoutUrl);
    await page.getByLabel('Kortnummer').fill('4000 0000 0000 0002');
    await page.getByLabel('Giltigt till (MM/ÅÅ)').fill('12/34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: /^Betala / }).click();
    await page.getByText('Ditt kort nekades.').waitFor();
    await env.screenshot('payments-sandbox-declined-sv');

    await page.getByLabel('Kortnummer').fill('4242 4242 4242 4242');
    await page.getByLabel('Giltigt till (MM/ÅÅ)').fill('12/34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: /^Betala / }).click();
    await page.getByRole('heading', { name: 'Tack för din betalning' }).waitFor({ timeout: 15000 });

    await expect.poll(async () => (await env.db.one<{ status_id: number }>('select status_id from bookings where id = $1', [bookingId]))?.status_id, { timeout: 20000 }).toBe(7);
    await page.goto(`${baseUrl}/bookings/${bookingId}`);
    const payment = page.getByText(/Betald hos Stripe/);
    await payment.waitFor({ timeout: 15000 });
    expect(await page.locator('main').innerText()).toContain('Betald');
    await env.screenshot('payments-booking-paid-sv');
  });

  it('refunds half from the booking page: logged, made at the provider, and the amount left shown', async () => {
    const { page } = env;
    const paid = await env.db.one<{ total: number }>('select total_price_minor::float8 / 100 as total from bookings where id = $1', [bookingId]);
    const half = paid!.total / 2;
    await page.getByRole('button', { name: 'Återbetala', exact: true }).click();
    const amount = page.getByRole('textbox', { name: /Belopp att återbetala/ });
    await amount.fill(String(half));
    await page.getByRole('button', { name: /^Återbetala \d/ }).click();
    await page.getByText(/^Återbetalning ·/).waitFor({ timeout: 15000 });
    await expect.poll(async () => (await env.db.one<{ status: string }>('select status from payment_refunds order by updated desc limit 1'))?.status, { timeout: 20000 }).toBe('succeeded');
    const atProvider = await env.db.one<{ amount: number }>('select amount::float8 / 100 as amount from stripe_sandbox_refunds limit 1');
    expect(atProvider!.amount).toBe(half);
    await page.reload();
    await page.getByText(/^Återbetalning ·/).waitFor({ timeout: 15000 });
    expect(await page.locator('main').innerText()).toMatch(new RegExp(`${half}\\s?kr betalt`));
    // The log says the provider made the refund, not only that it was asked for.
    await page.getByText('Återbetald av betalleverantören').waitFor();
    await env.screenshot('payments-booking-refunded-sv');
  });
});

describe('the payment settings at phone width, in English', () => {
  let env: E2eEnv;

  beforeAll(async () => {
    env = await startE2e({ locale: 'en-GB', width: 390, height: 844 });
    await env.login();
  });

  afterAll(async () => {
    await env?.close();
  });

  it('shows every tab without scrolling sideways, and Payson’s test with the provider’s own text', async () => {
    const { page, baseUrl } = env;
    const sideways = () => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1);
    await page.goto(`${baseUrl}/payment-settings#general`);
    await page.getByRole('combobox', { name: /Bookings require payment/ }).waitFor();
    expect(await sideways()).toBe(false);
    await env.screenshot('payments-general-en-390');
    await page.goto(`${baseUrl}/payment-settings#stripe-api`);
    await page.getByRole('button', { name: 'Connect Stripe' }).waitFor();
    expect(await sideways()).toBe(false);
    await env.screenshot('payments-stripe-en-390');
    await page.goto(`${baseUrl}/payment-settings#payson`);
    await page.getByLabel(/Agent id/).fill('4');
    await page.getByLabel(/API key/).fill('wrong-key');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The settings were saved').waitFor({ timeout: 15000 });
    await page.getByRole('button', { name: 'Test' }).click();
    await page.getByText(/The provider did not accept the credentials: Unauthorized/).waitFor({ timeout: 15000 });
    expect(await sideways()).toBe(false);
    await env.screenshot('payments-payson-en-390');
  });
});

describe('a customer pays with Payson in its checkout, at phone width', () => {
  let env: E2eEnv;

  beforeAll(async () => {
    env = await startE2e({ locale: 'sv-SE', width: 390, height: 844 });
    await usePayson(env);
  });

  afterAll(async () => {
    await env?.close();
  });

  it('the pay link frames Payson’s checkout; a declined card stays awaiting payment, the test card pays and the booking page shows it', async () => {
    const { page, baseUrl } = env;
    const bookingId = await awaitingBooking(env, 10, '10:00:00');
    const checkout = await call(env, 'POST', `/api/payment/bookings/${bookingId}/checkout`);
    expect(checkout).toMatchObject({ Provider: 'Payson' });

    await page.goto(String(checkout.PayUrl));
    await page.getByRole('heading', { name: 'Betala din bokning' }).waitFor();
    const payson = page.frameLocator('iframe[title="Payson Checkout"]');
    await payson.getByRole('heading', { name: 'Betala till Payson Sandbox AB' }).waitFor({ timeout: 15000 });
    expect(await sideways(env)).toBe(false);
    await env.screenshot('payments-payson-pay-link-sv-390');

    await payson.getByLabel('Kortnummer').fill('4000 0000 0000 0002');
    await payson.getByLabel('Giltigt till (MM/ÅÅ)').fill('12/34');
    await payson.getByLabel('CVC').fill('123');
    await payson.getByRole('button', { name: /^Betala / }).click();
    // The checkout's form leaves the frame: the refusal is Payson's page on its own.
    await page.getByRole('alert').filter({ hasText: 'Ditt kort nekades.' }).waitFor({ timeout: 15000 });
    expect(await sideways(env)).toBe(false);
    await env.screenshot('payments-payson-declined-sv-390');
    expect((await env.db.one<{ status_id: number }>('select status_id from bookings where id = $1', [bookingId]))?.status_id).toBe(5);

    await page.getByLabel('Kortnummer').fill('4242 4242 4242 4242');
    await page.getByLabel('Giltigt till (MM/ÅÅ)').fill('12/34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: /^Betala / }).click();
    await page.getByRole('heading', { name: 'Tack för din betalning' }).waitFor({ timeout: 15000 });
    await env.screenshot('payments-payson-paid-sv-390');
    await expect.poll(async () => (await env.db.one<{ status_id: number }>('select status_id from bookings where id = $1', [bookingId]))?.status_id, { timeout: 20000 }).toBe(7);

    await env.login();
    await page.goto(`${baseUrl}/bookings/${bookingId}`);
    await page.getByText(/Betald hos Payson/).waitFor({ timeout: 15000 });
    expect(await sideways(env)).toBe(false);
    await env.screenshot('payments-payson-booking-paid-sv-390');
  });

  it('Payson’s checkout in English, as a merchant asking for locale en gets it, empty and after a refusal', async () => {
    const { page, baseUrl } = env;
    const valid = SANDBOX_CREDENTIALS.payson;
    const res = await fetch(`${baseUrl}/payson-sandbox/2.0/Checkouts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Basic ${Buffer.from(`${valid.merchantId}:${valid.secret}`).toString('base64')}` },
      body: JSON.stringify({
        merchant: { checkoutUri: `${baseUrl}/shop`, confirmationUri: `${baseUrl}/shop/done`, notificationUri: `${baseUrl}/shop/notify`, termsUri: `${baseUrl}/terms` },
        order: { currency: 'sek', items: [{ name: 'Tennis 60 min', unitPrice: 320, quantity: 1, taxRate: 0.06 }] },
        gui: { locale: 'en' },
      }),
    });
    expect(res.status).toBe(201);
    const created = (await res.json()) as { snippet: string };
    const src = /src="([^"]+)"/.exec(created.snippet)![1]!;
    await page.goto(src);
    await page.getByRole('heading', { name: 'Pay Payson Sandbox AB' }).waitFor();
    expect(await page.locator('main').innerText()).toContain('SEK');
    expect(await sideways(env)).toBe(false);
    await env.screenshot('payments-payson-checkout-en-390');
    await page.getByLabel('Card number').fill('4000 0000 0000 0002');
    await page.getByLabel('Expiry (MM/YY)').fill('12/34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.getByRole('alert').filter({ hasText: 'Your card was declined.' }).waitFor({ timeout: 15000 });
    await env.screenshot('payments-payson-declined-en-390');
  });
});
