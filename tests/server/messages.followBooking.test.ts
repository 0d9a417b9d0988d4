import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessageDashboard, MessageLogEntry, MessageTemplate } from '../../schema/messages';
import { releaseExpiredHolds } from '../../server/areas/bookings/actions';
import { listOutbox } from '../../server/integrations/mail/index';
import { createTestServer, type TestServer } from './harness';
import { book, errorOf, fieldsOf, seedIds, type Page, type Seed } from './bookings/helpers';

/**
 * Messages follow the booking (issue 29): what the customer gets and what the administrator reads in
 * the message log when a booking with a planned reminder is canceled, declined, released or moved,
 * when delivery finds the booking changed, when a message is resent, and for a test send.
 */
let server: TestServer;
let seed: Seed;
let padel: number;

beforeAll(async () => {
  // Every job runs by jobs.drain(): a worker's poll between booking and canceling would deliver the
  // confirmation the first test expects to be canceled (it raced on PostgreSQL under load).
  server = await createTestServer({ jobPollSeconds: 3600 });
  seed = await seedIds(server);
  padel = seed.services.get('Padel 60 min')!;
  // The reminder and the confirmation name the booking's time, so a mail shows which time it is for.
  for (const typeId of [1, 2, 4]) {
    const template = (await get<Page<MessageTemplate>>(`/api/messages/templates?TypeId=${typeId}&SendMethodId=1&Language=sv`)).Results[0]!;
    const res = await server.api({
      method: 'PUT',
      url: `/api/messages/templates/${template.Id}`,
      payload: { TypeId: typeId, SendMethodId: 1, Language: 'sv', Subject: ({ 1: 'Bekräftelse', 2: 'Påminnelse', 4: 'Ändrad' } as Record<number, string>)[typeId], Body: '<p>Välkommen {{ Booking.From }}</p>' },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
});
afterAll(async () => server?.close());

async function get<T>(url: string, headers: Record<string, string> = {}): Promise<T> {
  const res = await server.api({ method: 'GET', url, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}

let customers = 0;
/** A new customer with an address of their own, so their mail is theirs alone. */
function newCustomer(): { Firstname: string; Lastname: string; Email: string } {
  customers += 1;
  return { Firstname: `Kund${customers}`, Lastname: 'Följsson', Email: `follow${customers}@example.com` };
}

async function bookWithReminder(from: string, over: Record<string, unknown> = {}) {
  const customer = newCustomer();
  const booking = await book(server, { ServiceId: padel, Customer: customer, From: from, SendEmailConfirmation: true, SendEmailReminder: true, ...over });
  return { booking, email: customer.Email };
}

const logOf = async (bookingId: number) => (await get<Page<MessageLogEntry>>(`/api/messages/log?BookingId=${bookingId}&Take=100`)).Results;

/** Time passes until the booking's reminders are due (their delivery jobs may run now). */
async function remindersDue(bookingId: number): Promise<void> {
  await server.db.query(
    `update pgboss.job set start_after = now() - interval '1 second'
      where name = 'outbox' and data ->> 'id' in (select outbox_id::text from message_log where booking_id = $1 and type_id = 2)`,
    [bookingId],
  );
}

const mailsTo = (to: string) => listOutbox(server.db, seed.companyId, { to });

describe('a booking that no longer takes part takes its messages with it', () => {
  it('canceling a booking cancels its planned reminder (and the confirmation not yet sent): the customer gets only the cancellation', async () => {
    const { booking, email } = await bookWithReminder('2030-05-06T10:00:00');
    let log = await logOf(booking.Id);
    expect(log.map((e) => [e.TypeId, e.Status]).sort()).toEqual([
      [1, 'queued'],
      [2, 'queued'],
    ]);

    const cancel = await server.api({ method: 'DELETE', url: `/api/bookings/${booking.Id}?SendEmail=true` });
    expect(cancel.statusCode, cancel.body).toBe(200);
    // In the same transaction as the cancel: the log says so before anything is delivered.
    log = await logOf(booking.Id);
    const reminder = log.find((e) => e.TypeId === 2)!;
    expect(reminder).toMatchObject({ Status: 'canceled', CancelReason: 'BookingCanceled', IsTest: false });
    expect(reminder.Canceled).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
    expect(log.find((e) => e.TypeId === 1)).toMatchObject({ Status: 'canceled', CancelReason: 'BookingCanceled' });

    await remindersDue(booking.Id);
    await server.app.jobs.drain();
    const mails = await mailsTo(email);
    expect(mails.map((m) => m.kind)).toEqual(['booking_cancellation']);
    log = await logOf(booking.Id);
    expect(log.map((e) => [e.TypeId, e.Status, e.CancelReason]).sort()).toEqual([
      [1, 'canceled', 'BookingCanceled'],
      [2, 'canceled', 'BookingCanceled'],
      [3, 'sent', null],
    ]);
    const outbox = await server.db.one<{ state: string }>('select o.state from outbox o join message_log l on l.outbox_id = o.id where l.id = $1', [reminder.Id]);
    expect(outbox?.state).toBe('canceled');
    // Canceled is a status of the log's filter.
    const filtered = await get<Page<MessageLogEntry>>(`/api/messages/log?BookingId=${booking.Id}&Status=canceled`);
    expect(filtered.Results.map((e) => e.TypeId).sort()).toEqual([1, 2]);
  });

  it('declining a reserved booking cancels its reminder as declined', async () => {
    const { booking, email } = await bookWithReminder('2030-05-07T10:00:00', { SendEmailConfirmation: false });
    await server.db.query('update bookings set status_id = 3 where id = $1', [booking.Id]);
    const decline = await server.api({ method: 'PUT', url: `/api/bookings/${booking.Id}/decline`, payload: { SendEmail: false } });
    expect(decline.statusCode, decline.body).toBe(200);
    await remindersDue(booking.Id);
    await server.app.jobs.drain();
    expect(await mailsTo(email)).toEqual([]);
    expect((await logOf(booking.Id)).map((e) => [e.TypeId, e.Status, e.CancelReason])).toEqual([[2, 'canceled', 'BookingDeclined']]);
  });

  it('a reserved booking released after its deadline has its reminder canceled as expired', async () => {
    const { booking, email } = await bookWithReminder('2030-05-08T10:00:00', { SendEmailConfirmation: false });
    await server.db.query("update bookings set status_id = 3, hold_until = now() - interval '1 minute' where id = $1", [booking.Id]);
    expect(await releaseExpiredHolds(server.app)).toBeGreaterThanOrEqual(1);
    await remindersDue(booking.Id);
    await server.app.jobs.drain();
    expect(await mailsTo(email)).toEqual([]);
    expect((await logOf(booking.Id)).map((e) => [e.TypeId, e.Status, e.CancelReason])).toEqual([[2, 'canceled', 'BookingExpired']]);
  });
});

describe('a moved booking', () => {
  it('gets its reminder planned again for the new time; the one for the old time is canceled', async () => {
    const { booking, email } = await bookWithReminder('2030-05-09T10:00:00', { SendEmailConfirmation: false });
    const move = await server.api({ method: 'PUT', url: `/api/bookings/${booking.Id}`, payload: { From: '2030-05-10T12:00:00' } });
    expect(move.statusCode, move.body).toBe(200);
    const reminders = (await logOf(booking.Id)).filter((e) => e.TypeId === 2);
    expect(reminders.map((e) => [e.Status, e.CancelReason]).sort()).toEqual([
      ['canceled', 'BookingMoved'],
      ['queued', null],
    ]);
    // The new reminder goes out the configured 24 hours before the new start.
    const planned = await server.db.one<{ hours: number }>(
      `select round(extract(epoch from (b.starts_at - j.start_after)) / 3600)::int as hours
         from message_log l join bookings b on b.id = l.booking_id join pgboss.job j on j.name = 'outbox' and j.data ->> 'id' = l.outbox_id::text
        where l.booking_id = $1 and l.type_id = 2 and l.canceled_at is null`,
      [booking.Id],
    );
    expect(planned?.hours).toBe(24);

    await remindersDue(booking.Id);
    await server.app.jobs.drain();
    const mails = (await mailsTo(email)).filter((m) => m.kind === 'booking_reminder');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('2030-05-10 12:00');
  });

  it('a change that keeps the time plans no second reminder; moved away and back, the booking has one again', async () => {
    const { booking } = await bookWithReminder('2030-05-13T10:00:00', { SendEmailConfirmation: false });
    // Re-placed at the same time (as a drag that lands where it started does): a change, not a move.
    const same = await server.api({ method: 'PUT', url: `/api/bookings/${booking.Id}`, payload: { From: '2030-05-13T10:00:00' } });
    expect(same.statusCode, same.body).toBe(200);
    expect((await logOf(booking.Id)).filter((e) => e.TypeId === 2).map((e) => e.Status)).toEqual(['queued']);
    const there = await server.api({ method: 'PUT', url: `/api/bookings/${booking.Id}`, payload: { From: '2030-05-13T14:00:00' } });
    expect(there.statusCode, there.body).toBe(200);
    const back = await server.api({ method: 'PUT', url: `/api/bookings/${booking.Id}`, payload: { From: '2030-05-13T10:00:00' } });
    expect(back.statusCode, back.body).toBe(200);
    const reminders = (await logOf(booking.Id)).filter((e) => e.TypeId === 2);
    expect(reminders.filter((e) => e.Status === 'queued')).toHaveLength(1);
    expect(reminders.filter((e) => e.Status === 'canceled').map((e) => e.CancelReason)).toEqual(['BookingMoved', 'BookingMoved']);
  });
});

describe('a change told to the customer (issue 30)', () => {
  /** Time passes until the booking's changed-time messages are due (they wait changeMessageDelaySeconds). */
  async function changesDue(bookingId: number): Promise<void> {
    await server.db.query(
      `update pgboss.job set start_after = now() - interval '1 second'
        where name = 'outbox' and data ->> 'id' in (select outbox_id::text from message_log where booking_id = $1 and type_id = 4)`,
      [bookingId],
    );
  }
  const kinds = async (email: string) => (await mailsTo(email)).map((m) => m.kind).sort();
  const move = async (id: number, from: string) => {
    const res = await server.api({ method: 'PUT', url: `/api/bookings/${id}`, payload: { From: from } });
    expect(res.statusCode, res.body).toBe(200);
  };

  it('waits a while, and a move taken back meanwhile tells the customer nothing', async () => {
    expect(server.config.changeMessageDelaySeconds).toBeGreaterThan(0);
    const { booking, email } = await bookWithReminder('2030-06-03T10:00:00', { SendEmailReminder: false });
    await server.app.jobs.drain();
    expect(await kinds(email)).toEqual(['booking_confirmation']);

    await move(booking.Id, '2030-06-03T14:00:00');
    expect((await logOf(booking.Id)).filter((e) => e.TypeId === 4).map((e) => e.Status)).toEqual(['queued']);
    await server.app.jobs.drain();
    // Not yet: the change waits before it is told.
    expect(await kinds(email)).toEqual(['booking_confirmation']);

    await move(booking.Id, '2030-06-03T10:00:00');
    expect((await logOf(booking.Id)).filter((e) => e.TypeId === 4).map((e) => [e.Status, e.CancelReason])).toEqual([['canceled', 'BookingMoved']]);
    await changesDue(booking.Id);
    await server.app.jobs.drain();
    expect(await kinds(email)).toEqual(['booking_confirmation']);
  });

  it('tells a change that stands once it is due, with the booking as it is then, and each later change again', async () => {
    const { booking, email } = await bookWithReminder('2030-06-04T10:00:00', { SendEmailReminder: false });
    await server.app.jobs.drain();
    const changedTexts = async () => (await mailsTo(email)).filter((m) => m.kind === 'booking_changed').map((m) => m.text).sort();

    await move(booking.Id, '2030-06-04T12:00:00');
    await changesDue(booking.Id);
    await server.app.jobs.drain();
    expect(await changedTexts()).toEqual(['Välkommen 2030-06-04 12:00']);

    await move(booking.Id, '2030-06-04T14:00:00');
    // Moved again before that was told: only the latest is told.
    await move(booking.Id, '2030-06-04T16:00:00');
    await changesDue(booking.Id);
    await server.app.jobs.drain();
    expect(await changedTexts()).toEqual(['Välkommen 2030-06-04 12:00', 'Välkommen 2030-06-04 16:00']);

    // Back to a time the customer was told before, but not last: that is a change to tell.
    await move(booking.Id, '2030-06-04T12:00:00');
    await changesDue(booking.Id);
    await server.app.jobs.drain();
    expect(await changedTexts()).toEqual(['Välkommen 2030-06-04 12:00', 'Välkommen 2030-06-04 12:00', 'Välkommen 2030-06-04 16:00']);
  });
});

describe('the administrator chooses whether a change is told (issue 30)', () => {
  const changedMails = async (email: string) => (await mailsTo(email)).filter((m) => m.kind === 'booking_changed');
  const allDue = async (bookingId: number) =>
    server.db.query(
      `update pgboss.job set start_after = now() - interval '1 second'
        where name = 'outbox' and data ->> 'id' in (select outbox_id::text from message_log where booking_id = $1)`,
      [bookingId],
    );

  it('a move with SendEmailAboutChange false tells the customer nothing and leaves the booking’s own flags as they were', async () => {
    const { booking, email } = await bookWithReminder('2030-06-05T10:00:00', { SendEmailReminder: false });
    await server.app.jobs.drain();
    const res = await server.api({ method: 'PUT', url: `/api/bookings/${booking.Id}`, payload: { From: '2030-06-05T13:00:00', SendEmailAboutChange: false } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ SendEmailConfirmation: true });
    await allDue(booking.Id);
    await server.app.jobs.drain();
    expect(await changedMails(email)).toEqual([]);
    expect((await logOf(booking.Id)).filter((e) => e.TypeId === 4)).toEqual([]);
  });

  it('a move to another resource with SendEmailAboutChange true tells a customer whose booking does not send confirmations', async () => {
    const { booking, email } = await bookWithReminder('2030-06-06T10:00:00', { SendEmailConfirmation: false, SendEmailReminder: false });
    const from = booking.Resources[0]!;
    const other = await server.db.one<{ id: number }>(
      `select r.id from resources r join resource_type_resources t on t.resource_id = r.id
        where t.resource_type_id = $1 and r.id <> $2 and r.company_id = (select company_id from bookings where id = $3) order by r.id limit 1`,
      [from.ResourceTypeId, from.ResourceId, booking.Id],
    );
    const res = await server.api({
      method: 'PUT',
      url: '/api/bookings/resources/move',
      payload: { BookingId: booking.Id, FromResourceId: from.ResourceId, ToResourceId: other!.id, SendEmailAboutChange: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    await allDue(booking.Id);
    await server.app.jobs.drain();
    expect((await changedMails(email)).map((m) => m.text)).toEqual(['Välkommen 2030-06-06 10:00']);
  });

  it('refuses a flag that is not a boolean, naming it, and moves nothing', async () => {
    const { booking } = await bookWithReminder('2030-06-07T10:00:00');
    const res = await server.api({ method: 'PUT', url: `/api/bookings/${booking.Id}`, payload: { From: '2030-06-07T13:00:00', SendEmailAboutChange: 'perhaps' } });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toContain('SendEmailAboutChange');
    expect((await get<{ From: string }>(`/api/bookings/${booking.Id}`)).From).toMatch(/T10:00/);
  });
});

describe('delivery looks at the booking once more', () => {
  it('a reminder whose booking was canceled or moved behind its back is not sent, and its log says why', async () => {
    const canceled = await bookWithReminder('2030-05-14T10:00:00', { SendEmailConfirmation: false });
    const moved = await bookWithReminder('2030-05-15T10:00:00', { SendEmailConfirmation: false });
    const kept = await bookWithReminder('2030-05-16T10:00:00', { SendEmailConfirmation: false });
    // Another process (or an older server) changed the bookings without a word to messaging.
    await server.db.query('update bookings set status_id = 4 where id = $1', [canceled.booking.Id]);
    await server.db.query("update bookings set starts_at = starts_at + interval '2 hours', ends_at = ends_at + interval '2 hours' where id = $1", [moved.booking.Id]);
    for (const b of [canceled, moved, kept]) await remindersDue(b.booking.Id);
    await server.app.jobs.drain();

    expect(await mailsTo(canceled.email)).toEqual([]);
    expect(await mailsTo(moved.email)).toEqual([]);
    expect((await mailsTo(kept.email)).map((m) => m.kind)).toEqual(['booking_reminder']);
    expect((await logOf(canceled.booking.Id)).map((e) => [e.Status, e.CancelReason])).toEqual([['canceled', 'BookingCanceled']]);
    expect((await logOf(moved.booking.Id)).map((e) => [e.Status, e.CancelReason])).toEqual([['canceled', 'BookingMoved']]);
    expect((await logOf(kept.booking.Id)).map((e) => [e.Status, e.CancelReason])).toEqual([['sent', null]]);
  });
});

describe('resend checks the booking as it is now', () => {
  it("refuses a canceled booking's confirmation and reminder with the reason, in the caller's language, and writes nothing", async () => {
    const { booking, email } = await bookWithReminder('2030-05-20T10:00:00');
    await server.app.jobs.drain();
    const confirmation = (await logOf(booking.Id)).find((e) => e.TypeId === 1)!;
    expect(confirmation.Status).toBe('sent');
    const cancel = await server.api({ method: 'DELETE', url: `/api/bookings/${booking.Id}?SendEmail=true` });
    expect(cancel.statusCode, cancel.body).toBe(200);
    await server.app.jobs.drain();
    const before = (await logOf(booking.Id)).length;

    const refused = await server.api({ method: 'PUT', url: `/api/messages/log/${confirmation.Id}/resend`, headers: { 'x-language': 'sv' } });
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toMatchObject({ ErrorCode: 'MessageBookingCanceled', Message: `Bokning ${booking.Id} är avbokad: meddelandet gäller inte längre och skickas inte igen.` });
    expect(fieldsOf(refused)).toEqual(['Id']);
    const reminder = (await logOf(booking.Id)).find((e) => e.TypeId === 2)!;
    const again = await server.api({ method: 'PUT', url: `/api/messages/log/${reminder.Id}/resend` });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).Message).toBe(`Booking ${booking.Id} is canceled: the message no longer applies and is not sent again.`);
    expect(await logOf(booking.Id)).toHaveLength(before);

    // The cancellation itself still fits the booking: it can be sent again.
    const cancellation = (await logOf(booking.Id)).find((e) => e.TypeId === 3)!;
    const resent = await server.api({ method: 'PUT', url: `/api/messages/log/${cancellation.Id}/resend` });
    expect(resent.statusCode, resent.body).toBe(200);
    await server.app.jobs.drain();
    expect((await mailsTo(email)).map((m) => m.kind).sort()).toEqual(['booking_cancellation', 'booking_cancellation', 'booking_confirmation']);
  });

  it("a moved booking's confirmation is sent again with the new time; its old reminder is refused", async () => {
    const { booking, email } = await bookWithReminder('2030-05-21T10:00:00');
    await remindersDue(booking.Id);
    await server.app.jobs.drain();
    const sent = await logOf(booking.Id);
    const confirmation = sent.find((e) => e.TypeId === 1)!;
    const reminder = sent.find((e) => e.TypeId === 2)!;
    expect([confirmation.Status, reminder.Status]).toEqual(['sent', 'sent']);
    const move = await server.api({ method: 'PUT', url: `/api/bookings/${booking.Id}`, payload: { From: '2030-05-22T12:00:00' } });
    expect(move.statusCode, move.body).toBe(200);

    const oldReminder = await server.api({ method: 'PUT', url: `/api/messages/log/${reminder.Id}/resend`, headers: { 'x-language': 'fi' } });
    expect(oldReminder.statusCode).toBe(409);
    expect(errorOf(oldReminder).ErrorCode).toBe('MessageBookingMoved');
    expect(errorOf(oldReminder).Message).toContain(`Varaus ${booking.Id} on siirretty`);

    const resent = await server.api({ method: 'PUT', url: `/api/messages/log/${confirmation.Id}/resend` });
    expect(resent.statusCode, resent.body).toBe(200);
    await server.app.jobs.drain();
    const confirmations = (await mailsTo(email)).filter((m) => m.kind === 'booking_confirmation');
    expect(confirmations.map((m) => m.text).sort()).toEqual(['Välkommen 2030-05-21 10:00', 'Välkommen 2030-05-22 12:00']);
    const latest = (await logOf(booking.Id)).find((e) => e.Id === (resent.json() as MessageLogEntry).Id)!;
    expect(latest.Status).toBe('sent');
  });

  it('an unknown entry is 404 and nothing is written', async () => {
    const res = await server.api({ method: 'PUT', url: '/api/messages/log/987654321/resend' });
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).Message).toBeTruthy();
  });
});

describe('a test send', () => {
  it('is marked as a test in the log, is filterable, and is not counted as a message to a customer', async () => {
    const { booking } = await bookWithReminder('2030-05-23T10:00:00', { SendEmailConfirmation: false });
    await server.api({ method: 'DELETE', url: `/api/bookings/${booking.Id}?SendEmail=false` });
    const before = await get<MessageDashboard>('/api/messages/dashboard');
    const test = await server.api({
      method: 'POST',
      url: '/api/messages/templates/test',
      payload: { TypeId: 2, SendMethodId: 1, Subject: 'Test', Body: '<p>Hej {{ Customer.Firstname }}</p>', BookingId: booking.Id, Receiver: 'tester.follow@example.com' },
    });
    expect(test.statusCode, test.body).toBe(200);
    await server.app.jobs.drain();
    // A test of a template is sent even for a canceled booking: it goes to the tester, not the customer.
    expect((await mailsTo('tester.follow@example.com')).map((m) => m.subject)).toEqual(['Test']);

    const tests = await get<Page<MessageLogEntry>>('/api/messages/log?IsTest=true&Search=tester.follow');
    expect(tests.Results.map((e) => [e.IsTest, e.Status, e.Receiver])).toEqual([[true, 'sent', 'tester.follow@example.com']]);
    const real = await get<Page<MessageLogEntry>>('/api/messages/log?IsTest=false&Search=tester.follow');
    expect(real.Total).toBe(0);
    const after = await get<MessageDashboard>('/api/messages/dashboard');
    expect(after.Totals).toEqual(before.Totals);
    expect(after.Totals.Canceled).toBeGreaterThan(0);

    // Resent, a test stays a test.
    const resent = await server.api({ method: 'PUT', url: `/api/messages/log/${tests.Results[0]!.Id}/resend` });
    expect(resent.statusCode, resent.body).toBe(200);
    expect((resent.json() as MessageLogEntry).IsTest).toBe(true);
  });

  it('the log refuses an unknown status or test filter naming the field', async () => {
    const status = await server.api({ method: 'GET', url: '/api/messages/log?Status=gone' });
    expect(status.statusCode).toBe(400);
    expect(fieldsOf(status)).toEqual(['Status']);
    const isTest = await server.api({ method: 'GET', url: '/api/messages/log?IsTest=perhaps' });
    expect(isTest.statusCode).toBe(400);
    expect(fieldsOf(isTest)).toEqual(['IsTest']);
  });
});
