import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EMAIL } from '../../server/db/seed';
import { startE2e, type E2eEnv } from './harness';

/**
 * History as an administrator meets it (issue 39): change a customer and an article, read who
 * changed what on each record's History tab, and find both in the audit list, filtered by action.
 */
describe('an administrator reads the history of records', () => {
  let env: E2eEnv;

  beforeAll(async () => {
    env = await startE2e({ locale: 'sv-SE' });
    await env.login();
  });

  afterAll(async () => {
    await env?.close();
  });

  async function rename(path: string, field: string, value: string): Promise<void> {
    const { page, baseUrl } = env;
    await page.goto(`${baseUrl}${path}`);
    const input = page.locator(`input[name="${field}"]`);
    await input.waitFor();
    await input.fill(value);
    await page.getByRole('button', { name: 'Spara' }).first().click();
    await page.getByText(/uppdaterad|sparad/i).first().waitFor({ timeout: 15000 });
  }

  it("shows a record's change on its History tab, naming the user and the field", async () => {
    const { page } = env;
    const article = await env.db.one<{ id: number; name: string }>('select id, name from articles order by id limit 1');
    await rename(`/articles/${article!.id}`, 'Name', 'Badlakan stort');
    await page.getByRole('tab', { name: 'Historik' }).click();
    const region = page.getByRole('region', { name: 'Historik' });
    await expect.poll(() => region.innerText(), { timeout: 15000 }).toContain('Badlakan stort');
    const text = await region.innerText();
    expect(text).toContain(DEMO_EMAIL);
    expect(text).toContain('Ändrad');
    expect(text).toContain(`${article!.name} → Badlakan stort`);
    expect(page.url()).toMatch(/#history$/);
    await env.screenshot('history-tab-sv');
  });

  it('lists the changes of every kind of record in the audit list, and filters them by action', async () => {
    const { page, baseUrl } = env;
    const customer = await env.db.one<{ id: number }>('select id from customers order by id limit 1');
    await rename(`/customers/${customer!.id}`, 'Firstname', 'Astrid');
    await page.goto(`${baseUrl}/history`);
    const table = page.locator('table tbody');
    await expect.poll(() => table.innerText(), { timeout: 15000 }).toContain('Astrid');
    expect(await table.innerText()).toContain('Badlakan stort');
    await env.screenshot('history-list-sv');
    await page.getByRole('combobox', { name: 'Vad' }).click();
    await page.getByRole('option', { name: 'Skapad' }).click();
    await expect.poll(() => page.url(), { timeout: 15000 }).toContain('create');
    // Nothing was created in this test: the list is empty (its table gone, the empty state in its place).
    await expect.poll(() => page.locator('main').innerText(), { timeout: 15000 }).not.toContain('Astrid');
  });
});
