import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2e, type E2eEnv } from './harness';

/** The mailed verification link, as the mailer recorded it (sandbox mail_outbox). */
async function verificationLink(env: E2eEnv, email: string): Promise<string> {
  let link = '';
  await expect
    .poll(
      async () => {
        await env.app.jobs.drain();
        const row = await env.db.one<{ text_body: string }>("select text_body from mail_outbox where to_address = $1 and kind = 'signup_verify' order by id desc limit 1", [email]);
        link = /https?:\/\/\S+\/signup\/verify\?\S+/.exec(row?.text_body ?? '')?.[0] ?? '';
        return link;
      },
      { timeout: 15000 },
    )
    .not.toBe('');
  return link;
}

describe('a new company signs up and creates its first service', () => {
  let env: E2eEnv;
  const email = 'anna@fjallyoga.example.com';
  const password = 'Fjällyoga-lösen-2030';

  beforeAll(async () => {
    env = await startE2e({ locale: 'sv-SE' });
  });
  afterAll(async () => {
    await env?.close();
  });

  it('from the sign-in page to free times in the wizard, then sends the company for approval', async () => {
    const { page, baseUrl } = env;
    await page.goto(`${baseUrl}/`);
    await page.getByRole('link', { name: 'Registrera ditt företag' }).click();
    await page.waitForURL((url) => url.pathname === '/signup');
    await page.getByRole('heading', { name: 'Registrera ditt företag' }).waitFor();
    await env.screenshot('signup-form-sv');

    // Bad input is named field by field before anything is sent.
    await page.getByRole('button', { name: 'Registrera', exact: true }).click();
    await page.getByText('Obligatoriskt').first().waitFor();
    await page.locator('#signup-OrganisationNumber').fill('556036-0794');
    await page.getByRole('button', { name: 'Registrera', exact: true }).click();
    await page.getByText('Organisationsnumret är inte giltigt', { exact: false }).waitFor();
    await env.screenshot('signup-form-errors-sv');

    await page.locator('#signup-CompanyName').fill('Fjällyoga AB');
    await page.locator('#signup-OrganisationNumber').fill('556036-0793');
    await page.locator('#signup-Email').fill(email);
    await page.locator('#signup-Password').fill(password);
    await page.getByRole('button', { name: 'Registrera', exact: true }).click();
    await page.getByRole('heading', { name: 'Kolla din e-post' }).waitFor();
    expect(await page.getByRole('status').textContent()).toContain(email);
    await env.screenshot('signup-sent-sv');

    // The link in the mail creates the company; then the administrator signs in.
    await page.goto(await verificationLink(env, email));
    await page.getByRole('heading', { name: 'Kontot är klart' }).waitFor();
    await env.screenshot('signup-verified-sv');
    await page.getByRole('link', { name: 'Logga in och kom igång' }).click();
    await page.locator('input[type="email"]').waitFor();
    await page.locator('input[type="email"]').fill(email);
    await page.locator('input[type="password"]').fill(password);
    await page.locator('button[type="submit"]').first().click();

    // The agreement first, then the first steps.
    await page.getByRole('dialog', { name: 'Användaravtal' }).waitFor({ timeout: 30000 });
    await page.getByRole('button', { name: 'Jag godkänner', exact: true }).click();
    await page.getByRole('heading', { name: 'Kom igång', level: 2 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/setup-account');
    await page.getByText('Registrerat', { exact: false }).first().waitFor();
    expect(await page.getByRole('button', { name: 'Skicka för godkännande' }).isDisabled()).toBe(true);
    await env.screenshot('setup-account-new-sv');

    await page.getByRole('link', { name: 'Skapa tjänst' }).click();
    await page.getByRole('heading', { name: 'Skapa din första tjänst', level: 2 }).waitFor();
    await page.locator('#wizard-Name').fill('Yoga 60 min');
    await page.locator('#wizard-Description').fill('Hatha yoga för alla nivåer.');
    await page.locator('#wizard-Price').fill('200');
    await page.locator('#wizard-ResourceName').fill('Stora salen');
    await env.screenshot('setup-create-service-sv');
    await page.getByRole('button', { name: 'Skapa tjänsten' }).click();
    await page.getByText('Tjänsten Yoga 60 min är skapad.').waitFor({ timeout: 20000 });
    const freeTimes = page.getByRole('list', { name: 'Lediga tider' });
    await freeTimes.waitFor();
    await expect.poll(() => freeTimes.getByText('10:00').count()).toBeGreaterThan(0);
    await env.screenshot('setup-free-times-sv');

    await page.getByRole('link', { name: 'Tillbaka till Kom igång' }).click();
    await page.getByText('Du har en tjänst.').waitFor();
    await page.getByRole('button', { name: 'Skicka för godkännande' }).click();
    await page.getByText('Väntar på godkännande', { exact: false }).first().waitFor();
    await env.screenshot('setup-account-awaiting-sv');

    const company = await env.db.one<{ status_id: number; license_type_id: number; n: number }>(
      `select c.status_id, c.license_type_id, (select count(*)::int from companies where organisation_number = '556036-0793') as n
         from companies c join users u on u.company_id = c.id where u.email = $1`,
      [email],
    );
    expect(company).toEqual({ status_id: 2, license_type_id: 1, n: 1 });
  });
});

describe('sign-up and the first steps in English at phone width', () => {
  let env: E2eEnv;

  beforeAll(async () => {
    env = await startE2e({ locale: 'en-GB', width: 390, height: 844 });
  });
  afterAll(async () => {
    await env?.close();
  });

  it('shows the form, the used-link page and the wizard in English on a phone', async () => {
    const { page, baseUrl } = env;
    await page.goto(`${baseUrl}/signup?lang=en`);
    await page.getByRole('heading', { name: 'Sign up your company' }).waitFor();
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();
    await page.getByText('Enter a valid e-mail address').waitFor();
    await env.screenshot('signup-form-en-phone');

    // What only the server knows is shown under its field too: a common password.
    await page.locator('#signup-CompanyName').fill('Fjord Padel AS');
    await page.getByRole('combobox', { name: /Country/ }).click();
    await page.getByRole('option', { name: 'Norway' }).click();
    await page.locator('#signup-OrganisationNumber').fill('923609016');
    await page.locator('#signup-Email').fill('ola@fjordpadel.example.com');
    await page.locator('#signup-Password').fill('password123');
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();
    await page.getByText('The password is too common. Choose one that is harder to guess.').waitFor();
    await env.screenshot('signup-form-server-error-en-phone');

    await page.goto(`${baseUrl}/signup/verify?token=used-or-wrong&lang=en`);
    await page.getByText('The link is invalid, already used or has expired', { exact: false }).waitFor();
    await env.screenshot('signup-link-invalid-en-phone');

    await env.login();
    await page.goto(`${baseUrl}/setup-account`);
    await page.getByRole('heading', { name: 'Get started', level: 2 }).waitFor();
    await page.getByText('Approved', { exact: false }).first().waitFor();
    await env.screenshot('setup-account-approved-en-phone');
    await page.goto(`${baseUrl}/setup-account/create-service`);
    await page.getByRole('button', { name: 'Create the service' }).click();
    await page.getByText('Required').first().waitFor();
    await env.screenshot('setup-create-service-en-phone');
  });
});
