import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviewLink } from '../../server/shared/reviewLinks';
import { startE2e, type E2eEnv } from './harness';

/**
 * GDPR and reviews as an administrator and a customer meet them (issue 36): a customer's data is
 * downloaded as PDF and JSON, the customer is erased after the two confirmations; a customer answers
 * the review link (Swedish and English page, 390 px), the review arrives on /reviews, is hidden with
 * a reason and shown again. Every screen is axe-audited at desktop and phone width.
 */
describe('GDPR and reviews', () => {
  let env: E2eEnv;
  let companyId: number;

  beforeAll(async () => {
    env = await startE2e({ locale: 'sv-SE' });
    await env.login();
    companyId = (await env.db.one<{ company_id: number }>(`select company_id from users where email = 'demo@example.com'`))!.company_id;
  });
  afterAll(async () => env?.close());

  it('downloads a customer’s data as PDF and JSON, and erases the customer after asking twice', async () => {
    const { page, baseUrl } = env;
    const customer = (await env.db.one<{ id: number; firstname: string; lastname: string }>(
      `select c.id, c.firstname, c.lastname from customers c
        where c.company_id = $1 and c.email is not null
          and not exists (select 1 from bookings b where b.customer_id = c.id and b.ends_at > now() and b.status_id not in (2, 4))
        order by c.id limit 1`,
      [companyId],
    ))!;
    const name = `${customer.firstname} ${customer.lastname}`;
    await page.goto(`${baseUrl}/customers/${customer.id}`);
    await page.getByRole('tab', { name: 'GDPR' }).click();
    await page.getByRole('button', { name: 'Ladda ner som PDF' }).waitFor();
    await env.screenshot('gdpr-tab-sv');

    const pdf = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Ladda ner som PDF' }).click();
    const pdfFile = await pdf;
    expect(pdfFile.suggestedFilename()).toBe(`customer-${customer.id}.pdf`);
    expect(readFileSync((await pdfFile.path())!).subarray(0, 5).toString()).toBe('%PDF-');
    const json = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Ladda ner kunddata (JSON)' }).click();
    const data = JSON.parse(readFileSync((await (await json).path())!, 'utf8')) as { Customer: { Id: number }; Related: Record<string, unknown[]> };
    expect(data.Customer.Id).toBe(customer.id);
    expect(Object.keys(data.Related)).toEqual(expect.arrayContaining(['bookings', 'message_log', 'reviews']));

    await page.getByRole('button', { name: 'Ta bort personuppgifter…' }).click();
    const dialog = page.getByRole('dialog', { name: `Ta bort personuppgifterna för ${name}?` });
    await dialog.getByText('Det går inte att ångra.').waitFor();
    await env.screenshot('gdpr-erase-ask-sv');
    await dialog.getByRole('button', { name: 'Fortsätt' }).click();
    const confirm = dialog.getByRole('button', { name: 'Ta bort personuppgifter' });
    await dialog.getByRole('textbox', { name: 'Kundens namn' }).fill('Någon annan');
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByRole('textbox', { name: 'Kundens namn' }).fill(name);
    await page.setViewportSize({ width: 390, height: 844 });
    await env.screenshot('gdpr-erase-type-sv-390');
    await page.setViewportSize({ width: 1280, height: 860 });
    await confirm.click();
    await page.getByText(`Personuppgifterna för ${name} är borttagna`).waitFor({ timeout: 15000 });
    const erased = await env.db.one<{ firstname: string; email: string | null; erased: Date | null }>('select firstname, email, erased from customers where id = $1', [customer.id]);
    expect(erased).toMatchObject({ firstname: 'Raderad kund', email: null });
    expect(erased!.erased).not.toBeNull();
    // Nothing is left to erase: the tab says when it was done, with no erase button.
    await page.getByText(/^Kundens personuppgifter togs bort \d{4}-\d{2}-\d{2}\.$/).waitFor({ timeout: 15000 });
    expect(await page.getByRole('button', { name: 'Ta bort personuppgifter…' }).count()).toBe(0);
    await env.screenshot('gdpr-erased-sv');
  });

  it('shows a review after the customer answers the link, hides it with a reason and shows it again', async () => {
    const { page, baseUrl } = env;
    await page.goto(`${baseUrl}/reviews`);
    await page.getByText('Inga omdömen matchar.').waitFor({ timeout: 15000 });
    // Review requests are off until switched on.
    const ask = page.getByRole('switch', { name: 'Be kunderna om omdömen' });
    expect(await ask.isChecked()).toBe(false);
    await ask.check();
    await page.getByRole('button', { name: 'Spara' }).click();
    await page.getByText('Inställningen för omdömen är sparad').waitFor();
    await env.screenshot('reviews-empty-sv');

    // A visit that took place yesterday (a booking in the past cannot be made through the API).
    const booking = await env.db.one<{ id: number }>(
      `insert into bookings (company_id, service_id, customer_id, starts_at, ends_at, status_id, resource_ids)
       select $1, s.id, (select id from customers where company_id = $1 and erased is null order by id limit 1),
              date_trunc('hour', now()) - interval '1 day', date_trunc('hour', now()) - interval '23 hours', 1,
              array(select r.id from resources r where r.company_id = $1 order by r.id limit 1)
         from services s where s.company_id = $1 order by s.id limit 1 returning id`,
      [companyId],
    );
    const link = await reviewLink(env.db, companyId, booking!.id, baseUrl, 'sv');

    await page.goto(link.replace('lang=sv', 'lang=en'));
    await page.getByRole('heading', { level: 1, name: 'How was your visit?' }).waitFor();
    await env.screenshot('review-page-en');
    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: 'Hur var ditt besök?' }).waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    await env.screenshot('review-page-sv-390');
    await page.setViewportSize({ width: 1280, height: 860 });
    await page.getByRole('group', { name: 'Ditt betyg' }).getByRole('radio', { name: '4 – Mycket bra' }).check();
    await page.getByRole('textbox', { name: 'Kommentar (frivillig)' }).fill('Trevlig personal men kall omklädningsrum.');
    await page.getByRole('button', { name: 'Skicka omdöme' }).click();
    await page.getByRole('heading', { level: 1, name: 'Tack för ditt omdöme!' }).waitFor();
    await env.screenshot('review-thanks-sv');

    await page.goto(`${baseUrl}/reviews`);
    const row = page.getByRole('row', { name: /Trevlig personal men kall omklädningsrum/ });
    await row.waitFor({ timeout: 15000 });
    await page.getByText('Snittbetyg: 4.00 (1 omdömen)').waitFor();
    await row.getByRole('button', { name: /^Dölj omdömet från/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Dölj omdöme' });
    await dialog.getByRole('textbox', { name: 'Anledning till att dölja' }).fill('Namnger en anställd');
    await env.screenshot('reviews-hide-sv');
    await dialog.getByRole('button', { name: 'Dölj', exact: true }).click();
    await page.getByText('Omdömet är dolt').waitFor();
    await row.getByText('Namnger en anställd').waitFor();
    await page.getByText('Snittbetyg: Inga omdömen ännu').waitFor();
    await env.screenshot('reviews-hidden-sv');
    await page.setViewportSize({ width: 390, height: 844 });
    await env.screenshot('reviews-hidden-sv-390');
    await page.setViewportSize({ width: 1280, height: 860 });
    await row.getByRole('button', { name: /^Visa omdömet från/ }).click();
    await page.getByText('Omdömet visas igen').waitFor();
    expect(await env.db.one('select hidden, hidden_reason from reviews where booking_id = $1', [booking!.id])).toEqual({ hidden: false, hidden_reason: null });
  });

  it('shows the reviews screen and the GDPR tab in English', async () => {
    const { page, baseUrl } = env;
    await page.goto(`${baseUrl}/reviews`);
    await page.getByRole('button', { name: 'Svenska' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('en');
    await page.getByText('Average rating: 4.00 (1 reviews)').waitFor({ timeout: 15000 });
    await page.getByRole('button', { name: /^Hide the review by/ }).waitFor();
    await env.screenshot('reviews-en');
    await page.setViewportSize({ width: 390, height: 844 });
    await env.screenshot('reviews-en-390');
    await page.setViewportSize({ width: 1280, height: 860 });
    const customer = await env.db.one<{ id: number }>('select id from customers where company_id = $1 and erased is null order by id desc limit 1', [companyId]);
    await page.goto(`${baseUrl}/customers/${customer!.id}`);
    await page.getByRole('tab', { name: 'GDPR' }).click();
    await page.getByRole('button', { name: 'Erase personal data…' }).click();
    await page.getByRole('dialog').getByText('This cannot be undone.').waitFor();
    await env.screenshot('gdpr-erase-ask-en');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  });
});
