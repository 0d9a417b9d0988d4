import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startE2e, type E2eEnv } from './harness';
import { formatDay } from '../../src/custom/newBooking/calendar';

/** Picks an option of a MUI select by the field's label. */
async function choose(page: Page, label: RegExp, option: RegExp | string): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).first().click();
}

const total = (page: Page) => page.getByTestId('total-price').innerText().catch(() => '');

/** Whether the page scrolls sideways (it must not at 390 px). */
const scrollsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1);

/**
 * The new-booking widget against the real server: a yoga class next week for a new customer, one
 * adult and one child with a 20 % code; the price changes with the quantities and the code, the
 * customer's own field rule is checked, and the booking is made and opened.
 */
describe('an administrator books a service for a new customer', () => {
  let env: E2eEnv;

  beforeAll(async () => {
    // A browser in another zone than the company's (Europe/Stockholm): times are still the company's.
    env = await startE2e({ locale: 'sv-SE', timezoneId: 'America/Los_Angeles' });
    await env.login();
  });

  afterAll(async () => {
    await env?.close();
  });

  it('books two places with a promo code for a new customer and opens the booking', async () => {
    const { page, baseUrl } = env;
    await page.goto(`${baseUrl}/bookings-new`);
    await page.getByRole('combobox', { name: /^Tjänst/ }).waitFor();
    await env.screenshot('new-booking-empty-sv');

    await choose(page, /^Tjänst/, 'Yoga drop-in');
    await page.getByRole('button', { name: 'Vecka', exact: true }).click();
    await page.getByRole('button', { name: 'Nästa vecka' }).click();
    const slot = page.getByRole('button', { name: /^10:00–11:15\s*\d+ lediga/ }).first();
    await slot.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => slot.getAttribute('aria-pressed')).toBe('true');

    await choose(page, /^Pris/, /^Vuxen/);
    await page.getByRole('button', { name: 'Lägg till ett pris' }).click();
    await page.getByRole('button', { name: 'Fler' }).nth(1).click();
    await expect.poll(() => total(page), { timeout: 15000 }).toBe('270 kr');

    await page.getByRole('textbox', { name: 'Rabattkod' }).fill('sommar20');
    await page.getByRole('button', { name: 'Använd', exact: true }).click();
    await expect.poll(() => total(page), { timeout: 15000 }).toBe('216 kr');
    await expect.poll(() => page.getByTestId('summary-total').innerText()).toBe('Att betala: 216 kr');

    await page.getByRole('radio', { name: 'Ny kund' }).check();
    await page.getByRole('textbox', { name: /^Förnamn/ }).fill('Nora');
    await page.getByRole('textbox', { name: /^Efternamn/ }).fill('Nybokad');
    await page.getByRole('textbox', { name: /^E-post/ }).fill('nora.nybokad@example.com');
    await page.getByRole('textbox', { name: /^Medlemsnummer/ }).fill('12345');
    await page.getByRole('textbox', { name: 'Allergier' }).fill('Nötter');
    await page.getByRole('button', { name: 'Boka', exact: true }).click();
    await expect.poll(() => page.getByText('Medlemsnumret är ett M följt av 4–6 siffror, t.ex. M12345.').count()).toBeGreaterThan(0);
    await page.getByRole('textbox', { name: /^Medlemsnummer/ }).fill('M12345');
    await env.screenshot('new-booking-filled-sv');

    await page.getByRole('button', { name: 'Boka', exact: true }).click();
    await page.waitForURL(/\/bookings\/\d+$/, { timeout: 30000 });
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    const booking = await env.db.one<{ email: string; total: string; spots: string; fields: { Value: string }[]; member: string; starts: string; isodow: number }>(
      `select c.email, b.total_price_minor::text as total, b.custom_field_values as fields,
              to_char(b.starts_at at time zone 'Europe/Stockholm', 'HH24:MI') as starts,
              extract(isodow from b.starts_at at time zone 'Europe/Stockholm')::int as isodow,
              (select sum(q.quantity) from booking_quantities q where q.booking_id = b.id)::text as spots,
              (select v.value from custom_field_values v where v.entity_type = 'RegisteredUsers' and v.entity_id = c.id) as member
         from bookings b join customers c on c.id = b.customer_id where b.id = $1`,
      [id],
    );
    expect(booking).toMatchObject({ email: 'nora.nybokad@example.com', total: '21600', spots: '2', member: 'M12345', starts: '10:00', isodow: 1 });
    expect(booking!.fields.map((f) => f.Value)).toEqual(['Nötter']);
    const used = await env.db.one<{ n: string }>(
      `select count(*)::text as n from rebate_code_transactions t join rebate_codes r on r.id = t.rebate_code_id
        where r.sign = 'SOMMAR20' and t.booking_id = $1 and t.change_type = 'Decrease'`,
      [id],
    );
    expect(used?.n).toBe('1');
  });

  it('takes a date typed key by key into the Date field, and leaves a past one as typed', async () => {
    const { page, baseUrl } = env;
    await page.goto(`${baseUrl}/bookings-new`);
    await choose(page, /^Tjänst/, 'Yoga drop-in');
    const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Stockholm' });
    const later = new Date(Date.parse(`${today}T00:00:00Z`) + 9 * 86400000).toISOString().slice(0, 10);
    const field = page.locator('input[name="day"]');
    const sections = field.locator('..').getByRole('spinbutton');
    const heading = (day: string) => page.getByText(formatDay(day, 'sv'), { exact: true });

    // Swedish dates are yyyy-mm-dd: a year ago stays in the field, marked, and the times stay today's.
    const past = `${Number(today.slice(0, 4)) - 1}${today.slice(4)}`;
    await sections.first().click();
    await page.keyboard.type(past.replace(/-/g, ''), { delay: 30 });
    await expect.poll(() => field.inputValue()).toBe(past);
    await expect.poll(() => page.getByText('Idag eller senare').count()).toBe(1);
    expect(await heading(today).count()).toBe(1);

    await sections.first().click();
    await page.keyboard.type(later.replace(/-/g, ''), { delay: 30 });
    await expect.poll(() => field.inputValue()).toBe(later);
    await expect.poll(() => heading(later).count()).toBe(1);
    expect(await page.getByText('Idag eller senare').count()).toBe(0);
  });

  it('fits a phone and reads in English', async () => {
    const { page, baseUrl } = env;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${baseUrl}/bookings-new`);
    await choose(page, /^Tjänst/, 'Yoga drop-in');
    await page.getByRole('button', { name: 'Nästa dag' }).click();
    await page.getByRole('button', { name: /^\d\d:00–\d\d:15\s*\d+ lediga/ }).first().click();
    await expect.poll(() => total(page), { timeout: 15000 }).toMatch(/kr$/);
    expect(await scrollsSideways(page)).toBe(false);
    await env.screenshot('new-booking-sv-390');

    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.reload();
    await choose(page, /^Service/, 'Yoga drop-in');
    await page.getByRole('button', { name: 'Week', exact: true }).click();
    // Next week: on a Sunday afternoon this week has no drop-in times left.
    await page.getByRole('button', { name: 'Next week' }).click();
    await page.getByRole('button', { name: /^\d\d:00–\d\d:15\s*\d+ free/ }).first().click();
    await expect.poll(() => total(page), { timeout: 15000 }).toMatch(/kr$/);
    expect(await scrollsSideways(page)).toBe(false);
    await env.screenshot('new-booking-en-390');

    await page.setViewportSize({ width: 1280, height: 860 });
    await expect.poll(() => scrollsSideways(page)).toBe(false);
    await env.screenshot('new-booking-en-1280');
  });
});
