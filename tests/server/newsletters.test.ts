import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import type { Newsletter, NewsletterSend, NewsletterTemplate } from '../../schema/newsletters';
import { dispatchDueNewsletters, NEWSLETTER_BATCH_SIZE, sendNewsletterBatch } from '../../server/areas/newsletters/delivery';
import { createTestServer, OTHER_EMAIL, OTHER_PASSWORD, type TestServer } from './harness';

let server: TestServer;
let companyId: number;
let zone: string;

interface Page<T> {
  Total: number;
  Results: T[];
}
interface ErrorBody {
  ResponseStatus: { ErrorCode: string; Errors: { FieldName: string; Message: string }[] };
}
const fields = (res: { json(): unknown }) => (res.json() as ErrorBody).ResponseStatus.Errors.map((e) => e.FieldName);

beforeAll(async () => {
  server = await createTestServer();
  const row = await server.db.one<{ company_id: number; time_zone: string }>(
    "select u.company_id, c.time_zone from users u join companies c on c.id = u.company_id where u.email = 'demo@example.com'",
  );
  companyId = row!.company_id;
  zone = row!.time_zone;
});
afterAll(async () => {
  await server?.close();
});

async function ok<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown): Promise<T> {
  const res = await server.api({ method, url, payload: payload as Record<string, unknown> });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}

async function newTemplate(extra: Record<string, unknown> = {}): Promise<NewsletterTemplate> {
  return ok<NewsletterTemplate>('POST', '/api/newsletter/templates', { Heading: 'Vårnytt {{ Customer.Firstname }}', Body: '<p>Hej {{ Customer.Firstname }}!</p>', ...extra });
}

/** Customers who subscribed, made directly in the database (a test of many receivers). */
async function subscribers(count: number, tag: string): Promise<number[]> {
  const rows = await server.db.query<{ id: number }>(
    `insert into customers (company_id, firstname, lastname, email, subscribed_to_newsletter)
     select $1, 'Kund' || g, $2, $2 || g || '@example.com', true from generate_series(1, $3) g returning id`,
    [companyId, tag, count],
  );
  return rows.map((r) => r.id);
}

const localNow = (plusSeconds = 0) => DateTime.now().setZone(zone).plus({ seconds: plusSeconds }).toFormat("yyyy-MM-dd'T'HH:mm:ss");
const sendOf = async (id: number) => (await ok<Page<NewsletterSend>>('GET', `/api/newsletter/sends?Id=${id}`)).Results[0];
/** The send's time comes: as if its minute had passed. */
const makeDue = (id: number) => server.db.query('update newsletter_sends set to_send_date = now() where id = $1', [id]);
const mailsTo = (receivers: string[]) =>
  server.db.query<{ to_address: string; subject: string; html_body: string; text_body: string }>(
    "select to_address, subject, html_body, text_body from mail_outbox where kind = 'newsletter' and to_address = any($1) order by id",
    [receivers],
  );

describe('newsletter templates', () => {
  it('keeps heading, sanitised body, image and send method; lists with the admin filter and order', async () => {
    const created = await newTemplate({ Body: '<p onclick="x()">Hej</p><script>alert(1)</script>', ImageUrl: 'https://example.com/a.png' });
    expect(created).toMatchObject({ Heading: 'Vårnytt {{ Customer.Firstname }}', ImageUrl: 'https://example.com/a.png', SendMethodId: 1 });
    expect(created.Body).not.toMatch(/script|onclick/);
    expect(created.Body).toContain('Hej');
    const page = await ok<Page<NewsletterTemplate>>('GET', '/api/newsletter/templates?Take=25&Skip=0&OrderBy=-Id,-ModifiedDate&ReceiverContains=vårnytt&Sent=false');
    expect(page.Results[0].Id).toBe(created.Id);
    const updated = await ok<NewsletterTemplate>('PUT', `/api/newsletter/templates/${created.Id}`, { Heading: 'Sommar', SendMethodId: 1 });
    expect(updated.Heading).toBe('Sommar');
    const res = await server.api({ method: 'POST', url: '/api/newsletter/templates', payload: { Heading: '  ' } });
    expect(res.statusCode).toBe(400);
    expect(fields(res)).toEqual(['Heading']);
    const broken = await server.api({ method: 'POST', url: '/api/newsletter/templates', payload: { Heading: 'Hej', Body: '<p>{{ Customer.Firstname </p>' } });
    expect(broken.statusCode).toBe(400);
    expect(fields(broken)).toEqual(['Body']);
  });

  it('lists the merge fields a newsletter can use in the caller\'s language', async () => {
    const res = await server.api({ method: 'GET', url: '/api/newsletter/fieldtranslations', headers: { 'x-language': 'sv' } });
    const list = res.json() as { Field: string; Name: string }[];
    expect(list).toContainEqual(expect.objectContaining({ Field: '{{ Customer.Firstname }}', Name: 'Förnamn' }));
    expect(list.some((f) => f.Field.includes('Booking.'))).toBe(false);
  });

  it("does not show or send another company's template", async () => {
    const other = await server.login(OTHER_EMAIL, OTHER_PASSWORD);
    const mine = await newTemplate();
    const list = await server.api({ method: 'GET', url: `/api/newsletter/templates?Id=${mine.Id}`, token: other });
    expect((list.json() as Page<NewsletterTemplate>).Total).toBe(0);
    const payload = { Id: mine.Id, Receiver: 'a@example.com' };
    // The other company is on the free plan, which has no newsletters: 402 before anything is read.
    expect((await server.api({ method: 'POST', url: '/api/newsletter/send', payload, token: other })).statusCode).toBe(402);
    const billing = { BillingMethodId: 2, Name: 'Annat AB', Email: 'faktura@annat.example.com', Street1: 'Vägen 1', ZipCode: '111 22', City: 'Stockholm', CountryId: 'SE' };
    const upgrade = await server.api({ method: 'POST', url: '/api/licenses/company', payload: { TypeId: 2, BillingInformation: billing }, token: other });
    expect(upgrade.statusCode, upgrade.body).toBe(200);
    const send = await server.api({ method: 'POST', url: '/api/newsletter/send', payload, token: other });
    expect(send.statusCode).toBe(404);
  });
});

describe('sending a newsletter', () => {
  it('schedules one minute from now when SendDate is missing, and keeps a SendDate it is given', async () => {
    const tpl = await newTemplate();
    const before = DateTime.now().setZone(zone);
    const send = await ok<NewsletterSend>('POST', '/api/newsletter/send', { Id: tpl.Id, Receiver: 'one@example.com' });
    const at = DateTime.fromISO(send.ToSendDate, { zone });
    expect(at.diff(before, 'seconds').seconds).toBeGreaterThanOrEqual(59);
    expect(at.diff(before, 'seconds').seconds).toBeLessThan(70);
    expect(send).toMatchObject({ State: 'scheduled', Total: 1, SentCount: 0 });

    const later = DateTime.now().setZone(zone).plus({ days: 2 }).startOf('minute').toFormat("yyyy-MM-dd'T'HH:mm:ss");
    const kept = await ok<NewsletterSend>('POST', '/api/newsletter/send', { Id: tpl.Id, Receiver: 'two@example.com', SendDate: later });
    expect(kept.ToSendDate).toBe(later);
    const log = await ok<Page<Newsletter>>('GET', '/api/newsletter/log?Take=25&OrderBy=-Id,-ModifiedDate&ReceiverContains=two@');
    expect(log.Results[0]).toMatchObject({ Receiver: 'two@example.com', Sent: false, Status: 'queued', ToSendDate: later, MessageTitle: tpl.Heading });
  });

  it('answers 400 naming the field for a past send date, no receiver or unknown customers, and writes nothing', async () => {
    const tpl = await newTemplate();
    const count = async () => (await server.db.one<{ n: number }>('select count(*)::int as n from newsletter_sends'))!.n;
    const before = await count();
    const past = await server.api({ method: 'POST', url: '/api/newsletter/send', payload: { Id: tpl.Id, Receiver: 'x@example.com', SendDate: localNow(-3600) } });
    expect(past.statusCode).toBe(400);
    expect(fields(past)).toEqual(['SendDate']);
    const unknown = await server.api({ method: 'POST', url: '/api/newsletter/send', payload: { Id: tpl.Id, Customers: [2147483000] } });
    expect(unknown.statusCode).toBe(400);
    expect(fields(unknown)).toEqual(['Customers']);
    const [unsubscribed] = await subscribers(1, 'ejprenumerant');
    await server.db.query('update customers set subscribed_to_newsletter = false where id = $1', [unsubscribed]);
    const none = await server.api({ method: 'POST', url: '/api/newsletter/send', payload: { Id: tpl.Id, Customers: [unsubscribed] } });
    expect(none.statusCode).toBe(400);
    expect(fields(none)).toEqual(['Customers']);
    const badReceiver = await server.api({ method: 'POST', url: '/api/newsletter/send', payload: { Id: tpl.Id, Receiver: 'not an address' } });
    expect(fields(badReceiver)).toEqual(['Receiver']);
    const test = await server.api({ method: 'POST', url: '/api/newsletter/templates/test', payload: { Id: tpl.Id, Receiver: ' ' } });
    expect(test.statusCode).toBe(400);
    expect(fields(test)).toEqual(['Receiver']);
    expect((test.json() as ErrorBody).ResponseStatus.Errors[0].Message).toBe('Enter a receiver for the test send.');
    expect(await count()).toBe(before);
  });

  it('sends to every subscriber in batches with progress, each mail with the receiver filled in and an unsubscribe link', async () => {
    const tag = 'batch';
    const ids = await subscribers(NEWSLETTER_BATCH_SIZE + 50, tag);
    const tpl = await newTemplate();
    const send = await ok<NewsletterSend>('POST', '/api/newsletter/send', { Id: tpl.Id, Customers: ids });
    expect(send.Total).toBe(ids.length);
    expect(await dispatchDueNewsletters(server.app)).toBe(0);

    // One batch (as the job runs them, called here before the queue has the send): progress is written.
    expect(await sendNewsletterBatch(server.app, { sendId: send.Id })).toBe(true);
    expect(await sendOf(send.Id)).toMatchObject({ SentCount: NEWSLETTER_BATCH_SIZE, Total: ids.length });

    await makeDue(send.Id);
    expect(await dispatchDueNewsletters(server.app)).toBe(1);
    expect(await dispatchDueNewsletters(server.app)).toBe(0);
    await server.app.jobs.drain();
    expect(await sendOf(send.Id)).toMatchObject({ State: 'sent', SentCount: ids.length, FailedCount: 0 });
    const receivers = ids.map((_, i) => `${tag}${i + 1}@example.com`);
    const mails = await mailsTo(receivers);
    expect(mails).toHaveLength(ids.length);
    expect(new Set(mails.map((m) => m.to_address)).size).toBe(ids.length);
    const first = mails.find((m) => m.to_address === `${tag}1@example.com`)!;
    expect(first.subject).toBe('Vårnytt Kund1');
    expect(first.html_body).toContain('Hej Kund1!');
    expect(first.html_body).toMatch(/\/api\/newsletter\/unsubscribe\/\d+\.\d+\./);
    const log = await ok<Page<Newsletter>>('GET', `/api/newsletter/log?SendId=${send.Id}&Sent=true&Take=1`);
    expect(log.Total).toBe(ids.length);
  });

  it('cancels a scheduled newsletter, which then is never sent; a sent one cannot be cancelled', async () => {
    const tpl = await newTemplate();
    const send = await ok<NewsletterSend>('POST', '/api/newsletter/send', { Id: tpl.Id, Receiver: 'cancelled@example.com' });
    const canceled = await ok<NewsletterSend>('DELETE', `/api/newsletter/send/${send.Id}`);
    expect(canceled.State).toBe('canceled');
    await makeDue(send.Id);
    expect(await dispatchDueNewsletters(server.app)).toBe(0);
    await server.app.jobs.drain();
    expect(await mailsTo(['cancelled@example.com'])).toHaveLength(0);
    const entry = (await ok<Page<Newsletter>>('GET', `/api/newsletter/log?SendId=${send.Id}`)).Results[0];
    expect(entry).toMatchObject({ Status: 'canceled', Sent: false });

    const sent = await ok<NewsletterSend>('POST', '/api/newsletter/send', { Id: tpl.Id, Receiver: 'sent@example.com' });
    await makeDue(sent.Id);
    await dispatchDueNewsletters(server.app);
    await server.app.jobs.drain();
    const late = await server.api({ method: 'DELETE', url: `/api/newsletter/send/${sent.Id}` });
    expect(late.statusCode).toBe(409);
    expect(fields(late)).toEqual(['Id']);
  });

  it('resends a log entry and sends a test to a receiver', async () => {
    const tpl = await newTemplate();
    const send = await ok<NewsletterSend>('POST', '/api/newsletter/send', { Id: tpl.Id, Receiver: 'again@example.com' });
    await makeDue(send.Id);
    await dispatchDueNewsletters(server.app);
    await server.app.jobs.drain();
    const entry = (await ok<Page<Newsletter>>('GET', `/api/newsletter/log?SendId=${send.Id}`)).Results[0];
    const resent = await ok<Newsletter>('PUT', `/api/newsletter/log/${entry.Id}/resend`);
    expect(resent.Id).not.toBe(entry.Id);
    await server.app.jobs.drain();
    expect(await mailsTo(['again@example.com'])).toHaveLength(2);

    await ok('POST', '/api/newsletter/templates/test', { Id: tpl.Id, Receiver: 'tester@example.com' });
    await server.app.jobs.drain();
    const test = await server.db.one<{ subject: string }>("select subject from mail_outbox where to_address = 'tester@example.com' and kind = 'newsletter_test'");
    expect(test?.subject).toBe('Vårnytt');
  });
});

describe('newsletters by SMS', () => {
  it('sends the text to the subscribers\' mobile numbers', async () => {
    const [id] = await subscribers(1, 'sms');
    await server.db.query("update customers set phone = '+46701234599' where id = $1", [id]);
    const tpl = await newTemplate({ SendMethodId: 2, Body: '<p>Rea i helgen, {{ Customer.Firstname }}!</p>' });
    const send = await ok<NewsletterSend>('POST', '/api/newsletter/send', { Id: tpl.Id, Customers: [id] });
    await makeDue(send.Id);
    await dispatchDueNewsletters(server.app);
    await server.app.jobs.drain();
    const sms = await server.db.one<{ text_body: string }>("select text_body from mail_outbox where to_address = '+46701234599' and kind = 'newsletter'");
    expect(sms?.text_body).toContain('Rea i helgen, Kund1!');
  });
});

describe('unsubscribe link', () => {
  it('asks, then sets SubscribedToNewsletter false; a tampered link changes nothing', async () => {
    const [id] = await subscribers(1, 'avregistrera');
    const tpl = await newTemplate();
    const send = await ok<NewsletterSend>('POST', '/api/newsletter/send', { Id: tpl.Id, Customers: [id] });
    await makeDue(send.Id);
    await dispatchDueNewsletters(server.app);
    await server.app.jobs.drain();
    const [mail] = await mailsTo(['avregistrera1@example.com']);
    const link = /https?:\/\/[^/]+(\/api\/newsletter\/unsubscribe\/[^"\s]+)/.exec(mail.html_body)![1];
    expect(mail.text_body).toContain(link);

    const tampered = link.slice(0, -2) + (link.endsWith('AA') ? 'BB' : 'AA');
    expect((await server.app.inject({ method: 'POST', url: tampered })).statusCode).toBe(404);
    const ask = await server.app.inject({ method: 'GET', url: link, headers: { 'accept-language': 'sv-SE' } });
    expect(ask.statusCode).toBe(200);
    expect(ask.body).toContain('<form method="post"');
    const subscribed = async () => (await server.db.one<{ s: boolean }>('select subscribed_to_newsletter as s from customers where id = $1', [id]))!.s;
    expect(await subscribed()).toBe(true);
    const done = await server.app.inject({ method: 'POST', url: link, headers: { 'accept-language': 'en', 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.body).toContain('You will no longer receive newsletters');
    expect(await subscribed()).toBe(false);
  });

  it('carries List-Unsubscribe and List-Unsubscribe-Post; a one-click POST to the header\'s link unsubscribes, a tampered one does not', async () => {
    const [id] = await subscribers(1, 'ettklick');
    const tpl = await newTemplate();
    const send = await ok<NewsletterSend>('POST', '/api/newsletter/send', { Id: tpl.Id, Customers: [id] });
    await makeDue(send.Id);
    await dispatchDueNewsletters(server.app);
    await server.app.jobs.drain();
    const [caught] = await server.app.catcher.list(server.db, companyId, { to: 'ettklick1@example.com', kind: 'newsletter' });
    expect(caught.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const header = /^<(https?:\/\/[^>]+)>$/.exec(caught.headers['List-Unsubscribe'])![1];
    expect(caught.html).toContain(header);
    // The outbox page shows the headers too.
    const shown = await ok<{ Headers: Record<string, string> }>('GET', `/api/messages/outbox/${caught.id}`);
    expect(shown.Headers['List-Unsubscribe']).toBe(`<${header}>`);

    const path = new URL(header).pathname;
    const oneClick = (url: string) =>
      server.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    const subscribed = async () => (await server.db.one<{ s: boolean }>('select subscribed_to_newsletter as s from customers where id = $1', [id]))!.s;
    const tampered = path.slice(0, -2) + (path.endsWith('AA') ? 'BB' : 'AA');
    expect((await oneClick(tampered)).statusCode).toBe(404);
    expect((await oneClick(path.replace(`.${id}.`, `.${id + 1}.`))).statusCode).toBe(404);
    expect(await subscribed()).toBe(true);
    const done = await oneClick(path);
    expect(done.statusCode, done.body).toBe(200);
    expect(await subscribed()).toBe(false);
  });
});
