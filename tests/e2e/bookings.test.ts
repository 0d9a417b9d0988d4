import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
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

async function api<T>(env: E2eEnv, method: 'GET' | 'POST', url: string, payload?: unknown): Promise<T> {
  const res = await env.app.inject({
    method,
    url: `/api${url}`,
    payload: payload as Record<string, unknown> | undefined,
    headers: { accept: 'application/json', 'x-language': 'en', authorization: `Bearer ${await apiToken(env)}` },
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json() as T;
}

/** Picks an option of a MUI select by the field's label. */
async function choose(page: Page, label: RegExp, option: RegExp | string): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).first().click();
}

const total = (page: Page) => page.getByTestId('total-price').innerText().catch(() => '');

/** The page never scrolls sideways (phone width). */
const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

const codeUses = async (env: E2eEnv, sign: string) =>
  (await env.db.one<{ n: number }>('select coalesce(sum(case when change_type = \'Decrease\' then usage else -usage end), 0)::int as n from rebate_code_transactions t join rebate_codes c on c.id = t.rebate_code_id where c.sign = $1', [sign]))?.n;

describe('bookings in the browser', () => {
  let env: E2eEnv;
  let bookingId = 0;

  beforeAll(async () => {
    env = await startE2e({ locale: 'en-US' });
    await env.login();
  });
  afterAll(async () => {
    await env?.close();
  });

  it('a new customer is booked for two places with a promo code in the book tab; the price changes; the booking shows in the list and on its page', async () => {
    const { page, baseUrl } = env;
    await page.goto(`${baseUrl}/bookings#book`);
    await choose(page, /^Service/, 'Yoga drop-in');
    await page.getByRole('button', { name: 'Week', exact: true }).click();
    await page.getByRole('button', { name: 'Next week' }).click();
    await page.getByRole('button', { name: /^10:00–11:15\s*\d+ free/ }).first().click();
    await choose(page, /^Price/, /^Vuxen/);
    await expect.poll(() => total(page), { timeout: 15000 }).toBe('180 kr');
    await page.getByRole('button', { name: 'More' }).first().click();
    await expect.poll(() => total(page), { timeout: 15000 }).toBe('360 kr');
    await page.getByRole('textbox', { name: 'Promo code' }).fill('sommar20');
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await expect.poll(() => total(page), { timeout: 15000 }).toBe('288 kr');
    await page.getByRole('radio', { name: 'New customer' }).check();
    await page.getByRole('textbox', { name: /^First name/ }).fill('Nina');
    await page.getByRole('textbox', { name: /^Last name/ }).fill('Nyberg');
    await page.getByRole('textbox', { name: /^E-mail/ }).fill('nina.nyberg@example.com');
    await page.getByRole('textbox', { name: /^Medlemsnummer/ }).fill('M12345');
    await env.screenshot('bookings-book-tab-en-1280');
    await page.getByRole('button', { name: 'Book', exact: true }).click();
    await page.waitForURL(/\/bookings\/\d+$/, { timeout: 30000 });
    bookingId = Number(new URL(page.url()).pathname.split('/').pop());
    expect(await codeUses(env, 'SOMMAR20')).toBe(1);

    await page.goto(`${baseUrl}/bookings#bookings`);
    await page.getByRole('textbox', { name: 'Search bookings' }).fill('Nyberg');
    const row = page.getByRole('row', { name: /Nina Nyberg/ });
    await row.waitFor({ timeout: 15000 });
    await expect.poll(() => page.locator('table tbody tr').count()).toBe(1);
    expect(await row.innerText()).toMatch(/Yoga drop-in[\s\S]*288 kr[\s\S]*Booked/);
    await env.screenshot('bookings-list-en-1280');
    await row.getByText('Nina Nyberg').click();
    await page.waitForURL(`${baseUrl}/bookings/${bookingId}`);
    await page.getByRole('heading', { name: `Yoga drop-in #${bookingId}` }).waitFor();
    expect(await page.getByTestId('booking-total').innerText()).toBe('288 kr');
    await page.getByRole('link', { name: 'SOMMAR20' }).waitFor();
    await env.screenshot('booking-page-en-1280');
    await page.goto(`${baseUrl}/promo-codes-value-cards`);
    const codeRow = page.getByRole('row', { name: /SOMMAR20/ });
    await codeRow.waitFor({ timeout: 15000 });
    expect(await codeRow.innerText()).toContain('1 / 9999');
  });

  it('changes the quantity and cancels; the code use is given back and the log shows each step', async () => {
    const { page, baseUrl } = env;
    await page.goto(`${baseUrl}/bookings/${bookingId}`);
    await page.getByRole('button', { name: 'Change quantity' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change quantity' });
    await dialog.getByRole('button', { name: /^More/ }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The booking was updated').waitFor();
    await expect.poll(() => page.getByTestId('booking-total').innerText()).toBe('432 kr');

    await page.getByRole('button', { name: 'Cancel booking' }).click();
    const cancel = page.getByRole('dialog', { name: `Cancel booking ${bookingId}` });
    await cancel.getByLabel('Reason (kept with the booking)').fill('Customer is ill');
    await cancel.getByLabel('Message to the customer').fill('Get well soon');
    await cancel.getByRole('button', { name: 'Cancel the booking' }).click();
    await page.getByText('The booking was unbooked').waitFor();
    await expect.poll(() => page.locator('[data-status]').first().getAttribute('data-status')).toBe('4');
    expect(await codeUses(env, 'SOMMAR20')).toBe(0);
    await page.goto(`${baseUrl}/promo-codes-value-cards`);
    const codeRow = page.getByRole('row', { name: /SOMMAR20/ });
    await codeRow.waitFor({ timeout: 15000 });
    expect(await codeRow.innerText()).toContain('0 / 9999');
    await page.goto(`${baseUrl}/bookings/${bookingId}`);

    await page.getByRole('tab', { name: 'Log' }).click();
    const log = page.getByTestId('booking-log-row');
    await expect.poll(() => log.count()).toBe(3);
    const text = await page.getByRole('region', { name: 'Log' }).innerText();
    expect(text).toMatch(/Canceled[\s\S]*Quantity changed[\s\S]*Booked/);
    expect(text).toContain('Administrator');
    await env.screenshot('booking-log-en-1280');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('tab', { name: 'Booking' }).click();
    expect(await noSidewaysScroll(page)).toBe(true);
    await env.screenshot('booking-page-en-390');
    await page.goto(`${baseUrl}/bookings#bookings`);
    await page.getByText('Nina Nyberg').first().waitFor({ timeout: 15000 });
    expect(await noSidewaysScroll(page)).toBe(true);
    await env.screenshot('bookings-list-en-390');
    await page.setViewportSize({ width: 1280, height: 860 });
  });

  it('exports the report to Excel', async () => {
    const { page, baseUrl } = env;
    await page.goto(`${baseUrl}/bookings-report`);
    await page.getByRole('button', { name: 'Excel' }).waitFor();
    // The page's own title, not the list's resource name run into it ("ReportBookings").
    expect((await page.locator('#react-admin-title').innerText()).trim()).toBe('Report');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Excel' }).click();
    expect((await download).suggestedFilename()).toBe('bookings.xlsx');
    await env.screenshot('bookings-report-en-1280');
  });
});

describe('bookings in Swedish', () => {
  let env: E2eEnv;
  beforeAll(async () => {
    env = await startE2e({ locale: 'sv-SE' });
    await env.login();
  });
  afterAll(async () => {
    await env?.close();
  });

  it('shows the list, a booking and the settings in Swedish at 1280 and 390 px', async () => {
    const { page, baseUrl } = env;
    const padel = await env.db.one<{ id: number }>("select id from services where name = 'Padel 60 min'");
    const customer = await env.db.one<{ id: number }>('select id from customers order by id limit 1');
    const created = await api<{ Id: number }>(env, 'POST', '/bookings', { ServiceId: padel!.id, CustomerId: customer!.id, From: '2030-03-06T10:00:00' });
    await page.goto(`${baseUrl}/bookings#bookings`);
    await page.getByRole('tab', { name: 'Bokningar' }).waitFor();
    await page.locator('table tbody tr').first().waitFor({ timeout: 15000 });
    expect(await page.locator('table tbody').innerText()).toContain('Padel 60 min');
    await env.screenshot('bookings-list-sv-1280');
    await page.goto(`${baseUrl}/bookings/${created.Id}`);
    await page.getByRole('button', { name: 'Avboka' }).waitFor();
    await env.screenshot('booking-page-sv-1280');
    await page.goto(`${baseUrl}/booking-settings`);
    await page.getByRole('switch', { name: 'Kö när det är fullt' }).waitFor();
    await env.screenshot('booking-settings-sv-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${baseUrl}/bookings/${created.Id}`);
    await page.getByRole('button', { name: 'Avboka' }).waitFor();
    expect(await noSidewaysScroll(page)).toBe(true);
    await env.screenshot('booking-page-sv-390');
    await page.goto(`${baseUrl}/bookings#bookings`);
    await page.getByText('Padel 60 min').first().waitFor({ timeout: 15000 });
    expect(await noSidewaysScroll(page)).toBe(true);
    await env.screenshot('bookings-list-sv-390');
  });
});
