import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaughtMessage, MessageDashboard, MessageFieldTranslation, MessageLogEntry, MessageTemplate, MessageType } from '../../schema/messages';
import { buildApp } from '../../server/app';
import { listOutbox } from '../../server/integrations/mail/index';
import { createTestServer, OTHER_EMAIL, OTHER_PASSWORD, type TestServer } from './harness';
import { book, errorOf, fieldsOf, seedIds, type Page, type Seed } from './bookings/helpers';

let server: TestServer;
let seed: Seed;
let padel: number;

beforeAll(async () => {
  server = await createTestServer();
  seed = await seedIds(server);
  padel = seed.services.get('Padel 60 min')!;
});
afterAll(async () => server?.close());

async function get<T>(url: string, headers: Record<string, string> = {}): Promise<T> {
  const res = await server.api({ method: 'GET', url, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}

async function confirmationTemplate(): Promise<MessageTemplate> {
  const page = await get<Page<MessageTemplate>>('/api/messages/templates?TypeId=1&SendMethodId=1&Language=sv');
  expect(page.Results).toHaveLength(1);
  return page.Results[0]!;
}

const newCustomer = (name: string) => ({ Firstname: name, Lastname: 'Testsson', Email: `${name.toLowerCase().replace(/[^a-z]/g, '')}@example.com`, Phone: '+46701234567' });

describe('message templates', () => {
  it('a company has default templates in sv, en, fi and no, types and merge fields in the caller language', async () => {
    const page = await get<Page<MessageTemplate>>('/api/messages/templates?Take=200');
    const confirmations = page.Results.filter((t) => t.TypeId === 1 && t.SendMethodId === 1);
    expect(confirmations.map((t) => t.Language).sort()).toEqual(['en', 'fi', 'no', 'sv']);
    expect(confirmations[0]!.MessageType).toMatchObject({ Id: 1, SendMethodId: 1 });
    const types = await get<MessageType[]>('/api/messages/templates/types', { 'x-language': 'sv' });
    expect(types.find((t) => t.Id === 1)?.Name).toBe('Bokningsbekräftelse');
    const fields = await get<MessageFieldTranslation[]>('/api/messages/fieldtranslations', { 'x-language': 'fi' });
    expect(fields).toContainEqual({ Id: 'Customer.Firstname', Field: '{{ Customer.Firstname }}', Name: 'Etunimi' });
  });

  it('sanitizes the body on save and refuses bad merge fields, unknown types and a second default', async () => {
    const t = await confirmationTemplate();
    const res = await server.api({
      method: 'PUT',
      url: `/api/messages/templates/${t.Id}`,
      payload: { TypeId: 1, SendMethodId: 1, Language: 'sv', Subject: 'Bekräftelse {{ Service.Name }}', Body: '<h1>Välkommen {{ Customer.Firstname }}!</h1><script>alert(1)</script><p><a href="javascript:x()">x</a> Vi ses {{ Booking.From }}.</p>' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as MessageTemplate).Body).toBe('<h1>Välkommen {{ Customer.Firstname }}!</h1><p><span>x</span> Vi ses {{ Booking.From }}.</p>');

    const broken = await server.api({ method: 'PUT', url: `/api/messages/templates/${t.Id}`, payload: { TypeId: 1, SendMethodId: 1, Body: 'Hej {{ Customer.Firstname ' } });
    expect(broken.statusCode).toBe(400);
    expect(fieldsOf(broken)).toEqual(['Body']);
    const unknown = await server.api({ method: 'POST', url: '/api/messages/templates', payload: { TypeId: 99, SendMethodId: 1, Body: 'x' } });
    expect(unknown.statusCode).toBe(400);
    expect(fieldsOf(unknown)).toEqual(['TypeId']);
    const twice = await server.api({ method: 'POST', url: '/api/messages/templates', payload: { TypeId: 1, SendMethodId: 1, Language: 'sv', Body: 'x' } });
    expect(twice.statusCode).toBe(409);
    const perService = await server.api({ method: 'POST', url: '/api/messages/templates', payload: { TypeId: 1, SendMethodId: 1, Language: 'sv', Body: '<p>Padel!</p>', Services: [seed.otherResourceId + 100000] } });
    expect(perService.statusCode).toBe(400);
    expect(fieldsOf(perService)).toEqual(['Services']);
  });

  it('previews with a real booking and test-sends only to a receiver', async () => {
    const booking = await book(server, { ServiceId: padel, Customer: newCustomer('Pia'), From: '2030-04-01T09:00:00' });
    const preview = await server.api({ method: 'POST', url: '/api/messages/templates/preview', payload: { SendMethodId: 1, Subject: 'Hej {{ Customer.Firstname }}', Body: '<p>{{ Service.Name }} {{ Booking.From }}</p>', BookingId: booking.Id } });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ Subject: 'Hej Pia', Body: '<p>Padel 60 min 2030-04-01 09:00</p>', BookingId: booking.Id });
    const noReceiver = await server.api({ method: 'POST', url: '/api/messages/templates/test', payload: { SendMethodId: 1, Body: '<p>x</p>' } });
    expect(noReceiver.statusCode).toBe(400);
    expect(fieldsOf(noReceiver)).toEqual(['Receiver']);
    const badPhone = await server.api({ method: 'POST', url: '/api/messages/templates/test', payload: { SendMethodId: 2, Body: 'x', Receiver: 'ann@example.com' } });
    expect(fieldsOf(badPhone)).toEqual(['Receiver']);
    const test = await server.api({ method: 'POST', url: '/api/messages/templates/test', payload: { SendMethodId: 1, Subject: 'Test', Body: '<p>Hej {{ Customer.Firstname }}</p>', BookingId: booking.Id, Receiver: 'tester@example.com' } });
    expect(test.statusCode, test.body).toBe(200);
    await server.app.jobs.drain();
    const [mail] = await listOutbox(server.db, seed.companyId, { to: 'tester@example.com' });
    expect(mail).toMatchObject({ subject: 'Test', html: '<p>Hej Pia</p>', text: 'Hej Pia' });
  });
});

describe('sending', () => {
  it('a new booking sends its confirmation once, with the merge fields filled in; resend sends it again', async () => {
    const booking = await book(server, { ServiceId: padel, Customer: newCustomer('Olle<b>'), From: '2030-04-02T10:00:00', SendEmailConfirmation: true, SendSmsConfirmation: true });
    await server.app.jobs.drain();
    await server.app.jobs.drain();
    const sent = (await listOutbox(server.db, seed.companyId, { kind: 'booking_confirmation' })).filter((m) => m.text.includes('Olle'));
    expect(sent.map((m) => m.channel).sort()).toEqual(['email', 'sms']);
    const mail = sent.find((m) => m.channel === 'email')!;
    expect(mail.subject).toBe('Bekräftelse Padel 60 min');
    expect(mail.html).toContain('<h1>Välkommen Olle&lt;b&gt;!</h1>');
    expect(mail.html).toContain('Vi ses 2030-04-02 10:00.');

    const log = await get<Page<MessageLogEntry>>(`/api/messages/log?BookingId=${booking.Id}&OrderBy=-Id,-ModifiedDate&Take=25`);
    expect(log.Results.map((e) => [e.TypeId, e.SendMethodId, e.Status])).toEqual(expect.arrayContaining([[1, 1, 'sent'], [1, 2, 'sent']]));
    const entry = log.Results.find((e) => e.SendMethodId === 1 && e.TypeId === 1)!;
    expect((await get<MessageLogEntry>(`/api/messages/log/${entry.Id}`)).Body).toContain('Välkommen Olle&lt;b&gt;!');

    const resend = await server.api({ method: 'PUT', url: `/api/messages/log/${entry.Id}/resend` });
    expect(resend.statusCode, resend.body).toBe(200);
    await server.app.jobs.drain();
    const again = (await listOutbox(server.db, seed.companyId, { kind: 'booking_confirmation', channel: 'email' })).filter((m) => m.text.includes('Olle'));
    expect(again).toHaveLength(2);
    const dashboard = await get<MessageDashboard>('/api/messages/dashboard');
    expect(dashboard.Totals.Sent).toBeGreaterThanOrEqual(3);
  });

  it('respects the send flags, queues a reminder at the configured time and sends the cancellation', async () => {
    const bad = await server.api({ method: 'PUT', url: '/api/messages/settings', payload: { ReminderHoursBefore: 0 } });
    expect(bad.statusCode).toBe(400);
    const settings = await server.api({ method: 'PUT', url: '/api/messages/settings', payload: { ReminderHoursBefore: 48 } });
    expect(settings.json()).toEqual({ ReminderHoursBefore: 48, ReviewRequests: false, ReviewHoursAfter: 2 });
    const booking = await book(server, { ServiceId: padel, Customer: newCustomer('Quiet'), From: '2030-04-03T10:00:00', SendEmailConfirmation: false, SendSmsConfirmation: false, SendEmailReminder: true });
    await server.app.jobs.drain();
    let log = await get<Page<MessageLogEntry>>(`/api/messages/log?BookingId=${booking.Id}`);
    expect(log.Results.map((e) => [e.TypeId, e.Status])).toEqual([[2, 'queued']]);
    const job = await server.db.one<{ hours: number }>(
      `select round(extract(epoch from (b.starts_at - j.start_after)) / 3600)::int as hours
         from message_log l join bookings b on b.id = l.booking_id join pgboss.job j on j.name = 'outbox' and j.data ->> 'id' = l.outbox_id::text
        where l.booking_id = $1`,
      [booking.Id],
    );
    expect(job?.hours).toBe(48);
    const cancel = await server.api({ method: 'DELETE', url: `/api/bookings/${booking.Id}?SendEmail=true` });
    expect(cancel.statusCode, cancel.body).toBe(200);
    await server.app.jobs.drain();
    log = await get<Page<MessageLogEntry>>(`/api/messages/log?BookingId=${booking.Id}&Status=sent`);
    expect(log.Results.map((e) => e.TypeId)).toEqual([3]);
  });

  it('another company sees none of these templates, log entries or caught messages', async () => {
    const token = await server.login(OTHER_EMAIL, OTHER_PASSWORD);
    const mine = await confirmationTemplate();
    const theirs = await server.api({ method: 'GET', url: `/api/messages/templates?Id=${mine.Id}`, token });
    expect((theirs.json() as Page<MessageTemplate>).Total).toBe(0);
    const log = (await server.api({ method: 'GET', url: '/api/messages/log', token })).json() as Page<MessageLogEntry>;
    expect(log.Total).toBe(0);
    const caught = (await get<Page<CaughtMessage>>('/api/messages/outbox?Take=1')).Results[0]!;
    const other = await server.api({ method: 'GET', url: `/api/messages/outbox/${caught.Id}`, token });
    expect(other.statusCode).toBe(404);
    expect(errorOf(other).Message).toBeTruthy();
  });

});

describe('the outbox page', () => {
  it('lists caught messages newest first with paging and shows one with its HTML', async () => {
    const page = await get<Page<CaughtMessage>>('/api/messages/outbox?Take=2');
    expect(page.Results).toHaveLength(2);
    expect(page.Total).toBeGreaterThan(2);
    const one = await get<CaughtMessage>(`/api/messages/outbox/${page.Results[0]!.Id}`);
    expect(one.Id).toBe(page.Results[0]!.Id);
    expect(one.Attachments).toEqual([]);
  });
});

describe('durable delivery', () => {
  it('a server killed before delivery delivers the confirmation once on restart', async () => {
    await server.app.jobs.stop();
    const booking = await book(server, { ServiceId: padel, Customer: newCustomer('Restart'), From: '2030-04-04T10:00:00', SendEmailConfirmation: true });
    await server.app.close();
    expect(await listOutbox(server.db, seed.companyId, { to: 'restart@example.com' })).toHaveLength(0);
    const next = await buildApp({ db: server.db, config: server.config });
    await next.ready();
    try {
      await next.jobs.drain();
      await next.jobs.drain();
      const after = await listOutbox(server.db, seed.companyId, { to: 'restart@example.com' });
      expect(after).toHaveLength(1);
      expect(after[0]!.html).toContain('Välkommen Restart!');
      const entry = await server.db.one<{ status: string }>('select status from message_log_view where booking_id = $1 and type_id = 1', [booking.Id]);
      expect(entry?.status).toBe('sent');
    } finally {
      await next.close();
    }
    // It boots a second server on the database (every area): more than the default 30 s on a loaded machine.
  }, 90_000);
});
