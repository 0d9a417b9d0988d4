import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startE2e, type E2eEnv } from './harness';

/** Picks an option of a MUI select by the field's label. */
async function choose(page: Page, label: RegExp, option: RegExp | string): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).first().click();
}

/**
 * Messages end to end, in Swedish: the administrator edits the booking confirmation template (subject,
 * text and a merge field inserted by click), books a class for a new customer, and reads the
 * confirmation on the outbox page as the customer gets it.
 */
describe('an administrator edits the confirmation, books, and reads the mail', () => {
  let env: E2eEnv;

  beforeAll(async () => {
    env = await startE2e({ locale: 'sv-SE' });
    await env.login();
  });

  afterAll(async () => {
    await env?.close();
  });

  it('edits the Swedish confirmation template', async () => {
    const { page, baseUrl } = env;
    await page.goto(`${baseUrl}/bookings#message-templates`);
    await page.getByTestId('message-template-row').first().waitFor({ timeout: 20000 });
    await env.screenshot('message-templates-sv');
    await page.getByRole('link', { name: 'Bokningsbekräftelse' }).first().click();
    await page.waitForURL(/\/messages\/templates\/\d+$/);
    const subject = page.getByRole('textbox', { name: /^Ämne/ });
    await subject.waitFor({ timeout: 20000 });
    await subject.fill('Välkommen till oss, ');
    const editor = page.locator('.ProseMirror').first();
    await editor.locator('p').last().click();
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Vi ses på banan, ');
    await page.getByTestId('merge-field').filter({ hasText: 'Förnamn' }).click();
    await expect.poll(() => editor.innerText()).toContain('Vi ses på banan, {{ Customer.Firstname }}');
    await env.screenshot('message-template-edit-sv');

    await page.getByRole('button', { name: 'Skicka test' }).click();
    await expect.poll(() => page.getByText('Ange en mottagare.').count()).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Spara' }).click();
    await expect.poll(() => page.url(), { timeout: 20000 }).toMatch(/\/bookings#message-templates$/);
    const saved = await env.db.one<{ subject: string; body: string }>(
      "select t.subject, t.body from message_templates t join users u on u.company_id = t.company_id where u.email = 'demo@example.com' and t.type_id = 1 and t.send_method_id = 1 and t.language = 'sv'",
    );
    expect(saved?.subject).toBe('Välkommen till oss,');
    expect(saved?.body).toContain('Vi ses på banan, {{ Customer.Firstname }}');
  });

  it('books for a new customer and reads the confirmation on the outbox page', async () => {
    const { page, baseUrl } = env;
    await page.goto(`${baseUrl}/bookings-new`);
    await page.getByRole('combobox', { name: /^Tjänst/ }).waitFor();
    await choose(page, /^Tjänst/, 'Yoga drop-in');
    await page.getByRole('button', { name: 'Vecka', exact: true }).click();
    await page.getByRole('button', { name: 'Nästa vecka' }).click();
    const slot = page.getByRole('button', { name: /^10:00–11:15\s*\d+ lediga/ }).first();
    await slot.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => slot.getAttribute('aria-pressed')).toBe('true');
    await choose(page, /^Pris/, /^Vuxen/);
    await page.getByRole('radio', { name: 'Ny kund' }).check();
    await page.getByRole('textbox', { name: /^Förnamn/ }).fill('Maja');
    await page.getByRole('textbox', { name: /^Efternamn/ }).fill('Mejlsson');
    await page.getByRole('textbox', { name: /^E-post/ }).fill('maja.mejlsson@example.com');
    await page.getByRole('textbox', { name: /^Medlemsnummer/ }).fill('M12345');
    await page.getByRole('button', { name: 'Boka', exact: true }).click();
    await page.waitForURL(/\/bookings\/\d+$/, { timeout: 30000 });

    await env.app.jobs.drain();
    await page.goto(`${baseUrl}/messages/outbox`);
    const row = page.getByTestId('outbox-row').filter({ hasText: 'Välkommen till oss,' }).first();
    await row.waitFor({ timeout: 20000 });
    await row.click();
    const mail = page.getByTestId('outbox-message');
    await expect.poll(() => mail.innerText()).toContain('maja.mejlsson@example.com');
    const frame = page.frameLocator('[data-testid="outbox-message"] iframe');
    await expect.poll(() => frame.locator('body').innerText(), { timeout: 10000 }).toContain('Vi ses på banan, Maja');
    await env.screenshot('outbox-confirmation-sv');
    await page.getByRole('tab', { name: 'Text' }).click();
    await expect.poll(() => mail.innerText()).toContain('Vi ses på banan, Maja');

    await page.goto(`${baseUrl}/bookings#message-log`);
    await page.getByTestId('message-log-row').first().waitFor({ timeout: 20000 });
    await expect.poll(() => page.getByTestId('message-log-row').filter({ hasText: 'maja.mejlsson@example.com' }).filter({ hasText: 'Bokningsbekräftelse' }).first().innerText()).toContain('Skickat');
    await env.screenshot('message-log-sv');
    // The log's table scrolls inside its card; the page itself never scrolls sideways (its hidden actions header did).
    const scrollsSideways = () => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1);
    expect(await scrollsSideways()).toBe(false);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${baseUrl}/bookings#message-log`);
    await page.getByTestId('message-log-row').first().waitFor({ timeout: 20000 });
    expect(await scrollsSideways()).toBe(false);
    await page.goto(`${baseUrl}/messages/outbox`);
    await page.getByTestId('outbox-row').first().waitFor({ timeout: 20000 });
    await env.screenshot('outbox-phone-sv');
  });
});

/** The same screens in English at 390 px: empty outbox and log, and a new template, without sideways scrolling. */
describe('messages in English on a phone', () => {
  let env: E2eEnv;

  beforeAll(async () => {
    env = await startE2e({ locale: 'en-GB', width: 390, height: 844 });
    await env.login();
  });

  afterAll(async () => {
    await env?.close();
  });

  const scrollsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1);

  it('shows the empty outbox and log, and the new-template form', async () => {
    const { page, baseUrl } = env;
    await page.goto(`${baseUrl}/messages/outbox`);
    await page.getByText('No messages have been sent yet.').waitFor({ timeout: 20000 });
    expect(await scrollsSideways(page)).toBe(false);
    await env.screenshot('outbox-empty-en-phone');
    await page.goto(`${baseUrl}/messages/log`);
    await page.waitForURL(/\/bookings#message-log$/);
    await page.getByText('No messages have been sent yet.').waitFor({ timeout: 20000 });
    await env.screenshot('message-log-empty-en-phone');
    await page.goto(`${baseUrl}/messages/templates/new`);
    await page.getByRole('textbox', { name: /^Subject/ }).waitFor({ timeout: 20000 });
    expect(await scrollsSideways(page)).toBe(false);
    await env.screenshot('template-new-en-phone');
  });
});
