import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import { hashPassword } from '../../server/identity/passwords';
import { runMonthlyBilling } from '../../server/areas/billing/invoicing';
import type { Locator } from 'playwright-core';
import { startE2e, type E2eEnv } from './harness';

const EMAIL = 'owner.e2e@fritt.example.com';
const PASSWORD = 'owner-e2e-password';

/** Waits until a dialog has faded in (MUI fades the dialog's container). */
async function settled(dialog: Locator): Promise<void> {
  await expect.poll(() => dialog.evaluate((el) => getComputedStyle(el.closest('.MuiDialog-container') ?? el).opacity), { timeout: 10000 }).toBe('1');
}

/** A company as sign-up leaves it: the free plan, no trial, one administrator. */
async function freeCompany(env: E2eEnv): Promise<number> {
  const company = (await env.db.one<{ id: number }>(
    `insert into companies (name, email, street1, zip_code, city, country_id, organisation_number, time_zone)
     values ('Fria Studion AB', 'info@fritt.example.com', 'Ågatan 3', '753 20', 'Uppsala', 'SE', '556016-0680', 'Europe/Stockholm') returning id`,
  ))!;
  const user = (await env.db.one<{ id: number }>(
    `insert into users (company_id, subject, email, firstname, lastname, password_hash, email_verified, agreement_id)
     values ($1, $2, $3, 'Olle', 'Owner', $4, true, (select max(id) from agreements)) returning id`,
    [company.id, randomUUID(), EMAIL, await hashPassword(PASSWORD)],
  ))!;
  await env.db.query('insert into user_roles (company_id, user_id, role_id) values ($1, $2, 1)', [company.id, user.id]);
  return company.id;
}

/**
 * Issue 15 in the browser: a free company hits its plan's limit on a second administrator and sees
 * the license modal, starts a trial, upgrades with the sandbox card (the provider's page, the
 * redirect back and the billing check loop; the plan starts only when the card is registered, a
 * declined card and a cancel leave the free plan), and downloads its first invoice.
 */
describe('a free company that grows', () => {
  let env: E2eEnv;
  let companyId: number;

  beforeAll(async () => {
    env = await startE2e({ locale: 'en-GB' });
    companyId = await freeCompany(env);
    await env.login(EMAIL, PASSWORD);
  });
  afterAll(async () => env?.close());

  it('meets the license modal, starts a trial, upgrades by card once the card is registered and downloads the first invoice', async () => {
    const { page, baseUrl } = env;
    await page.goto(`${baseUrl}/administrators/new`);
    await page.getByRole('textbox', { name: 'First name' }).fill('Second');
    await page.getByRole('textbox', { name: 'Last name' }).fill('Admin');
    await page.getByRole('textbox', { name: 'E-mail' }).fill('second.e2e@fritt.example.com');
    await page.getByRole('checkbox', { name: 'Administrator' }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    const modal = page.getByRole('dialog', { name: 'Your plan has reached its limit' });
    await modal.waitFor({ timeout: 15000 });
    await expect.poll(() => modal.textContent()).toContain("The Free plan's limit for administrators is 1.");
    await settled(modal);
    await env.screenshot('licenses-limit-modal-en');

    await modal.getByRole('button', { name: 'Start free trial (30 days)' }).click();
    await page.getByText('Your trial has started').waitFor({ timeout: 15000 });

    await page.goto(`${baseUrl}/licenses`);
    const plans = page.getByRole('table', { name: 'License plans' });
    await plans.waitFor({ timeout: 15000 });
    await page.getByRole('button', { name: /Continue trial \(30 days left\)/ }).waitFor();
    // Only what the product has is sold (issue 29): webhooks (issue 31), calendar sync (issue 33), door locks (issue 34) and accounting (issue 35): everything.
    await plans.getByRole('rowheader', { name: 'Newsletters' }).waitFor();
    await plans.getByRole('rowheader', { name: 'Webhooks' }).waitFor();
    await plans.getByRole('rowheader', { name: 'Calendar sync' }).waitFor();
    await plans.getByRole('rowheader', { name: 'Accounting integration' }).waitFor();
    await plans.getByRole('rowheader', { name: 'Door locks' }).waitFor();
    await env.screenshot('licenses-plans-en');

    await plans.getByRole('button', { name: 'Select Standard' }).click();
    await page.getByRole('heading', { name: 'Billing and payment for Standard' }).waitFor();
    await page.getByRole('combobox', { name: 'Billing method' }).click();
    await page.getByRole('option', { name: 'Card payment' }).click();
    await env.screenshot('licenses-billing-form-en');
    await page.getByRole('button', { name: 'Upgrade' }).click();
    // Paid by card, nothing changes before the card is registered (issue 29).
    await page.getByText('Standard is chosen and takes effect once your card is registered. Until then nothing changes.').waitFor({ timeout: 15000 });
    await page.waitForURL((url) => url.pathname === '/billing/add-credit-card', { timeout: 15000 });
    await page.getByText('Standard takes effect once the card is registered. Until then you stay on Free.').waitFor({ timeout: 15000 });
    expect(await env.db.one('select license_type_id from companies where id = $1', [companyId])).toEqual({ license_type_id: 1 });
    await env.screenshot('licenses-add-card-en');

    // A declined card, then Cancel: still on Free, and the card page can be tried again.
    await page.getByRole('button', { name: 'Register card' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/payment-sandbox/checkout/'), { timeout: 15000 });
    await page.getByLabel('Card number').fill('4000 0000 0000 0002');
    await page.getByLabel('Expiry (MM/YY)').fill('12/30');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Pay and register card' }).click();
    await page.getByRole('alert').filter({ hasText: 'The card was declined. No card was registered and nothing was charged.' }).waitFor({ timeout: 15000 });
    await env.screenshot('licenses-sandbox-declined');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL((url) => url.pathname === '/billing/cancel', { timeout: 15000 });
    await page.getByText('No card was registered, so you are still on Free. Standard takes effect once a card is registered.').waitFor({ timeout: 15000 });
    expect(await env.db.one('select license_type_id from companies where id = $1', [companyId])).toEqual({ license_type_id: 1 });
    await env.screenshot('licenses-card-cancelled-en');
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.waitForURL((url) => url.pathname === '/billing/add-credit-card', { timeout: 15000 });

    await page.getByRole('button', { name: 'Register card' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/payment-sandbox/checkout/'), { timeout: 15000 });
    await page.getByLabel('Card number').fill('4111 1111 1111 1111');
    await page.getByLabel('Expiry (MM/YY)').fill('12/30');
    await page.getByLabel('CVC').fill('123');
    await env.screenshot('licenses-sandbox-provider');
    await page.getByRole('button', { name: 'Pay and register card' }).click();
    await page.waitForURL((url) => url.pathname === '/billing/accept', { timeout: 30000 });
    await page.getByText('Your card is registered and your new plan applies from now on.').waitFor();
    expect(await env.db.one('select license_type_id from companies where id = $1', [companyId])).toEqual({ license_type_id: 2 });
    await env.screenshot('licenses-card-accepted-en');
    await page.getByRole('button', { name: 'Go to the dashboard' }).click();
    await page.getByText('License upgraded', { exact: false }).first().waitFor({ timeout: 15000 }).catch(() => undefined);
    await expect.poll(() => page.getByRole('link', { name: 'Upgrade' }).count(), { timeout: 10000 }).toBe(0);

    // The monthly billing job makes the first invoice.
    await runMonthlyBilling(env.db, DateTime.now().setZone('Europe/Stockholm').toFormat('yyyy-MM'));
    await page.goto(`${baseUrl}/account`);
    const invoices = page.getByRole('list', { name: 'Invoices' });
    await invoices.waitFor({ timeout: 15000 });
    await env.screenshot('licenses-account-invoices-en');
    const download = page.waitForEvent('download');
    await invoices.getByRole('button', { name: /Download invoice .* as PDF/ }).first().click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^invoice-\d{6}-\d+\.pdf$/);
  });
});

describe('the license screens in Swedish at phone width', () => {
  let env: E2eEnv;

  beforeAll(async () => {
    env = await startE2e({ locale: 'sv-SE', width: 390, height: 844 });
    await freeCompany(env);
    await env.login(EMAIL, PASSWORD);
  });
  afterAll(async () => env?.close());

  it('shows the plan comparison and the limit modal', async () => {
    const { page, baseUrl } = env;
    await page.goto(`${baseUrl}/licenses`);
    await page.getByRole('table', { name: 'Licensnivåer' }).waitFor({ timeout: 15000 });
    await page.getByRole('button', { name: 'Prova gratis (30 dagar)' }).waitFor();
    // The plans do not fit at 390 px: a line says so, and the table's region takes the keyboard to scroll.
    await page.getByText('Skrolla i sidled för att se mer').waitFor();
    const scroller = page.getByRole('table', { name: 'Licensnivåer' }).locator('..');
    expect(await scroller.getAttribute('tabindex')).toBe('0');
    await scroller.focus();
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => (document.activeElement?.scrollLeft ?? 0) > 0);
    await env.screenshot('licenses-plans-sv-phone');
    await page.goto(`${baseUrl}/administrators/new`);
    await page.getByRole('textbox', { name: 'Förnamn' }).fill('Andra');
    await page.getByRole('textbox', { name: 'Efternamn' }).fill('Admin');
    await page.getByRole('textbox', { name: 'E-post' }).fill('andra.e2e@fritt.example.com');
    await page.getByRole('checkbox').first().check();
    await page.getByRole('button', { name: 'Spara' }).click();
    const modal = page.getByRole('dialog', { name: 'Din licens räcker inte till' });
    await modal.waitFor({ timeout: 15000 });
    await settled(modal);
    await env.screenshot('licenses-limit-modal-sv-phone');
  });
});
