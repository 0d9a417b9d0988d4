import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2e, type E2eEnv } from './harness';

/**
 * Calendar feeds and the mailing list as an administrator meets them (issue 33): make the company's
 * feed and read it as a calendar would, then connect the embedded Mailchimp, choose the audience and
 * sync the newsletter's subscribers (axe-audited at desktop and phone width).
 */
describe('an administrator shares the calendar and connects the mailing list', () => {
  let env: E2eEnv;

  beforeAll(async () => {
    env = await startE2e({ locale: 'sv-SE' });
    await env.login();
  });
  afterAll(async () => env?.close());

  it('makes the company feed, which a calendar can read, and revokes it', async () => {
    const { page, baseUrl } = env;
    await page.goto(`${baseUrl}/sync`);
    const company = page.getByRole('region', { name: 'Företagets alla bokningar' });
    await company.getByRole('button', { name: 'Skapa adress' }).click();
    const url = company.getByRole('textbox', { name: /Flödets adress/ });
    await expect.poll(() => url.inputValue(), { timeout: 15000 }).toMatch(/\/api\/sync\/ical\/[A-Za-z0-9_-]{43}\.ics$/);
    const feed = await fetch(await url.inputValue());
    expect(feed.status).toBe(200);
    const text = await feed.text();
    expect(text).toMatch(/^BEGIN:VCALENDAR\r\n/);
    // The calendar an app subscribes to carries the company's name (the demo company has no
    // booking in this window; the events and their zones are read in tests/server/sync.test.ts).
    expect(text).toContain('X-WR-CALNAME:Solrosens Yoga & Padel');
    await env.screenshot('sync-feeds-sv');
    await page.setViewportSize({ width: 390, height: 844 });
    await env.screenshot('sync-feeds-sv-390');
    await page.setViewportSize({ width: 1280, height: 860 });

    const address = await url.inputValue();
    await company.getByRole('button', { name: 'Återkalla' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Återkalla' }).click();
    await company.getByText('Inte ansluten').waitFor({ timeout: 15000 });
    expect((await fetch(address)).status).toBe(404);
  });

  it("connects Google Calendar through Google's consent page and comes back connected", async () => {
    const { page, baseUrl } = env;
    await page.goto(`${baseUrl}/sync`);
    const card = page.getByRole('region', { name: 'Google Kalender' });
    await card.getByRole('button', { name: 'Anslut Google Kalender' }).click();
    await page.getByRole('button', { name: 'Allow' }).click();
    await page.waitForURL(`${baseUrl}/sync?google=connected`, { timeout: 15000 });
    await card.getByText(/^Ansluten\. Bokningar läggs i resursens kalender/).waitFor({ timeout: 15000 });
    // A resource's own calendar, whose busy times close it: chosen, saved, and read at once.
    const row = card.getByRole('table', { name: 'Resursernas kalendrar' }).getByRole('row').nth(1);
    await row.getByRole('combobox', { name: 'Kalender' }).click();
    await page.getByRole('option', { name: 'Staff' }).click();
    await expect.poll(() => row.getByRole('checkbox').isChecked(), { timeout: 15000 }).toBe(true);
    await card.getByText(/^Upptagna tider lästes/).waitFor({ timeout: 30000 });
    const chosen = await env.db.one<{ calendar_id: string; block_busy: boolean }>('select calendar_id, block_busy from google_calendar_resources');
    expect(chosen).toEqual({ calendar_id: 'staff@group.calendar.google.com', block_busy: true });
    await env.screenshot('sync-google-sv');
    await page.setViewportSize({ width: 390, height: 844 });
    await env.screenshot('sync-google-sv-390');
    await page.setViewportSize({ width: 1280, height: 860 });
  });

  it('connects Mailchimp, chooses the audience and syncs the subscribers', async () => {
    const { page, baseUrl } = env;
    await page.goto(`${baseUrl}/mailchimp-settings`);
    await page.getByLabel('API-nyckel').fill(`${'0123456789abcdef'.repeat(2)}-us21`);
    await page.getByRole('button', { name: 'Anslut' }).click();
    await page.getByText('Ansluten med nyckeln som slutar på …us21 (server us21).').waitFor({ timeout: 15000 });
    await page.getByRole('combobox', { name: 'Målgrupp' }).click();
    await page.getByRole('option', { name: /Newsletter/ }).click();
    await page.getByRole('button', { name: 'Synka nu' }).click();
    const last = page.getByRole('region', { name: 'Senaste synkning' });
    await last.getByText(/^Klar/).waitFor({ timeout: 30000 });
    const subscribed = await env.db.one<{ n: number }>("select count(*)::int as n from mailchimp_sandbox_members where status = 'subscribed'");
    const customers = await env.db.one<{ n: number }>("select count(distinct lower(trim(email)))::int as n from customers where subscribed_to_newsletter and email is not null and trim(email) <> '' and company_id = (select company_id from users where email = 'demo@example.com')");
    expect(subscribed!.n).toBe(customers!.n);
    await env.screenshot('mailchimp-settings-sv');
    await page.setViewportSize({ width: 390, height: 844 });
    await env.screenshot('mailchimp-settings-sv-390');
  });
});
