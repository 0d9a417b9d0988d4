import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startE2e, type E2eEnv } from './harness';
import { seedDemoBookings } from '../../server/db/seed/bookings';

/**
 * What the server keeps between requests, as a browser meets it: every list shows the same rows on
 * its first load, when the administrator leaves and comes back, and on a reload, the customers list
 * on three (the browser asks with Fields and Accept-Encoding: br, and the second identical request is
 * answered from what was kept); and the new-booking widget shows each service's own free times, also when a service with
 * the same schedule was asked for the same week just before.
 */
describe('kept answers in the browser', () => {
  let env: E2eEnv;

  beforeAll(async () => {
    env = await startE2e({ locale: 'sv-SE' });
    // The server's first start books the demo week (each booking with its log entry and messages); the tests' company starts without.
    const company = await env.db.one<{ id: number }>('select min(id)::int as id from companies');
    await env.db.tx((tx) => seedDemoBookings(tx, company!.id));
    await env.login();
  });

  afterAll(async () => {
    await env?.close();
  });

  /** The list's rows as text once it has loaded (at least one row, or the empty state). */
  async function rows(page: Page, what: string, selector = 'table tbody tr'): Promise<string[]> {
    const body = page.locator(selector);
    await expect.poll(async () => (await body.count()) > 0 || (await page.getByText(/^Inga .*(hittades|matchar|ännu)/).count()) > 0, { timeout: 20000, message: `${what}: ${page.url()}` }).toBe(true);
    // Rows may draw before what completes them (the company's currency sign) has arrived: read them once the page is quiet.
    await page.waitForLoadState('networkidle');
    return body.allInnerTexts();
  }

  /** The lists of the demo company, by their address, with what a row is where it is not a table row. */
  const LISTS: [string, string?][] = [
    ['/customers'], ['/services'], ['/prices'], ['/resources', 'main .MuiCard-root'], ['/custom-fields'], ['/articles'], ['/administrators'],
    ['/promo-codes'], ['/time-exceptions'], ['/bookings#bookings'], ['/bookings#booking-log', 'main li, table tbody tr'], ['/schedules', 'main li'],
  ];

  for (const [path, selector] of LISTS) {
    it(`${path} shows the same rows on its first load, after leaving and coming back, and on a reload`, async () => {
      const { page, baseUrl } = env;
      await page.goto(`${baseUrl}${path}`);
      const first = await rows(page, `${path}: first load`, selector);
      expect(first.length, `${path}: rows on first load`).toBeGreaterThan(0);
      await page.locator('a[href="/dashboard"]').first().click();
      await page.waitForURL(/\/dashboard/);
      await page.goBack();
      expect(await rows(page, `${path}: after coming back`, selector), `${path}: after coming back`).toEqual(first);
      await page.reload();
      expect(await rows(page, `${path}: reload`, selector), `${path}: reload`).toEqual(first);
    });
  }

  it('the customers list, which the browser asks for with Fields and br, shows 25 rows on each of three reloads', async () => {
    const { page, baseUrl } = env;
    await page.goto(`${baseUrl}/customers`);
    // The first load has settled (sign-in refreshes included) before the page is reloaded.
    await expect.poll(() => page.locator('table tbody tr').count(), { timeout: 20000 }).toBe(25);
    for (let i = 0; i < 3; i++) {
      await page.reload();
      await expect.poll(() => page.locator('table tbody tr').count(), { timeout: 20000 }).toBe(25);
      expect(await page.getByText('Failed to fetch').count()).toBe(0);
    }
    await env.screenshot('kept-customers-reloaded-sv');
  });

  /** The slots the widget offers in next week's view, as their accessible names (time and free spots). */
  async function weekSlots(page: Page, service: string): Promise<string[]> {
    await page.getByRole('combobox', { name: /^Tjänst/ }).click();
    await page.getByRole('option', { name: service, exact: true }).first().click();
    const slots = page.getByRole('button', { name: /^\d\d:\d\d–\d\d:\d\d/ });
    await expect.poll(() => slots.count(), { timeout: 20000 }).toBeGreaterThan(0);
    const names: string[] = [];
    for (const slot of await slots.all()) names.push((await slot.getAttribute('aria-label')) ?? (await slot.innerText()).replace(/\s+/g, ' '));
    return names;
  }

  it("the widget's free times of two services with one schedule and different capacity differ, each time they are asked", async () => {
    const { page, baseUrl } = env;
    await page.goto(`${baseUrl}/bookings-new`);
    await page.getByRole('combobox', { name: /^Tjänst/ }).waitFor();
    await page.getByRole('combobox', { name: /^Tjänst/ }).click();
    await page.getByRole('option', { name: 'Bastu', exact: true }).first().click();
    await page.getByRole('button', { name: 'Vecka', exact: true }).click();
    await page.getByRole('button', { name: 'Nästa vecka' }).click();
    const sauna = await weekSlots(page, 'Bastu');
    const room = await weekSlots(page, 'Konferensrum per timme');
    // The sauna takes a group, the conference room one booking at a time: their free spots differ.
    expect(room).not.toEqual(sauna);
    expect(await weekSlots(page, 'Bastu')).toEqual(sauna);
    expect(await weekSlots(page, 'Konferensrum per timme')).toEqual(room);
    await env.screenshot('kept-widget-conference-room-sv');
  });
});
