/**
 * Messages follow the booking (issue 29): whether a message still fits its booking as the booking is
 * now, and the canceling of those that no longer do. A reminder, confirmation, changed-time message
 * or payment request is for a booking that still takes part; a reminder also for the time it was
 * planned for. Cancellations, declines, receipts and queue messages fit whatever the booking became.
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/db';
import { STATUS } from '../../../domain/bookings';
import { MESSAGE_TYPE } from './types';
import { PAYMENT_REQUEST_KIND } from './kinds';

/** Why a message is not (or no longer) sent: message_log.cancel_reason, the log's CancelReason. */
export type CancelReason = 'BookingCanceled' | 'BookingDeclined' | 'BookingExpired' | 'BookingMoved' | 'BookingPassed' | 'BookingGone';

/** A booking as deciding needs it. */
export interface BookingNow {
  id: number;
  statusId: number;
  startsAt: Date;
  /** How it stopped taking part, if it did. */
  ended: CancelReason | null;
}

/** The message types that need a booking that still takes part. */
const FOR_ACTIVE_BOOKING: readonly number[] = [MESSAGE_TYPE.Confirmation, MESSAGE_TYPE.Reminder, MESSAGE_TYPE.ChangedTime, MESSAGE_TYPE.PaymentRequest, MESSAGE_TYPE.ReviewRequest];

/**
 * Why a message of `typeId` no longer fits its booking (null: it fits). `plannedStart` is the
 * booking's start when the message was written (null: not known); `forBooking` says whether it was
 * written for a booking at all (a booking deleted since leaves `booking` undefined).
 * @example unfitReason(2, { id: 7, statusId: 4, startsAt, ended: 'BookingCanceled' }, startsAt, true, now) // 'BookingCanceled'
 * @example unfitReason(2, { id: 7, statusId: 1, startsAt: newStart, ended: null }, oldStart, true, now)   // 'BookingMoved'
 * @example unfitReason(3, { id: 7, statusId: 4, startsAt, ended: 'BookingCanceled' }, startsAt, true, now) // null: a cancellation fits
 */
export function unfitReason(typeId: number, booking: BookingNow | undefined, plannedStart: Date | null, forBooking: boolean, now: Date): CancelReason | null {
  if (!FOR_ACTIVE_BOOKING.includes(typeId)) return null;
  if (!booking) return forBooking ? 'BookingGone' : null;
  if (booking.ended) return booking.ended;
  if (typeId === MESSAGE_TYPE.Reminder || typeId === MESSAGE_TYPE.ReviewRequest) {
    if (plannedStart && plannedStart.getTime() !== booking.startsAt.getTime()) return 'BookingMoved';
    if (typeId === MESSAGE_TYPE.Reminder && booking.startsAt.getTime() <= now.getTime()) return 'BookingPassed';
  }
  return null;
}

/** How a booking in a released status stopped taking part, by the last such entry of its log. */
function endedBy(statusId: number, lastEvent: string | null): CancelReason | null {
  if (statusId === STATUS.Canceled) return 'BookingCanceled';
  if (statusId !== STATUS.Unbooked) return null;
  return lastEvent === 'HoldExpired' ? 'BookingExpired' : 'BookingDeclined';
}

/** One booking of one company as it is now (undefined when there is none). */
export async function loadBookingNow(db: Db, companyId: number, bookingId: number): Promise<BookingNow | undefined> {
  const row = await db.one<{ id: number; status_id: number; starts_at: string | Date; last_event: string | null }>(
    `select b.id, b.status_id, b.starts_at,
            (select l.event from booking_log l where l.company_id = b.company_id and l.booking_id = b.id
                and l.event in ('Canceled', 'Declined', 'HoldExpired') order by l.id desc limit 1) as last_event
       from bookings b where b.company_id = $1 and b.id = $2`,
    [companyId, bookingId],
  );
  if (!row) return undefined;
  return { id: row.id, statusId: row.status_id, startsAt: new Date(row.starts_at), ended: endedBy(row.status_id, row.last_event) };
}

/** A log entry as deciding needs it. */
export interface LogFacts {
  company_id: number;
  booking_id: number | null;
  type_id: number;
  booking_starts_at: Date | string | null;
}

const asDate = (value: Date | string | null): Date | null => (value === null ? null : new Date(value));

/** Why a log entry's message no longer fits its booking as it is now (null: it fits). */
export async function unfitNow(db: Db, log: LogFacts, now = new Date()): Promise<{ reason: CancelReason | null; booking: BookingNow | undefined }> {
  const booking = log.booking_id ? await loadBookingNow(db, log.company_id, log.booking_id) : undefined;
  const planned = asDate(log.booking_starts_at);
  return { reason: unfitReason(log.type_id, booking, planned, log.booking_id !== null || planned !== null, now), booking };
}

/** Marks log entries canceled for `reason` and cancels their outbox entries, in `db`. */
export async function cancelEntries(app: FastifyInstance, db: Db, companyId: number, entries: { id: number; outboxId: number | null }[], reason: CancelReason): Promise<void> {
  if (!entries.length) return;
  await db.query(
    `update message_log set canceled_at = now(), cancel_reason = $3, updated = now()
      where company_id = $1 and id = any($2::bigint[]) and sent_at is null and canceled_at is null`,
    [companyId, entries.map((e) => e.id), reason],
  );
  await app.outbox.cancel(db, companyId, entries.flatMap((e) => (e.outboxId === null ? [] : [e.outboxId])));
}

/**
 * Cancels, in the booking change's transaction, every message of the booking not yet delivered that
 * no longer fits it (a canceled, declined or expired booking's reminders and confirmations, the
 * reminder for a moved booking's old time), and the payment requests still waiting for a booking
 * that no longer takes part. Test sends are left alone. Answers how many were canceled.
 */
export async function cancelUnfitMessages(app: FastifyInstance, tx: Db, companyId: number, bookingId: number): Promise<number> {
  const booking = await loadBookingNow(tx, companyId, bookingId);
  const now = new Date();
  const pending = await tx.query<{ id: number | string; type_id: number; outbox_id: number | string | null; booking_starts_at: Date | string | null }>(
    `select l.id, l.type_id, l.outbox_id, l.booking_starts_at from message_log l left join outbox o on o.id = l.outbox_id
      where l.company_id = $1 and l.booking_id = $2 and l.sent_at is null and l.canceled_at is null and not l.is_test
        and coalesce(o.state, 'queued') = 'queued'`,
    [companyId, bookingId],
  );
  const byReason = new Map<CancelReason, { id: number; outboxId: number | null }[]>();
  for (const row of pending) {
    const reason = unfitReason(row.type_id, booking, asDate(row.booking_starts_at), true, now);
    if (!reason) continue;
    byReason.set(reason, [...(byReason.get(reason) ?? []), { id: Number(row.id), outboxId: row.outbox_id === null ? null : Number(row.outbox_id) }]);
  }
  for (const [reason, entries] of byReason) await cancelEntries(app, tx, companyId, entries, reason);
  let canceled = [...byReason.values()].reduce((n, entries) => n + entries.length, 0);

  // A payment request has its log entry from delivery on: one still waiting gets a canceled entry now.
  const ended = unfitReason(MESSAGE_TYPE.PaymentRequest, booking, null, true, now);
  if (ended) {
    const requests = await tx.query<{ id: number | string; payload: Record<string, unknown> | string }>(
      `select o.id, o.payload from outbox o
        where o.company_id = $1 and o.kind = $2 and o.state = 'queued' and o.payload ->> 'bookingId' = $3
          and not exists (select 1 from message_log l where l.outbox_id = o.id)`,
      [companyId, PAYMENT_REQUEST_KIND, String(bookingId)],
    );
    for (const request of requests) {
      const payload = typeof request.payload === 'string' ? (JSON.parse(request.payload) as Record<string, unknown>) : request.payload;
      await logCanceledPaymentRequest(tx, companyId, bookingId, Number(request.id), payload, ended);
    }
    await app.outbox.cancel(tx, companyId, requests.map((r) => Number(r.id)));
    canceled += requests.length;
  }
  return canceled;
}

/** The log entry of a payment request that is not sent, with why. */
export async function logCanceledPaymentRequest(db: Db, companyId: number, bookingId: number, outboxId: number, payload: Record<string, unknown>, reason: CancelReason): Promise<void> {
  const lang = typeof payload.lang === 'string' && ['sv', 'en', 'fi', 'no'].includes(payload.lang) ? payload.lang : 'sv';
  await db.query(
    `insert into message_log (company_id, booking_id, type_id, send_method_id, language, receiver, outbox_id, canceled_at, cancel_reason)
     values ($1, (select id from bookings where company_id = $1 and id = $2), $3, 1, $4, $5, $6, now(), $7)`,
    [companyId, bookingId, MESSAGE_TYPE.PaymentRequest, lang, typeof payload.email === 'string' ? payload.email : '', outboxId, reason],
  );
}
