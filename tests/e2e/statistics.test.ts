import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import { startE2e, type E2eEnv } from './harness';
import { runAxe } from './a11y';

/**
 * Statistics and the dashboard (issue 37) in Chromium, in Swedish and English, at 1280 and 390 px,
 * audited with axe at every screenshot: the day at a glance and the week ahead, the statistics
 * screen's figures, charts with their table views and text alternatives, a service filter chosen
 * with the keyboard and kept in the URL over a reload, a CSV export, and the empty state of a range
 * without bookings.
 */
describe('statistics and the dashboard', () => {
  let env: E2eEnv;

  beforeAll(async () => {
    env = await startE2e();
    const company = (await env.db.one<{ id: number }>("select company_id as id from users where email = 'demo@example.com'"))!.id;
    const pairs = await env.db.query<{ service_id: number; resource_id: number }>(
      `select srt.service_id, m.resource_id from service_resource_types srt join resource_type_resources m on m.resource_type_id = srt.resource_type_id
        where srt.company_id = $1 and (srt.all_resources or exists (select 1 from service_resources sr where sr.service_id = srt.service_id and sr.resource_id = m.resource_id))
        order by 1, 2`,
      [company],
    );
    const customers = (await env.db.query<{ id: number }>('select id from customers where company_id = $1 order by id limit 40', [company])).map((c) => c.id);
    const today = DateTime.now().setZone('Europe/Stockholm').toISODate()!;
    // Sixty days of bookings up to today, a tenth canceled, some unpaid and some awaiting approval, and a few later today.
    await env.db.query(
      `insert into bookings (company_id, service_id, customer_id, starts_at, ends_at, status_id, spots, resource_ids, total_price_minor, total_vat_minor, currency_id, price_sign, created)
       select $1, ($2::int[])[1 + g % n], ($4::int[])[1 + g % array_length($4::int[], 1)], s, s + interval '1 hour',
              case (g / 7) % 20 when 0 then 4 when 1 then 4 when 2 then 5 when 3 then 3 else 1 end, 1, array[($3::int[])[1 + g % n]],
              20000 + (g % 4) * 5000, 1132 + (g % 4) * 283, 'SEK', 'kr', s - make_interval(days => g % 9)
         from (select g, cardinality($2::int[]) as n, ($5::date - (g % 60) + case when g % 60 = 1 then 1 else 0 end + make_interval(hours => 8 + (g / 60) % 11))::timestamp at time zone 'Europe/Stockholm' as s
                 from generate_series(0, 599) g) x
        where s < now() - interval '2 hours' or g % 60 < 2`,
      [company, pairs.map((p) => p.service_id), pairs.map((p) => p.resource_id), customers, today],
    );
    await env.login();
  }, 180_000);
  afterAll(async () => env?.close());

  const atWidths = async (name: string, check: () => Promise<void>) => {
    await env.page.setViewportSize({ width: 1280, height: 860 });
    await check();
    await env.screenshot(`${name}-1280`);
    await env.page.setViewportSize({ width: 390, height: 844 });
    await check();
    await env.screenshot(`${name}-390`);
    await env.page.setViewportSize({ width: 1280, height: 860 });
  };

  it('shows the day at a glance and the statistics in Swedish, with table views', async () => {
    const { page, baseUrl } = env;
    await page.goto(`${baseUrl}/dashboard`);
    await atWidths('statistics-dashboard-sv', async () => {
      await page.getByRole('heading', { name: 'Dagens bokningar per timme' }).waitFor();
      await page.getByRole('heading', { name: 'Beläggning kommande vecka' }).waitFor();
      await page.getByRole('progressbar', { name: /^Bana 1: / }).waitFor();
      await page.getByRole('button', { name: /Obetalda bokningar/ }).waitFor();
    });
    await page.getByRole('button', { name: /Obetalda bokningar/ }).click();
    await page.waitForURL(/\/bookings#bookings$/);

    await page.goto(`${baseUrl}/statistics`);
    await atWidths('statistics-sv', async () => {
      await page.getByRole('heading', { name: 'Bokningar per dag' }).waitFor();
      await page.getByRole('figure', { name: 'Bokningar per dag' }).waitFor();
      await expect.poll(() => page.getByRole('figure', { name: 'Bokningar per dag' }).getAttribute('aria-describedby')).toBeTruthy();
    });
    const perService = page.getByRole('region', { name: 'Per tjänst', exact: true });
    await perService.getByRole('button', { name: 'Tabell' }).click();
    const table = perService.getByRole('table');
    await table.getByRole('rowheader', { name: 'Padel 60 min' }).waitFor();
    await table.getByRole('columnheader', { name: 'Beläggning' }).waitFor();
    await env.screenshot('statistics-table-sv');

    // A service filter, chosen with the keyboard: the figures are that service's, and the link keeps it.
    await table.getByRole('rowheader', { name: 'Yoga drop-in' }).waitFor();
    const services = page.getByRole('combobox', { name: 'Tjänster' });
    await expect.poll(() => services.textContent()).toBe('Alla tjänster');
    await services.focus();
    await page.keyboard.press('Enter');
    const padel = page.getByRole('option', { name: 'Padel 60 min' });
    await padel.waitFor();
    // The open list hides the page behind it (its heading too): axe alone, on the list's markup.
    expect((await runAxe(page, { headings: false })).filter((f) => f.impact === 'serious' || f.impact === 'critical')).toEqual([]);
    await page.screenshot({ path: '.tmp/screenshots/statistics-filter-open-sv-1280.png' });
    await padel.focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await page.waitForURL(/\/statistics\?services=\d+$/);
    await table.getByRole('rowheader', { name: 'Yoga drop-in' }).waitFor({ state: 'detached' });
    await table.getByRole('rowheader', { name: 'Padel 60 min' }).waitFor();
    await expect.poll(() => services.textContent()).toBe('Padel 60 min');
    // A reload (or the link shared) shows the same choice and figures.
    await page.reload();
    await atWidths('statistics-filter-sv', async () => {
      await page.getByRole('figure', { name: 'Per tjänst' }).waitFor();
      await expect.poll(() => page.getByRole('combobox', { name: 'Tjänster' }).textContent(), { timeout: 10_000 }).toBe('Padel 60 min');
      await expect.poll(async () => (await page.getByRole('region', { name: 'Per tjänst', exact: true }).textContent()) ?? '', { timeout: 10_000 }).toMatch(/Flest bokningar: Padel 60 min/);
    });
  });

  it('groups by resource, exports CSV and shows an empty range, in English', async () => {
    const { page, baseUrl } = env;
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.goto(`${baseUrl}/dashboard`);
    await atWidths('statistics-dashboard-en', async () => {
      await page.getByRole('heading', { name: "Today's bookings by hour" }).waitFor();
      await page.getByRole('heading', { name: 'Who is next' }).waitFor();
    });

    await page.goto(`${baseUrl}/statistics`);
    await page.getByRole('combobox', { name: 'Group by' }).click();
    await page.getByRole('option', { name: 'Resource' }).click();
    const perResource = page.getByRole('region', { name: 'By resource', exact: true });
    await perResource.getByRole('figure').waitFor();
    await atWidths('statistics-resource-en', async () => {
      await page.getByRole('heading', { name: 'Busiest hours' }).waitFor();
      await expect.poll(async () => (await page.getByRole('region', { name: 'Busiest hours', exact: true }).textContent()) ?? '').toMatch(/Most bookings start on/);
    });
    // Keyboard: the table view is reached and chosen without a pointer.
    await perResource.getByRole('button', { name: 'Table' }).focus();
    await page.keyboard.press('Enter');
    await perResource.getByRole('table').getByRole('rowheader', { name: 'Bana 1' }).waitFor();

    const download = page.waitForEvent('download');
    await perResource.getByRole('button', { name: 'CSV (Export By resource)' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^statistics-resource-.*\.csv$/);
    const text = await (await file.createReadStream()).toArray();
    expect(Buffer.concat(text).toString('utf8')).toContain('Bana 1');

    await page.getByRole('combobox', { name: 'Range' }).click();
    await page.getByRole('option', { name: 'Custom dates' }).click();
    await page.getByLabel('From', { exact: true }).fill('2035-01-01');
    await page.getByLabel('To', { exact: true }).fill('2035-01-31');
    await atWidths('statistics-empty-en', async () => {
      await page.getByText('No bookings in the range.').first().waitFor();
      await page.getByText('No promo code was used in the range.').waitFor();
    });
  });
});
