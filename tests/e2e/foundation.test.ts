import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2e, type E2eEnv } from './harness';

/**
 * The foundation as a new administrator meets it: sign in through the identity provider's form,
 * create, edit, find and delete a service and a customer, switch language and reload.
 */
describe('an administrator runs the back office in the browser', () => {
  let env: E2eEnv;

  beforeAll(async () => {
    env = await startE2e({ locale: 'sv-SE' });
    await env.login();
  });

  afterAll(async () => {
    await env?.close();
  });

  const rowsNamed = async (table: 'services' | 'customers', column: string, value: string): Promise<number> => {
    const rows = await env.db.query<{ n: number }>(`select count(*)::int as n from ${table} where ${column} = $1`, [value]);
    return rows[0].n;
  };

  const waitForRows = async (table: 'services' | 'customers', column: string, value: string, expected: number): Promise<void> => {
    await expect.poll(() => rowsNamed(table, column, value), { timeout: 15000 }).toBe(expected);
  };

  it('shows the shell in Swedish, the default language, with the company in the user menu', async () => {
    const { page } = env;
    await expect.poll(() => page.getByRole('navigation').or(page.locator('.RaSidebar-fixed')).first().innerText(), { timeout: 15000 }).toContain('Tjänster');
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('sv');
    await env.screenshot('foundation-dashboard-sv');
    // MUI's own words (read by screen readers) follow the interface language too.
    await page.goto(`${env.baseUrl}/customers`);
    await page.getByRole('navigation', { name: 'Sidnavigering' }).waitFor({ timeout: 15000 });
    expect(await page.getByRole('navigation', { name: 'pagination navigation' }).count()).toBe(0);
  });

  it('creates, edits, finds and deletes a service', async () => {
    const { page, baseUrl } = env;
    await page.goto(`${baseUrl}/services/new`);
    await page.locator('input[name="Name"]').fill('Yin yoga E2E');
    await page.locator('textarea[name="Description"]').first().fill('Lugn yoga i långa positioner.');
    await page.locator('button[type="submit"]').first().click();
    await waitForRows('services', 'name', 'Yin yoga E2E', 1);

    const created = await env.db.one<{ id: number; duration: number }>(`select id, duration from services where name = 'Yin yoga E2E'`);
    expect(created?.duration).toBe(60);
    await page.goto(`${baseUrl}/services/${created!.id}`);
    const name = page.locator('input[name="Name"]');
    await expect.poll(() => name.inputValue(), { timeout: 15000 }).toBe('Yin yoga E2E');
    await name.fill('Yin yoga kväll E2E');
    await page.locator('button[type="submit"]').first().click();
    await waitForRows('services', 'name', 'Yin yoga kväll E2E', 1);

    await page.goto(`${baseUrl}/services`);
    await expect.poll(() => page.locator('table tbody tr').count(), { timeout: 15000 }).toBeGreaterThan(1);
    await page.locator('input[name="q"]').fill('kväll');
    await expect.poll(() => page.locator('table tbody').innerText(), { timeout: 15000 }).toContain('Yin yoga kväll E2E');
    await expect.poll(() => page.locator('table tbody tr').count(), { timeout: 15000 }).toBe(1);
    await env.screenshot('foundation-services-search-sv');

    await page.locator('table tbody tr').first().click();
    await page.waitForURL(new RegExp(`/services/${created!.id}$`));
    await page.getByRole('button', { name: /ta bort/i }).first().click();
    const confirm = page.getByRole('dialog').getByRole('button', { name: /bekräfta|ta bort|ja/i });
    if (await confirm.count()) await confirm.first().click();
    await waitForRows('services', 'id', String(created!.id), 0);
  });

  it('creates, edits, finds and deletes a customer, with the mandatory custom field enforced', async () => {
    const { page, baseUrl } = env;
    await page.goto(`${baseUrl}/customers/new`);
    await page.locator('input[name="Firstname"]').fill('Greta');
    await page.locator('input[name="Lastname"]').fill('Testsson');
    await page.locator('input[name="Email"]').fill('greta.testsson@example.com');
    const member = page.getByLabel(/Medlemsnummer/);
    await member.fill('12');
    await page.locator('button[type="submit"]').first().click();
    // The seeded field's own pattern message is shown and nothing is saved.
    await expect.poll(() => page.locator('form').innerText(), { timeout: 10000 }).toMatch(/M\d|medlemsnummer/i);
    expect(await rowsNamed('customers', 'email', 'greta.testsson@example.com')).toBe(0);

    await member.fill('M12345');
    await page.locator('button[type="submit"]').first().click();
    await waitForRows('customers', 'email', 'greta.testsson@example.com', 1);
    const created = await env.db.one<{ id: number }>(`select id from customers where email = 'greta.testsson@example.com'`);

    await page.goto(`${baseUrl}/customers/${created!.id}`);
    const lastname = page.locator('input[name="Lastname"]');
    await expect.poll(() => lastname.inputValue(), { timeout: 15000 }).toBe('Testsson');
    await lastname.fill('Provsson');
    await page.locator('button[type="submit"]').first().click();
    await waitForRows('customers', 'lastname', 'Provsson', 1);

    await page.goto(`${baseUrl}/customers`);
    await expect.poll(() => page.locator('table tbody tr').count(), { timeout: 15000 }).toBeGreaterThan(1);
    await page.locator('input[name="q"]').fill('provsson');
    await expect.poll(() => page.locator('table tbody tr').count(), { timeout: 15000 }).toBe(1);
    await expect.poll(() => page.locator('table tbody').innerText()).toContain('greta.testsson@example.com');

    await page.locator('table tbody tr').first().click();
    await page.waitForURL(new RegExp(`/customers/${created!.id}$`));
    await page.getByRole('button', { name: /ta bort/i }).first().click();
    const confirm = page.getByRole('dialog').getByRole('button', { name: /bekräfta|ta bort|ja/i });
    if (await confirm.count()) await confirm.first().click();
    await waitForRows('customers', 'id', String(created!.id), 0);
  });

  it('switches to English, and the choice survives a reload', async () => {
    const { page, baseUrl } = env;
    await page.goto(`${baseUrl}/customers`);
    await page.getByRole('button', { name: 'Svenska' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('en');
    await expect.poll(() => page.getByRole('menuitem', { name: 'Customers' }).count()).toBe(1);
    await page.reload();
    await expect.poll(() => page.locator('html').getAttribute('lang'), { timeout: 20000 }).toBe('en');
    await expect.poll(() => page.getByRole('menuitem', { name: 'Services' }).count(), { timeout: 20000 }).toBe(1);
    await expect.poll(() => page.getByRole('menuitem', { name: 'Tjänster' }).count()).toBe(0);
    await env.screenshot('foundation-customers-en');
  });

  it('works on a narrow screen: the sidebar is an overlay that closes when an item is clicked', async () => {
    const { page, baseUrl } = env;
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`${baseUrl}/dashboard`);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const item = page.getByRole('menuitem', { name: 'Customers' });
    await item.click();
    await page.waitForURL(/\/customers(\?|$)/);
    await expect.poll(() => item.isVisible()).toBe(false);
    await env.screenshot('foundation-customers-narrow-en');
  });
});
