import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { picker, startE2e, typeIn, type E2eEnv } from './harness';

/**
 * The demo company is in Europe/Stockholm; this browser is in Europe/Helsinki, an hour ahead. Every
 * time is entered and shown in the company's zone: what the administrator types is what the list,
 * the edit form and the report show, and what the company's customers see.
 */
describe('times in the company zone, whatever the browser zone', () => {
  let env: E2eEnv;
  beforeAll(async () => {
    env = await startE2e({ timezoneId: 'Europe/Helsinki' });
    await env.login();
  });
  afterAll(async () => {
    await env?.close();
  });

  it('a time exception typed as 10:00–11:00 is 10:00–11:00 Stockholm time in the list, the form, the report and the database', async () => {
    const { page, baseUrl, db } = env;
    await page.goto(`${baseUrl}/time-exceptions/new`);
    await typeIn(page, 'Från datum', '20300114');
    await typeIn(page, 'Till datum', '20300114');
    await typeIn(page, 'Från klockan', '1000');
    await typeIn(page, 'Till klockan', '1100');
    await page.getByLabel('Anledning', { exact: true }).fill('Zonprov');
    await page.getByRole('button', { name: 'Spara' }).click();
    await page.waitForURL(`${baseUrl}/time-exceptions`);

    await env.screenshot('time-exceptions-list-helsinki-browser');
    const row = page.getByRole('row', { name: /Zonprov/ });
    await row.getByText('2030-01-14 10:00 – 11:00').waitFor();
    const stored = await db.one<{ from_utc: string }>(
      `select to_char(from_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') as from_utc from time_exceptions where reason_text_public = 'Zonprov' or reason_text = 'Zonprov'`,
    );
    expect(stored!.from_utc).toBe('2030-01-14T09:00');

    await row.click();
    await picker(page, 'Från klockan').getByText('10').first().waitFor();
    expect(await picker(page, 'Från klockan').textContent()).toContain('10:00');

    await page.goto(`${baseUrl}/time-exceptions-report`);
    await typeIn(page, 'Från', '20300114');
    await typeIn(page, 'Till', '20300115');
    await page.getByRole('row', { name: /Zonprov/ }).getByText('2030-01-14 10:00–11:00').waitFor();
    await env.screenshot('time-exceptions-report-helsinki-browser');
  });
});
