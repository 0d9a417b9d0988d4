import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../server/identity/passwords';
import { DEMO_EMAIL } from '../../server/db/seed';
import { ROLE_IDS } from '../../schema/access/permissions';
import sv from '../../locales/sv.json' with { type: 'json' };
import { startE2e, type E2eEnv } from './harness';

const STAFF_EMAIL = 'staff.e2e@example.com';
const STAFF_PASSWORD = 'staff-e2e-password';

/** Paths of screens a Staff user may not use (administrators, company, billing, settings). */
const FORBIDDEN = ['/company', '/administrators/new', '/licenses', '/booking-settings', '/system-settings', '/payment-settings', '/webhook-settings', '/homepage'];

/**
 * A Staff user of the demo company in Chromium: the sidebar offers only what the role may use, and
 * a screen it may not use, opened by its address, shows the spec's 'invalid role' message.
 */
describe('a Staff user in the browser', () => {
  let env: E2eEnv;

  beforeAll(async () => {
    env = await startE2e({ locale: 'sv-SE' });
    const demo = (await env.db.one<{ company_id: number; agreement_id: number | null }>('select company_id, agreement_id from users where email = $1', [DEMO_EMAIL]))!;
    const staff = await env.db.one<{ id: number }>(
      `insert into users (company_id, subject, email, firstname, lastname, password_hash, email_verified, agreement_id)
       values ($1, $2, $3, 'Sara', 'Staff', $4, true, $5) returning id`,
      [demo.company_id, randomUUID(), STAFF_EMAIL, await hashPassword(STAFF_PASSWORD), demo.agreement_id],
    );
    await env.db.query('insert into user_roles (company_id, user_id, role_id) values ($1, $2, $3)', [demo.company_id, staff!.id, ROLE_IDS.Staff]);
    await env.login(STAFF_EMAIL, STAFF_PASSWORD);
  });

  afterAll(async () => {
    await env?.close();
  });

  const sidebarLinks = async (): Promise<string[]> =>
    env.page.locator('.RaSidebar-fixed a[href], nav a[href]').evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));

  it('has no administrators, company, billing or settings entries in the sidebar', async () => {
    const { page } = env;
    await expect.poll(sidebarLinks, { timeout: 20000 }).toContain('/customers');
    const links = await sidebarLinks();
    expect(links).toEqual(expect.arrayContaining(['/dashboard', '/customers', '/services', '/schedules', '/resources']));
    for (const path of [...FORBIDDEN, '/administrators', '/promo-codes-value-cards', '/eaccounting/settings']) expect(links).not.toContain(path);
    const sidebar = await page.locator('.RaSidebar-fixed').first().innerText();
    expect(sidebar).not.toContain('Inställningar');
    expect(sidebar).not.toContain('Företag');
    // Nothing the shell needs at start is refused: no 'invalid role' message on the dashboard.
    expect(await page.getByText(sv.apiMessages.invalidRole).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Uppgradera' }).count()).toBe(0);
    await env.screenshot('roles-staff-dashboard');
  });

  it("shows the 'invalid role' message for a hidden screen opened by its address", async () => {
    const { page, baseUrl } = env;
    for (const path of FORBIDDEN) {
      await page.goto(`${baseUrl}${path}`);
      await expect.poll(() => page.getByTestId('invalid-role').count(), { timeout: 20000 }).toBe(1);
      expect(await page.getByTestId('invalid-role').innerText()).toBe(sv.apiMessages.invalidRole);
      if (path === '/company') await env.screenshot('roles-staff-company-invalid-role');
    }
  });

  it('uses the customers screen it is allowed', async () => {
    const { page, baseUrl } = env;
    await page.goto(`${baseUrl}/customers`);
    await expect.poll(() => page.locator('table tbody tr').count(), { timeout: 20000 }).toBeGreaterThan(1);
    expect(await page.getByTestId('invalid-role').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Skapa' }).count()).toBe(1);
    await env.screenshot('roles-staff-customers');
  });

  it('reads services but is offered no way to create or delete them', async () => {
    const { page, baseUrl } = env;
    await page.goto(`${baseUrl}/services`);
    await expect.poll(() => page.locator('table tbody tr').count(), { timeout: 20000 }).toBeGreaterThan(1);
    expect(await page.getByRole('link', { name: 'Skapa' }).count()).toBe(0);
    await page.locator('table tbody tr').first().click();
    await expect.poll(() => page.locator('input[name="Name"]').count(), { timeout: 20000 }).toBe(1);
    expect(await page.getByRole('button', { name: 'Ta bort' }).count()).toBe(0);
    await env.screenshot('roles-staff-service');
  });
});
