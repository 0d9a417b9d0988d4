/**
 * The queue view's Book button and a bulk cancel in Chromium, on the real API (issue 12).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2e, type E2eEnv } from './harness';

describe('queue and bulk actions in the browser', () => {
  let env: E2eEnv;
  let companyId = 0;

  beforeAll(async () => {
    env = await startE2e({ locale: 'en-US' });
    await env.login();
    companyId = (await env.db.one<{ id: number }>("select company_id as id from users where email = 'demo@example.com'"))!.id;
  });
  afterAll(async () => {
    await env?.close();
  });

  it('turns a queued customer into a booking, then cancels it with the selection', async () => {
    const { page, baseUrl, db } = env;
    const service = (await db.one<{ id: number }>("select id from services where company_id = $1 and name = 'Padel 60 min'", [companyId]))!.id;
    const customer = (await db.one<{ id: number }>("insert into customers (company_id, firstname, lastname, email) values ($1, 'Quinn', 'Queue', 'quinn@example.com') returning id", [companyId]))!.id;
    await db.query(
      `insert into booking_user_queue (company_id, service_id, customer_id, starts_at, ends_at, quantity)
       values ($1, $2, $3, '2031-02-03T09:00:00Z', '2031-02-03T10:00:00Z', 1)`,
      [companyId, service, customer],
    );
    await page.goto(`${baseUrl}/bookings#queue`);
    const entry = page.getByRole('listitem').filter({ hasText: 'Quinn Queue' });
    await entry.waitFor();
    await env.screenshot('bookings-queue-en-1280');
    await entry.getByRole('button', { name: 'Book' }).click();
    await page.getByText('The customer is booked and taken off the queue').waitFor();
    await expect.poll(() => page.url(), { timeout: 10000 }).toMatch(/\/bookings\/\d+$/);
    const bookingId = Number(page.url().split('/').at(-1));
    expect((await db.one<{ n: number }>('select count(*)::int as n from booking_user_queue where customer_id = $1', [customer]))!.n).toBe(0);

    await page.goto(`${baseUrl}/bookings#bookings`);
    await page.getByRole('textbox', { name: /Search/i }).fill('Queue');
    const row = page.getByRole('row').filter({ hasText: `#${bookingId}` });
    await row.waitFor();
    await row.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Cancel selected' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Message to the customer').fill('The courts are closed');
    await env.screenshot('bookings-bulk-cancel-en-1280');
    await dialog.getByRole('button', { name: /^Cancel 1 booking$/ }).click();
    await page.getByText('1 booking canceled').waitFor();
    await expect
      .poll(async () => (await db.one<{ status_id: number; comments_to_customer: string }>('select status_id, comments_to_customer from bookings where id = $1', [bookingId]))!, { timeout: 10000 })
      .toMatchObject({ status_id: 4, comments_to_customer: 'The courts are closed' });
  });
});
