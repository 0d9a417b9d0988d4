/**
 * What an administrator does to a booking after it is made, each in one transaction: approve, decline,
 * cancel (codes given back), pay and refund, and reshape (quantity, time, resources) re-checked by the
 * availability engine.
 */
import { DateTime } from 'luxon';
import type { CallerContext } from '../../shared/context';
import type { Db } from '../../db/db';
import { ApiError } from '../../shared/errors';
import { paymentReceived } from '../../shared/recordEvents';
import type { TransactionDraft } from '../../../domain/pricing';
import { afterPaymentChange, changedFields, refundAmount, STATUS, statusAfter } from '../../../domain/bookings';
import type { BookingApp } from './deps';
import { bookingKey, bookingWords } from './messages';
import { codesInUse, loadBookingRow, snapshot, syncAllocations, writeLog, type BookingRow } from './queries';

import { logChange, lockedBooking, refuseStatus, SHOWN } from './checks';

export async function restoreCodes(app: BookingApp, tx: Db, companyId: number, booking: BookingRow, userId: number | null): Promise<number[]> {
  const used = await codesInUse(tx, companyId, booking.id);
  const drafts: TransactionDraft[] = used.map((u) => ({ RebateCodeId: u.rebateCodeId, Amount: u.amount, Usage: u.usage, ChangeType: 'Increase', BookingId: booking.id }));
  await app.pricing.consumeCodes(tx, companyId, drafts, { customerId: booking.customer_id, serviceId: booking.service_id, userId });
  return used.map((u) => u.rebateCodeId);
}

/** Moves a booking to a status that gives its time back (cancel, decline, the hold's end). */
async function release(
  app: BookingApp,
  tx: Db,
  ctx: CallerContext | null,
  companyId: number,
  booking: BookingRow,
  statusId: number,
  event: string,
  texts: { reason?: string | null; toCustomer?: string | null },
): Promise<void> {
  const before = await snapshot(tx, companyId, booking.id);
  await tx.query(
    `update bookings set status_id = $3, hold_until = null, updated = now(),
            unbooked_comments = coalesce($4, unbooked_comments), comments_to_customer = coalesce($5, comments_to_customer)
      where id = $1 and company_id = $2`,
    [booking.id, companyId, statusId, texts.reason?.trim() || null, texts.toCustomer?.trim() || null],
  );
  await syncAllocations(tx, companyId, booking.id);
  await restoreCodes(app, tx, companyId, booking, ctx?.userId ?? null);
  if (ctx) await logChange(tx, ctx, booking.id, event, before, texts.reason);
  else {
    const after = await snapshot(tx, companyId, booking.id);
    const diff = changedFields(before, after);
    await writeLog(tx, { companyId, bookingId: booking.id, event, actorType: 'System', userId: null, comment: texts.reason ?? null, before: diff.before, after: diff.after });
  }
}

/** DELETE /bookings/{Id} (cancel, with the reason and the message to the customer) and PUT …/decline. */
export async function cancelBooking(
  app: BookingApp,
  ctx: CallerContext,
  id: number,
  kind: 'cancel' | 'decline',
  texts: { UnbookedComments?: string; CommentsToCustomer?: string; SendEmail?: boolean; SendSms?: boolean },
): Promise<void> {
  await app.db.tx(async (tx) => {
    const booking = await lockedBooking(tx, ctx, id);
    refuseStatus(ctx, booking, kind, kind);
    await release(app, tx, ctx, ctx.companyId, booking, statusAfter(kind, booking.status_id), kind === 'cancel' ? 'Canceled' : 'Declined', {
      reason: texts.UnbookedComments,
      toCustomer: texts.CommentsToCustomer,
    });
    await app.bookingEvents.emit(tx, {
      kind: kind === 'cancel' ? 'canceled' : 'declined',
      companyId: ctx.companyId,
      bookingId: id,
      commentsToCustomer: texts.CommentsToCustomer ?? null,
      sendEmail: texts.SendEmail,
      sendSms: texts.SendSms,
    });
  });
}

/** PUT /bookings/{Id}/approve: a reserved booking becomes booked (its hold ends). */
export async function approveBooking(app: BookingApp, ctx: CallerContext, id: number, commentsToCustomer?: string): Promise<void> {
  await app.db.tx(async (tx) => {
    const booking = await lockedBooking(tx, ctx, id);
    refuseStatus(ctx, booking, 'approve', 'approve');
    const before = await snapshot(tx, ctx.companyId, id);
    await tx.query(
      'update bookings set status_id = $3, hold_until = null, updated = now(), comments_to_customer = coalesce($4, comments_to_customer) where id = $1 and company_id = $2',
      [id, ctx.companyId, statusAfter('approve', booking.status_id), commentsToCustomer?.trim() || null],
    );
    await syncAllocations(tx, ctx.companyId, id);
    await logChange(tx, ctx, id, 'Approved', before);
    await app.bookingEvents.emit(tx, { kind: 'approved', companyId: ctx.companyId, bookingId: id, commentsToCustomer: commentsToCustomer ?? null });
  });
}

/** PUT /bookings/{Id}/markaspaid: a payment log entry (what is left to pay, or Amount) and status Payed. */
export async function markAsPaid(app: BookingApp, ctx: CallerContext, id: number, body: { Amount?: number; Comment?: string }): Promise<void> {
  await app.db.tx(async (tx) => {
    const booking = await lockedBooking(tx, ctx, id);
    refuseStatus(ctx, booking, 'markAsPaid', 'markAsPaid');
    const amount = body.Amount === undefined ? booking.total_price_minor - booking.paid_minor : Math.round(body.Amount * 100);
    if (amount < 0 || (amount === 0 && booking.total_price_minor > 0)) throw ApiError.field(400, 'Amount', bookingKey('NothingToPay'));
    const before = await snapshot(tx, ctx.companyId, id);
    const payment = await tx.one<{ id: number }>(
      `insert into booking_payments (company_id, booking_id, kind, amount_minor, comment, user_id) values ($1, $2, 'Payment', $3, $4, $5) returning id`,
      [ctx.companyId, id, amount, body.Comment?.trim() || null, ctx.userId],
    );
    await tx.query('update bookings set status_id = $3, paid_minor = paid_minor + $4, hold_until = null, updated = now() where id = $1 and company_id = $2', [
      id,
      ctx.companyId,
      statusAfter('markAsPaid', booking.status_id),
      amount,
    ]);
    await syncAllocations(tx, ctx.companyId, id);
    await logChange(tx, ctx, id, 'MarkedAsPaid', before, body.Comment);
    await app.bookingEvents.emit(tx, { kind: 'paid', companyId: ctx.companyId, bookingId: id });
    await paymentReceived(app, tx, ctx.companyId, id, payment!.id, null);
  });
}

/**
 * PUT /bookings/{Id}/noshow: marks a booking that has started (and is not canceled or unbooked) as
 * one the customer did not come to, or undoes the mark; when and by whom go with it, the log says so.
 * Asking for what the booking already is changes nothing.
 */
export async function markNoShow(app: BookingApp, ctx: CallerContext, id: number, body: { NoShow: boolean; Comment?: string }, now = new Date()): Promise<void> {
  await app.db.tx(async (tx) => {
    const booking = await lockedBooking(tx, ctx, id);
    refuseStatus(ctx, booking, 'noShow', 'noShow');
    if (booking.from_ms > now.getTime()) {
      throw ApiError.field(400, 'From', bookingKey('NoShowBeforeStart'), { from: DateTime.fromMillis(booking.from_ms, { zone: ctx.timeZone }).toFormat(SHOWN) });
    }
    const marked = await tx.one<{ marked: boolean }>('select no_show_at is not null as marked from bookings where id = $1', [id]);
    if (marked!.marked === body.NoShow) return;
    const before = await snapshot(tx, ctx.companyId, id);
    await tx.query(
      `update bookings set no_show_at = case when $3 then now() end, no_show_by = case when $3 then nullif($4::int, 0) end, updated = now()
        where id = $1 and company_id = $2`,
      [id, ctx.companyId, body.NoShow, ctx.userId],
    );
    await logChange(tx, ctx, id, body.NoShow ? 'MarkedNoShow' : 'NoShowUndone', before, body.Comment?.trim() || null);
    // A flag, not the booking's shape: webhooks say booking.updated, the customer is told nothing.
    await app.bookingEvents.emit(tx, { kind: 'updated', companyId: ctx.companyId, bookingId: id });
  });
}

/** PUT /bookings/{Id}/refund/{PaymentLogId}: a refund entry in the payment log (all that is left of the payment, or Amount). */
export async function refundPayment(app: BookingApp, ctx: CallerContext, id: number, paymentId: number, body: { Amount?: number; Comment?: string }): Promise<void> {
  await app.db.tx(async (tx) => {
    const booking = await lockedBooking(tx, ctx, id);
    const payment = await tx.one<{ amount: number; refunded: number }>(
      `select amount_minor::float8 as amount, refunded_minor::float8 as refunded from booking_payments
        where id = $1 and booking_id = $2 and company_id = $3 and kind = 'Payment' for update`,
      [paymentId, id, ctx.companyId],
    );
    if (!payment) throw ApiError.notFound(bookingWords.payment[ctx.lang], paymentId);
    const verdict = refundAmount(payment.amount, payment.refunded, body.Amount === undefined ? undefined : Math.round(body.Amount * 100));
    if (!verdict.ok) throw ApiError.field(400, 'Amount', bookingKey('NothingToRefund'), { left: verdict.left / 100 });
    const before = await snapshot(tx, ctx.companyId, id);
    await tx.query(
      `insert into booking_payments (company_id, booking_id, kind, amount_minor, refund_of, comment, user_id) values ($1, $2, 'Refund', $3, $4, $5, $6)`,
      [ctx.companyId, id, verdict.amount, paymentId, body.Comment?.trim() || null, ctx.userId],
    );
    await tx.query('update booking_payments set refunded_minor = refunded_minor + $2 where id = $1', [paymentId, verdict.amount]);
    // A booking marked paid that is no longer paid in full is booked again.
    const paid = booking.paid_minor - verdict.amount;
    await tx.query('update bookings set paid_minor = $3, status_id = $4, updated = now() where id = $1 and company_id = $2', [
      id,
      ctx.companyId,
      paid,
      afterPaymentChange(booking.status_id, paid, booking.total_price_minor),
    ]);
    await logChange(tx, ctx, id, 'Refunded', before, body.Comment);
    await app.bookingEvents.emit(tx, { kind: 'refunded', companyId: ctx.companyId, bookingId: id });
  });
}

export async function releaseExpiredHolds(app: BookingApp, now = new Date()): Promise<number> {
  let released = 0;
  for (;;) {
    const count = await app.db.tx(async (tx) => {
      const due = await tx.query<{ id: number; company_id: number }>(
        `select b.id, b.company_id from bookings b join booking_statuses st on st.id = b.status_id and st.holds_until_deadline
          where b.hold_until is not null and b.hold_until <= $1 order by b.hold_until limit 50 for no key update of b skip locked`,
        [now],
      );
      for (const d of due) {
        const booking = (await loadBookingRow(tx, d.company_id, d.id))!;
        await release(app, tx, null, d.company_id, booking, STATUS.Unbooked, 'HoldExpired', {});
        await app.bookingEvents.emit(tx, { kind: 'released', companyId: d.company_id, bookingId: d.id });
      }
      return due.length;
    });
    released += count;
    if (count < 50) return released;
  }
}
