import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/db';
import type { BookingEvent } from '../../shared/bookingEvents';
import type { Lang } from '../../shared/messages';
import { htmlToText, sanitizeRichText } from '../../shared/html';
import { ensureDefaultTemplates } from './defaults';
import { cancelEntries, cancelUnfitMessages, logCanceledPaymentRequest, unfitNow } from './fit';
import { MESSAGE_KIND } from './kinds';
import { reviewLink } from '../../shared/reviewLinks';
import { findTemplate, loadContact, loadLog, type BookingContact } from './queries';
import { mergeDataFor, renderMessage, type Rendered } from './rendering';
import { EMAIL, EVENT_TYPES, MESSAGE_TYPE, SMS, TYPE_KINDS } from './types';
import { changeToTell, noteToldShape } from './changes';

export { MESSAGE_KIND, PAYMENT_REQUEST_KIND } from './kinds';

/** Booking statuses after which nothing more is sent for a booking but its cancellation. */
const ENDED_STATUSES = [2, 4];

export interface QueuedMessage {
  companyId: number;
  bookingId: number | null;
  templateId: number | null;
  typeId: number;
  sendMethodId: number;
  language: Lang;
  receiver: string;
  /** The event's idempotency key: a second message with the same key is not queued. */
  key: string;
  /** Already rendered content (tests and resends), sent as it is. */
  content?: { subject: string; body: string };
  resendOf?: number;
  /** A reminder: not before this. */
  startAfter?: Date;
  /** The booking's start as the message knows it (a reminder is for this time only). */
  bookingStartsAt?: Date;
  /** A test send (the template editor's): marked so in the log, never counted as a message to a customer. */
  test?: boolean;
}

/**
 * Writes a message log entry and its outbox entry in `tx` (the booking's transaction): it goes out
 * after the commit, once per key. Answers the log entry's id, or null when the key was used already.
 */
export async function queueMessage(app: FastifyInstance, tx: Db, m: QueuedMessage): Promise<number | null> {
  // A key used before (rare: the outbox refuses it) takes back the log entry written for it.
  const log = await tx.one<{ id: number | string }>(
    `insert into message_log (company_id, booking_id, template_id, type_id, send_method_id, language, receiver, subject, body, resend_of, is_test, booking_starts_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) returning id`,
    [
      m.companyId,
      m.bookingId,
      m.templateId,
      m.typeId,
      m.sendMethodId,
      m.language,
      m.receiver,
      m.content?.subject ?? '',
      m.content?.body ?? '',
      m.resendOf ?? null,
      m.test ?? false,
      m.bookingStartsAt ?? null,
    ],
  );
  const logId = Number(log!.id);
  const entry = await app.outbox.add(tx, {
    companyId: m.companyId,
    kind: MESSAGE_KIND,
    key: m.key,
    payload: { logId },
    startAfter: m.startAfter,
  });
  if (!entry.added) {
    await tx.query('delete from message_log where id = $1', [logId]);
    return null;
  }
  await tx.query('update message_log set outbox_id = $2 where id = $1', [logId, entry.id]);
  return logId;
}

/** The receivers a booking's message goes to by each send method the flags ask for. */
function receivers(contact: BookingContact, email: boolean, sms: boolean): { method: number; receiver: string }[] {
  const out: { method: number; receiver: string }[] = [];
  if (email && contact.email) out.push({ method: EMAIL, receiver: contact.email });
  if (sms && contact.phone) out.push({ method: SMS, receiver: contact.phone });
  return out;
}

/** Whether the booking has a message of this type (a reminder, a review request) by this method for its start now that is not canceled (queued, sent or failed). */
async function hasReminder(tx: Db, contact: BookingContact, typeId: number, method: number): Promise<boolean> {
  const row = await tx.one(
    `select 1 from message_log where company_id = $1 and booking_id = $2 and type_id = $3 and send_method_id = $4
        and booking_starts_at = $5 and canceled_at is null and not is_test limit 1`,
    [contact.companyId, contact.id, typeId, method, contact.startsAt],
  );
  return Boolean(row);
}

async function queueForBooking(app: FastifyInstance, tx: Db, contact: BookingContact, typeId: number, key: string, email: boolean, sms: boolean, later?: { startAfter: Date }): Promise<void> {
  for (const { method, receiver } of receivers(contact, email, sms)) {
    // One reminder (or review request) per start: a change that leaves the time (resources, texts) plans none again.
    if (later && typeId !== MESSAGE_TYPE.ChangedTime && (await hasReminder(tx, contact, typeId, method))) continue;
    const template = await findTemplate(tx, contact.companyId, typeId, method, contact.lang, contact.serviceId);
    if (!template) continue;
    await queueMessage(app, tx, {
      companyId: contact.companyId,
      bookingId: contact.id,
      templateId: template.id,
      typeId,
      sendMethodId: method,
      language: template.language,
      receiver,
      key: `${key}:${method}`,
      bookingStartsAt: contact.startsAt,
      ...(later ? { startAfter: later.startAfter } : {}),
    });
  }
}

/** The events after which a message not yet delivered may no longer fit its booking. */
const UNFITTING_EVENTS: readonly BookingEvent['kind'][] = ['canceled', 'declined', 'released', 'changed'];

/**
 * The booking event handler (inside the booking's transaction): first the messages not yet
 * delivered that no longer fit the booking are canceled (a canceled booking's reminder, the reminder
 * for a moved booking's old time); then confirmations, changes, cancellations and declines by the
 * booking's send flags (cancel and decline: by what the administrator chose, when they chose), and
 * the reminder at the configured time before the (new) start.
 */
export function bookingEventHandler(app: FastifyInstance) {
  return async (tx: Db, event: BookingEvent): Promise<void> => {
    if (UNFITTING_EVENTS.includes(event.kind)) await cancelUnfitMessages(app, tx, event.companyId, event.bookingId);
    const typeId = EVENT_TYPES[event.kind];
    const remind = event.kind === 'created' || event.kind === 'changed' || event.kind === 'approved';
    if (!typeId && !remind) return;
    await ensureDefaultTemplates(tx, event.companyId);
    const contact = await loadContact(tx, event.companyId, event.bookingId);
    if (!contact) return;
    const eventKey = `booking:${event.bookingId}:${event.kind}:${contact.logSeq}`;
    // A change is told once it has stood a while, and not at all when it was taken back (changes.ts).
    const changeAt = typeId === MESSAGE_TYPE.ChangedTime ? await changeToTell(app, tx, event.companyId, event.bookingId) : undefined;
    if (typeId && changeAt !== null) {
      const chose = event.kind === 'canceled' || event.kind === 'declined' || event.kind === 'changed';
      const email = chose && event.sendEmail !== undefined ? event.sendEmail : contact.sendEmailConfirmation;
      const sms = chose && event.sendSms !== undefined ? event.sendSms : contact.sendSmsConfirmation;
      await queueForBooking(app, tx, contact, typeId, eventKey, email, sms, changeAt ? { startAfter: changeAt } : undefined);
    }
    if (remind && !ENDED_STATUSES.includes(contact.statusId)) {
      const startAfter = new Date(contact.startsAt.getTime() - contact.reminderHoursBefore * 3_600_000);
      if (startAfter.getTime() > Date.now()) {
        // Keyed by the change too: a booking moved away and back gets a reminder again.
        const key = `reminder:${event.bookingId}:${contact.startsAt.toISOString()}:${contact.logSeq}`;
        await queueForBooking(app, tx, contact, MESSAGE_TYPE.Reminder, key, contact.sendEmailReminder, contact.sendSmsReminder, { startAfter });
      }
    }
    if (remind && contact.reviewRequests && !ENDED_STATUSES.includes(contact.statusId)) {
      // The review request: by e-mail, the configured hours after the booking has taken place.
      const startAfter = new Date(contact.endsAt.getTime() + contact.reviewHoursAfter * 3_600_000);
      if (startAfter.getTime() > Date.now()) {
        const key = `review:${event.bookingId}:${contact.startsAt.toISOString()}:${contact.logSeq}`;
        await queueForBooking(app, tx, contact, MESSAGE_TYPE.ReviewRequest, key, true, false, { startAfter });
      }
    }
  };
}

/** Sends rendered content by the log entry's method and records what was sent. */
async function send(app: FastifyInstance, log: { id: number; company_id: number; send_method_id: number; receiver: string; type_id: number }, rendered: Rendered): Promise<void> {
  const kind = TYPE_KINDS[log.type_id] ?? 'message';
  const sent =
    log.send_method_id === SMS
      ? await app.sms.send({ companyId: log.company_id, to: log.receiver, text: rendered.text, kind })
      : await app.mailer.send({ companyId: log.company_id, to: log.receiver, subject: rendered.subject, text: rendered.text, html: rendered.html ?? undefined, kind });
  await app.db.query('update message_log set subject = $2, body = $3, mail_id = $4, sent_at = now(), updated = now() where id = $1', [
    log.id,
    rendered.subject,
    log.send_method_id === SMS ? rendered.text : (rendered.html ?? ''),
    sent.id,
  ]);
}

/**
 * Delivers one message log entry (the outbox job): looks at the booking once more right before
 * sending (a reminder of a booking canceled, declined, expired or moved since, or a confirmation of
 * one that no longer takes part, is canceled with the reason instead), renders its template with
 * the booking as it is now and sends it; an entry already sent or canceled is not sent.
 */
export async function deliverMessage(app: FastifyInstance, payload: Record<string, unknown>, entry?: { id: number }): Promise<void> {
  const log = await loadLog(app.db, Number(payload.logId));
  if (!log || log.mail_id || log.canceled_at) return;
  if (!log.is_test) {
    const { reason } = await unfitNow(app.db, log);
    if (reason) {
      await cancelEntries(app, app.db, log.company_id, [{ id: log.id, outboxId: log.outbox_id ?? entry?.id ?? null }], reason);
      return;
    }
  }
  const template = log.template_id
    ? await app.db.one<{ subject: string; body: string }>('select subject, body from message_templates where id = $1 and company_id = $2', [log.template_id, log.company_id])
    : undefined;
  if (!template) {
    // A test or a resend: the content was rendered when it was queued.
    const html = log.send_method_id === EMAIL ? sanitizeRichText(log.body) : null;
    await send(app, log, { subject: log.subject, html, text: html === null ? log.body : htmlToText(html) });
    return;
  }
  const { data } = await mergeDataFor(app.db, log.company_id, log.booking_id, log.language, app.payments.payLink);
  if (log.type_id === MESSAGE_TYPE.ReviewRequest && log.booking_id) {
    (data.Booking as Record<string, unknown>).ReviewLink = await reviewLink(app.db, log.company_id, log.booking_id, app.config.publicUrl, log.language);
  }
  // What this message tells of its booking, rendered as the booking is now (a later change is measured against it).
  await noteToldShape(app.db, log);
  await send(app, log, await renderMessage(template, log.send_method_id, data));
}

/** A payment request the bookings area queued ({ bookingId }): the payment request template, by e-mail. */
export async function deliverPaymentRequest(app: FastifyInstance, payload: Record<string, unknown>, entry: { id: number; companyId: number | null; key: string }): Promise<void> {
  const companyId = entry.companyId ?? Number(payload.companyId);
  const done = await app.db.one<{ id: number; mail_id: number | null; canceled_at: Date | null }>('select id, mail_id, canceled_at from message_log where outbox_id = $1', [entry.id]);
  if (done?.mail_id || done?.canceled_at) return;
  // The booking once more right before sending: a request for a booking that no longer takes part is not sent.
  const { reason } = await unfitNow(app.db, { company_id: companyId, booking_id: Number(payload.bookingId), type_id: MESSAGE_TYPE.PaymentRequest, booking_starts_at: null });
  if (reason) {
    if (done) await cancelEntries(app, app.db, companyId, [{ id: done.id, outboxId: entry.id }], reason);
    else {
      await logCanceledPaymentRequest(app.db, companyId, Number(payload.bookingId), entry.id, payload, reason);
      await app.outbox.cancel(app.db, companyId, [entry.id]);
    }
    return;
  }
  const contact = await loadContact(app.db, companyId, Number(payload.bookingId));
  if (!contact?.email) return;
  await ensureDefaultTemplates(app.db, companyId);
  const template = await findTemplate(app.db, companyId, MESSAGE_TYPE.PaymentRequest, EMAIL, contact.lang, contact.serviceId);
  if (!template) return;
  const id =
    done?.id ??
    Number(
      (await app.db.one<{ id: number }>(
        `insert into message_log (company_id, booking_id, template_id, type_id, send_method_id, language, receiver, outbox_id)
         values ($1, $2, $3, $4, 1, $5, $6, $7) returning id`,
        [companyId, contact.id, template.id, MESSAGE_TYPE.PaymentRequest, template.language, contact.email, entry.id],
      ))!.id,
    );
  const { data } = await mergeDataFor(app.db, companyId, contact.id, template.language, app.payments.payLink);
  await send(app, { id, company_id: companyId, send_method_id: EMAIL, receiver: contact.email, type_id: MESSAGE_TYPE.PaymentRequest }, await renderMessage(template, EMAIL, data));
}
