import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2e, type E2eEnv } from './harness';

/**
 * Newsletters as an administrator meets them: write a template, try a test without a receiver,
 * send it to every subscriber, see it scheduled in the log, then (after its minute) sent.
 */
describe('an administrator sends a newsletter', () => {
  let env: E2eEnv;

  beforeAll(async () => {
    env = await startE2e({ locale: 'sv-SE' });
    await env.login();
  });

  afterAll(async () => {
    await env?.close();
  });

  it('writes a template, which a test send without a receiver refuses', async () => {
    const { page, baseUrl } = env;
    await page.goto(`${baseUrl}/newsletters#newslettertemplates`);
    await page.getByText('Det finns inga mallar ännu.').waitFor({ timeout: 15000 });
    await env.screenshot('newsletters-templates-empty-sv');
    await page.getByRole('link', { name: 'Ny mall' }).click();
    await page.waitForURL(/\/newsletters\/new$/);
    await page.locator('input[name="Heading"]').fill('Höstnytt från Solrosen');
    const editor = page.locator('.ProseMirror').first();
    await editor.click();
    await page.keyboard.type('Hej , nu startar höstens kurser!');
    // Put the cursor after 'Hej ' and click a merge field: it goes in where the cursor is.
    for (let i = 0; i < ', nu startar höstens kurser!'.length; i++) await page.keyboard.press('ArrowLeft');
    await page.getByRole('button', { name: 'Förnamn' }).click();
    await expect.poll(() => editor.textContent(), { timeout: 10000 }).toBe('Hej {{ Customer.Firstname }}, nu startar höstens kurser!');
    await page.locator('button[type="submit"]').first().click();
    await page.waitForURL(/\/newsletters\/templates\/\d+$/, { timeout: 15000 });
    await page.getByRole('button', { name: 'Testutskick' }).click();
    await page.getByText('Ange en mottagare för testutskicket.').waitFor({ timeout: 15000 });
    await env.screenshot('newsletters-template-sv');
  });

  it('sends it to every subscriber: scheduled in the log, then sent', async () => {
    const { page, baseUrl } = env;
    const subscribers = (await env.db.one<{ n: number }>(
      "select count(*)::int as n from customers c join users u on u.company_id = c.company_id where u.email = 'demo@example.com' and c.subscribed_to_newsletter and coalesce(c.email, '') <> ''",
    ))!.n;
    expect(subscribers).toBeGreaterThan(0);
    await page.goto(`${baseUrl}/newsletters#newsletterlog`);
    await page.getByRole('link', { name: 'Skicka nyhetsbrev' }).click();
    await page.waitForURL(/\/newsletters\/send$/);
    await page.getByRole('combobox', { name: /^Mall/ }).click();
    await page.getByRole('option', { name: 'Höstnytt från Solrosen' }).click();
    await env.screenshot('newsletters-send-sv');
    await page.getByRole('button', { name: 'Skicka', exact: true }).click();
    await page.waitForURL(/\/newsletters#newsletterlog$/, { timeout: 15000 });

    const table = page.locator('table tbody');
    await expect.poll(() => table.innerText(), { timeout: 15000 }).toContain('Schemalagt');
    await page.getByText(/"Höstnytt från Solrosen" skickas .* till \d+ mottagare/).waitFor({ timeout: 15000 });
    expect(await page.getByRole('tab', { name: /Utskickslogg/ }).innerText()).toContain(String(subscribers));
    await env.screenshot('newsletters-log-scheduled-sv');

    // Its minute passes; the queue sends it in batches and the log, read again while it waits, shows it sent.
    await expect.poll(() => table.innerText(), { timeout: 100_000, interval: 2000 }).toContain('Skickat');
    await expect.poll(() => table.innerText(), { timeout: 30_000, interval: 2000 }).not.toContain('Schemalagt');
    const sent = await env.db.one<{ n: number }>("select count(*)::int as n from mail_outbox where kind = 'newsletter'");
    expect(sent!.n).toBe(subscribers);
    await env.screenshot('newsletters-log-sent-sv');

    await page.getByRole('button', { name: 'Visa' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('nu startar höstens kurser').waitFor();
    await env.screenshot('newsletters-view-sv');
    await dialog.getByRole('button', { name: 'Stäng' }).click();

    await page.setViewportSize({ width: 390, height: 844 });
    await env.screenshot('newsletters-log-phone-sv');
  }, 180_000);
});

describe('newsletters in English on a phone', () => {
  let env: E2eEnv;

  beforeAll(async () => {
    env = await startE2e({ locale: 'en-US', width: 390, height: 844 });
    await env.login();
  });

  afterAll(async () => {
    await env?.close();
  });

  it('shows the empty log, and a send without a template names the field', async () => {
    const { page, baseUrl } = env;
    await page.goto(`${baseUrl}/newsletters`);
    await page.getByText('No newsletters have been sent yet.').waitFor({ timeout: 15000 });
    await env.screenshot('newsletters-log-empty-en-phone');
    await page.goto(`${baseUrl}/newsletters/send`);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByText('Required').first().waitFor({ timeout: 15000 });
    await env.screenshot('newsletters-send-error-en-phone');
  });
});
