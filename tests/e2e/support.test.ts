import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../server/identity/passwords';
import { startE2e, type E2eEnv } from './harness';

/**
 * Support as its users meet it (issue 36): an administrator opens a case with a screenshot attached,
 * the support desk answers it from its own view, the answer's mail is in the outbox, and the
 * administrator sees the answer on the case (axe-audited at desktop and phone width, in Swedish).
 */
describe('a company asks support and gets an answer', () => {
  let env: E2eEnv;
  const deskEmail = 'desk.agent@example.com';
  const deskPassword = 'desk-agent-password';

  let png: Buffer;

  beforeAll(async () => {
    png = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#2e7d32' } }).png().toBuffer();
    env = await startE2e({ locale: 'sv-SE' });
    await env.login();
    const user = await env.db.one<{ id: number }>(
      `insert into users (company_id, subject, email, firstname, lastname, password_hash, email_verified)
       select company_id, gen_random_uuid()::text, $1, 'Sara', 'Support', $2, true from users where email = 'demo@example.com' returning id`,
      [deskEmail, await hashPassword(deskPassword)],
    );
    await env.db.query('insert into support_desk_agents (user_id, company_id) select id, company_id from users where id = $1', [user!.id]);
  });
  afterAll(async () => env?.close());

  let caseUrl = '';

  it('opens a case with an attachment', async () => {
    const { page, baseUrl } = env;
    await page.goto(`${baseUrl}/support`);
    await page.getByRole('link', { name: /Nytt ärende/ }).first().click();
    await page.waitForURL(`${baseUrl}/support/tickets/new`);
    await page.getByRole('combobox', { name: 'Typ' }).click();
    await page.getByRole('option', { name: 'Problem' }).click();
    await page.getByRole('combobox', { name: 'Område' }).click();
    await page.getByRole('option', { name: 'Bokningar' }).click();
    await page.getByRole('textbox', { name: 'Rubrik' }).fill('Schemat visar inga tider');
    await page.getByRole('textbox', { name: 'Beskrivning' }).fill('Sedan i måndags är schemat tomt för Bana 1.');
    await page.getByLabel('Bifoga fil').setInputFiles({ name: 'skarmbild.png', mimeType: 'image/png', buffer: png });
    await page.getByText('skarmbild.png').waitFor();
    await env.screenshot('support-new-sv');
    await page.getByRole('button', { name: 'Skicka ärendet' }).click();
    await page.waitForURL(/\/support\/tickets\/\d+$/, { timeout: 15000 });
    caseUrl = page.url();
    await page.getByRole('heading', { name: 'Schemat visar inga tider' }).waitFor();
    await page.getByRole('region', { name: 'Bilagor' }).getByText('skarmbild.png').waitFor({ timeout: 15000 });
    await page.getByText('Ny', { exact: true }).waitFor();
    await env.screenshot('support-case-sv');
  });

  it('is answered by the support desk, whose mail reaches the one who opened it', async () => {
    const context = await env.browser.newContext({ locale: 'sv-SE', viewport: { width: 1280, height: 860 } });
    const desk = await context.newPage();
    await desk.goto(`${env.baseUrl}/`);
    await desk.locator('input[name="email"], input[name="username"], input[type="email"]').first().fill(deskEmail);
    await desk.locator('input[type="password"]').first().fill(deskPassword);
    await desk.locator('button[type="submit"]').first().click();
    await desk.waitForURL((url) => url.origin === env.baseUrl && !url.pathname.startsWith('/realms'), { timeout: 30000 });
    await desk.goto(`${env.baseUrl}/support/tickets`);
    await desk.getByText('Alla företags ärenden').first().waitFor({ timeout: 15000 });
    // A new account accepts the user agreement first.
    await desk.getByRole('button', { name: 'Jag godkänner', exact: true }).click();
    await desk.getByRole('link', { name: /Schemat visar inga tider/ }).click();
    await desk.getByRole('textbox', { name: 'Skriv en kommentar' }).fill('Schemat hade tagit slut. Vi har förlängt det.');
    await desk.getByRole('button', { name: 'Skicka' }).click();
    await desk.getByText('Schemat hade tagit slut. Vi har förlängt det.').waitFor({ timeout: 15000 });
    await desk.screenshot({ path: '.tmp/screenshots/support-desk-sv.png', fullPage: true });
    await context.close();

    await env.app.jobs.drain();
    const mail = await env.db.one<{ subject: string; text_body: string }>("select subject, text_body from mail_outbox where kind = 'support_answer' and to_address = 'demo@example.com'");
    expect(mail!.subject).toContain('Schemat visar inga tider');
    expect(mail!.text_body).toContain('Schemat hade tagit slut.');
  });

  it('shows the answer to the company', async () => {
    const { page } = env;
    await page.goto(caseUrl);
    await page.getByText('Schemat hade tagit slut. Vi har förlängt det.').waitFor({ timeout: 15000 });
    await page.getByText('Besvarad', { exact: true }).waitFor();
    await env.screenshot('support-answered-sv');
    await page.setViewportSize({ width: 390, height: 844 });
    await env.screenshot('support-answered-sv-390');
    await page.setViewportSize({ width: 1280, height: 860 });
    await page.goto(`${env.baseUrl}/support/cases`);
    await page.waitForURL(`${env.baseUrl}/support/tickets`);
    await page.getByRole('link', { name: /Schemat visar inga tider/ }).waitFor();
    await page.goto(`${env.baseUrl}/support/manuals`);
    await page.getByRole('searchbox', { name: 'Sök i manualerna' }).fill('tidsundantag');
    await page.getByText('Scheman och undantag').waitFor();
    await env.screenshot('support-manuals-sv');
  });
});

describe('an administrator sets the system settings', () => {
  let env: E2eEnv;

  beforeAll(async () => {
    env = await startE2e({ locale: 'sv-SE' });
    await env.login();
  });
  afterAll(async () => env?.close());

  it('changes the date format and the SMS sender on one screen, which the call then answers', async () => {
    const { page, baseUrl } = env;
    await page.goto(`${baseUrl}/system-settings`);
    await page.getByRole('combobox', { name: 'Datumformat' }).click();
    await page.getByRole('option', { name: 'dd.MM.yyyy' }).click();
    const sms = page.getByRole('textbox', { name: 'Avsändare av sms' });
    await sms.fill('En alldeles för lång avsändare');
    await page.getByRole('button', { name: 'Spara' }).click();
    await page.getByText('Högst 11 bokstäver och siffror, eller ett telefonnummer.', { exact: true }).waitFor();
    await sms.fill('Solrosen');
    await page.getByRole('button', { name: 'Spara' }).click();
    await page.getByText('Systeminställningarna sparades').waitFor({ timeout: 15000 });
    const saved = await env.db.one<{ date_format: string; sms_sender: string }>('select date_format, sms_sender from system_settings');
    expect(saved).toEqual({ date_format: 'dd.MM.yyyy', sms_sender: 'Solrosen' });
    await env.screenshot('system-settings-sv');
    await page.setViewportSize({ width: 390, height: 844 });
    await env.screenshot('system-settings-sv-390');
  });
});
