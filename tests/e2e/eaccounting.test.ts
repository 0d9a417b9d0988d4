import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2e, type E2eEnv } from './harness';

/** Sets up data as a script would: the password grant's token (api-users), then the API. */
async function api<T>(env: E2eEnv, method: 'POST', url: string, payload: Record<string, unknown>): Promise<T> {
  const token = await env.app.inject({
    method: 'POST',
    url: '/realms/booking-admin/protocol/openid-connect/token',
    payload: new URLSearchParams({ grant_type: 'password', client_id: 'api-users', username: 'demo@example.com', password: 'demo' }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  const res = await env.app.inject({ method, url: `/api${url}`, payload, headers: { accept: 'application/json', authorization: `Bearer ${(token.json() as { access_token: string }).access_token}` } });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json() as T;
}

/**
 * Accounting as an administrator meets it (issue 35): authenticate with the embedded Visma
 * eAccounting in a popup (the settings page polls every 2 s and closes the window), choose the
 * settings, map the demo's prices to articles, invoice a booking, read the invoice modal (subtotal,
 * VAT percent, total) and find the invoice in the sandbox (axe-audited at 1280 and 390 px, Swedish).
 */
describe('an administrator connects accounting and invoices a booking', () => {
  let env: E2eEnv;

  beforeAll(async () => {
    env = await startE2e({ locale: 'sv-SE' });
    await env.login();
  });
  afterAll(async () => env?.close());

  it('authenticates in the popup, which closes once the settings page sees the connection', async () => {
    const { page, baseUrl, context } = env;
    await page.goto(`${baseUrl}/eaccounting/settings`);
    await page.getByText('Företaget är inte anslutet till Visma eAccounting.').waitFor({ timeout: 15000 });
    const opened = context.waitForEvent('page');
    await page.getByRole('button', { name: 'Autentisera' }).click();
    const popup = await opened;
    await popup.getByRole('button', { name: 'Allow' }).click();
    await popup.waitForEvent('close', { timeout: 30000 });
    await page.getByText('Anslutet till Visma eAccounting.').waitFor({ timeout: 15000 });

    await page.getByLabel('Aktiv').check();
    await page.getByRole('combobox', { name: 'Standard för nya fakturor' }).click();
    await page.getByRole('option', { name: 'Skapa och skicka' }).click();
    await page.getByRole('combobox', { name: 'Standardartikel, 25 % moms' }).click();
    await page.getByRole('option', { name: /Massage/ }).click();
    await page.getByRole('combobox', { name: 'Standardbetalningsvillkor' }).click();
    await page.getByRole('option', { name: '30 dagar netto' }).click();
    await page.getByRole('button', { name: 'Spara' }).click();
    await page.getByText('Bokföringsinställningarna sparades').waitFor({ timeout: 15000 });
    await env.screenshot('eaccounting-settings-sv');
    await page.setViewportSize({ width: 390, height: 844 });
    await env.screenshot('eaccounting-settings-sv-390');
    await page.setViewportSize({ width: 1280, height: 860 });
  });

  it('maps every price to an article of its VAT, flagged until saved', async () => {
    const { page, baseUrl } = env;
    await page.goto(`${baseUrl}/eaccounting/service-price-mappings`);
    const boxes = page.getByRole('combobox', { name: /^Artikel för pris \d+$/ });
    await boxes.first().waitFor({ timeout: 15000 });
    const count = await boxes.count();
    expect(count).toBeGreaterThan(3);
    for (let i = 0; i < count; i++) {
      await boxes.nth(i).click();
      const options = page.getByRole('option');
      await options.first().waitFor();
      // Only articles with the price's VAT are offered: never both a 6 % and a 25 % article.
      const names = await options.allInnerTexts();
      expect(names.some((n) => n.includes('Massage')) && names.some((n) => n.includes('Banhyra'))).toBe(false);
      await options.first().click();
    }
    await page.getByText(`${count} osparade ändringar`).waitFor();
    await env.screenshot('eaccounting-mappings-sv');
    await page.getByRole('button', { name: 'Spara' }).click();
    await page.getByText('Prisartiklarna sparades').waitFor({ timeout: 15000 });
    expect(await page.getByText('Ändrad', { exact: true }).count()).toBe(0);
    const mapped = await env.db.one<{ n: number }>('select count(*)::int as n from eaccounting_price_mappings');
    expect(mapped!.n).toBe(count);
    await page.setViewportSize({ width: 390, height: 844 });
    await env.screenshot('eaccounting-mappings-sv-390');
    await page.setViewportSize({ width: 1280, height: 860 });
  });

  it('invoices a booking: the modal shows subtotal, VAT percent and total; the sandbox holds the invoice', async () => {
    const { page, baseUrl } = env;
    const padel = await env.db.one<{ id: number }>("select id from services where name = 'Padel 60 min'");
    const customer = await env.db.one<{ id: number }>('select id from customers order by id limit 1');
    const created = await api<{ Id: number }>(env, 'POST', '/bookings', { ServiceId: padel!.id, CustomerId: customer!.id, From: '2030-03-06T10:00:00', AllowBookingOutsideSchedules: true });
    const booking = await env.db.one<{ id: number; total: string }>('select b.id, (select sum(q.price_minor) from booking_quantities q where q.booking_id = b.id)::text as total from bookings b where b.id = $1', [created.Id]);
    await page.goto(`${baseUrl}/bookings/${booking!.id}`);
    await page.getByRole('button', { name: 'Fakturera' }).click();
    const modal = page.getByRole('dialog', { name: 'Fakturan skapades' });
    await modal.waitFor({ timeout: 20000 });
    await modal.getByText('Delsumma').waitFor();
    await modal.getByText('Moms 6 %').waitFor();
    const total = (Number(booking!.total) / 100).toLocaleString('sv-SE', { minimumFractionDigits: 2 });
    expect(await modal.innerText()).toContain(`${total} kr`);
    await env.screenshot('eaccounting-invoice-modal-sv');
    await modal.getByRole('button', { name: 'OK' }).click();
    await page.getByRole('link', { name: 'Faktura 1' }).waitFor({ timeout: 15000 });

    const sandbox = await fetch(`${baseUrl}/eaccounting-sandbox`).then((r) => r.text());
    expect(sandbox).toMatch(/<td>invoice<\/td><td>1<\/td>/);

    // A second try asks first.
    await page.getByRole('button', { name: 'Fakturera' }).click();
    const again = page.getByRole('dialog', { name: 'Redan fakturerad' });
    await again.waitFor({ timeout: 15000 });
    await again.getByRole('button', { name: 'Avbryt' }).click();
  });

  it('invoices a selection from the bookings list: one invoice per customer', async () => {
    const { page, baseUrl, db } = env;
    const company = (await db.one<{ id: number }>("select company_id as id from users where email = 'demo@example.com'"))!.id;
    const padel = (await db.one<{ id: number }>("select id from services where company_id = $1 and name = 'Padel 60 min'", [company]))!.id;
    const ids: number[] = [];
    for (const [first, day] of [['Ulla', '07'], ['Olle', '08']] as const) {
      const customer = (await db.one<{ id: number }>("insert into customers (company_id, firstname, lastname, email) values ($1, $2, 'Fakturasson', $3) returning id", [company, first, `${first.toLowerCase()}@example.com`]))!.id;
      ids.push((await api<{ Id: number }>(env, 'POST', '/bookings', { ServiceId: padel, CustomerId: customer, From: `2030-03-${day}T10:00:00`, AllowBookingOutsideSchedules: true })).Id);
    }
    await page.goto(`${baseUrl}/bookings#bookings`);
    await page.getByRole('textbox', { name: /Sök/i }).fill('Fakturasson');
    for (const id of ids) {
      const row = page.getByRole('row').filter({ hasText: `#${id}` });
      await row.waitFor({ timeout: 15000 });
      await row.getByRole('checkbox').check();
    }
    await page.getByRole('button', { name: 'Fakturera' }).click();
    const modal = page.getByRole('dialog', { name: 'Fakturan skapades' });
    await modal.getByText('2 fakturor skapades').waitFor({ timeout: 20000 });
    await env.screenshot('eaccounting-bulk-invoice-sv');
    await modal.getByRole('button', { name: 'OK' }).click();
    const made = await db.query<{ booking_ids: number[]; state: string }>('select booking_ids, state from eaccounting_invoices where $1::int[] && booking_ids order by id', [ids]);
    expect(made.map((m) => [m.booking_ids.map(Number), m.state])).toEqual([[[ids[0]], 'done'], [[ids[1]], 'done']]);
  });
});
