/**
 * Booking calls beyond one booking's own actions: the payment request (recorded here, sent by
 * messaging through the outbox), actions on many bookings at once, turning a queued customer into
 * a booking, and the receipt options.
 */
import type { FastifyInstance } from 'fastify';
import type { BookingBulkAction, BookingBulkResponse, BookingQuery, BookingReportOption, BookQueuedCustomer, CreateBooking, PaymentRequestResponse } from '../../../schema/bookings';
import type { CallerContext } from '../../shared/context';
import type { Db } from '../../db/db';
import { ApiError } from '../../shared/errors';
import { announceQueueEvent } from '../../shared/liveFeed';
import { STATUS } from '../../../domain/bookings';
import { columnsOf } from '../../autoquery/columns';
import { whereClause } from '../../autoquery/list';
import { SqlParams } from '../../autoquery/declare';
import { bookingKey, bookingWords } from './messages';
import { cancelBooking, markAsPaid } from './actions';
import { createBooking, reasonOf } from './operations';
import { logChange, lockedBooking, refuseStatus } from './checks';
import { snapshot } from './queries';
import { inTransaction, type BookingApp } from './deps';
import { bookings } from './resources';
import { BOOKING_REPORT_OPTIONS } from './receipt';

/** The outbox kind messaging delivers a payment request with. */
export const PAYMENT_REQUEST_KIND = 'payment_request';
/** Bookings one filtered bulk call acts on; the client continues from LastId. */
const BULK_PAGE = 200;

/**
 * PUT /payment/payson/v2/checkout/{Id}/sendpaymentrequest: asks the customer to pay what is left.
 * Recorded in the booking's log ('PaymentRequested'); a booking awaiting the administrator's
 * request (8) then awaits payment without a time limit (6). The request itself is an outbox entry
 * of kind 'payment_request' written in the same transaction, which messaging delivers after the
 * commit (a failed mail never undoes the request).
 */
export async function sendPaymentRequest(app: FastifyInstance, ctx: CallerContext, id: number, comment?: string): Promise<PaymentRequestResponse> {
  return app.db.tx(async (tx) => {
    const booking = await lockedBooking(tx, ctx, id);
    refuseStatus(ctx, booking, 'markAsPaid', 'paymentRequest');
    const left = booking.total_price_minor - booking.paid_minor;
    if (left <= 0) throw ApiError.field(400, 'Amount', bookingKey('NothingToPay'));
    const customer = booking.customer_id
      ? await tx.one<{ email: string | null; firstname: string; lastname: string }>('select email, firstname, lastname from customers where id = $1 and company_id = $2', [
          booking.customer_id,
          ctx.companyId,
        ])
      : undefined;
    if (!customer?.email) throw ApiError.field(400, 'CustomerId', bookingKey('NoCustomerEmail'));
    const before = await snapshot(tx, ctx.companyId, id);
    const statusId = booking.status_id === STATUS.AwaitingPaymentRequestFromAdmin ? STATUS.AwaitingPaymentNoTimeLimit : booking.status_id;
    await tx.query('update bookings set status_id = $3, hold_until = null, updated = now() where id = $1 and company_id = $2', [id, ctx.companyId, statusId]);
    const sent = await tx.one<{ n: number }>("select count(*)::int as n from booking_log where booking_id = $1 and company_id = $2 and event = 'PaymentRequested'", [id, ctx.companyId]);
    await logChange(tx, ctx, id, 'PaymentRequested', before, comment?.trim() || null);
    const currency = await tx.one<{ currency_id: string }>('select currency_id from bookings where id = $1', [id]);
    const payload = {
      bookingId: id,
      customerId: booking.customer_id,
      email: customer.email,
      name: `${customer.firstname} ${customer.lastname}`.trim(),
      amount: left / 100,
      currencyId: currency!.currency_id,
      comment: comment?.trim() || null,
      lang: ctx.lang,
    };
    try {
      await app.outbox.add(tx, { companyId: ctx.companyId, kind: PAYMENT_REQUEST_KIND, key: `booking:${id}:payment-request:${sent!.n + 1}`, payload });
    } catch (err) {
      if (err instanceof Error && err.message.startsWith('no outbox handler')) throw ApiError.field(503, 'BookingId', bookingKey('PaymentRequestsUnavailable'));
      throw err;
    }
    return { BookingId: id, Amount: left / 100, CurrencyId: currency!.currency_id, Email: customer.email, StatusId: statusId as PaymentRequestResponse['StatusId'] };
  });
}

/** The ids a bulk call acts on: the chosen ones, or the next page of those the list's filter matches. */
async function bulkTargets(db: Db, ctx: CallerContext, body: BookingBulkAction): Promise<{ ids: number[]; more: boolean }> {
  if (body.Ids?.length) return { ids: [...new Set(body.Ids)], more: false };
  if (!body.Filter) throw ApiError.field(400, 'Ids', bookingKey('BulkNeedsTarget'));
  const cols = columnsOf(bookings);
  const p = new SqlParams();
  const where = whereClause(bookings, new Map(cols.map((c) => [c.wire, c])), ctx, body.Filter as BookingQuery, p);
  const rows = await db.query<{ id: number }>(`select t.id from bookings_view t where ${where} and t.id > ${p.add(body.AfterId ?? 0)} order by t.id limit ${p.add(BULK_PAGE + 1)}`, p.values);
  return { ids: rows.slice(0, BULK_PAGE).map((r) => r.id), more: rows.length > BULK_PAGE };
}

/**
 * POST /bookings/bulk: cancel (with the reason and the message to the customer) or mark as paid,
 * each booking in its own transaction exactly as its single action, so one refusal (already
 * canceled, already paid) is reported and the others go ahead.
 */
export async function bulkAction(app: FastifyInstance, ctx: CallerContext, body: BookingBulkAction): Promise<BookingBulkResponse> {
  const { ids, more } = await bulkTargets(app.db, ctx, body);
  const out: BookingBulkResponse = { Succeeded: [], Failed: [], LastId: body.Filter && !body.Ids?.length ? (ids.at(-1) ?? null) : null, More: more };
  for (const id of ids) {
    try {
      if (body.Action === 'Cancel') {
        await cancelBooking(app, ctx, id, 'cancel', { UnbookedComments: body.UnbookedComments, CommentsToCustomer: body.CommentsToCustomer, SendEmail: body.SendEmail, SendSms: body.SendSms });
      } else await markAsPaid(app, ctx, id, {});
      out.Succeeded.push(id);
    } catch (err) {
      if (!(err instanceof ApiError) || err.statusCode >= 500) throw err;
      out.Failed.push({ Id: id, Message: reasonOf(err, ctx.lang) });
    }
  }
  return out;
}

/**
 * POST /bookinguserqueue/{Id}/book: the queued customer's booking (their time, service and
 * quantity), made and the queue entry removed in one transaction; checked like any new booking,
 * so a time still full answers 409 and the customer stays in the queue.
 */
export async function bookQueued(app: BookingApp, ctx: CallerContext, queueId: number, body: BookQueuedCustomer): Promise<number> {
  return app.db.tx(async (tx) => {
    const entry = await tx.one<{ service_id: number; customer_id: number; from_local: string; to_local: string; quantity: number; comment: string | null }>(
      `select q.service_id, q.customer_id, to_char(q.starts_at at time zone c.time_zone, 'YYYY-MM-DD"T"HH24:MI:SS') as from_local,
              to_char(q.ends_at at time zone c.time_zone, 'YYYY-MM-DD"T"HH24:MI:SS') as to_local, q.quantity, q.comment
         from booking_user_queue q join companies c on c.id = q.company_id
        where q.id = $1 and q.company_id = $2 for update of q`,
      [queueId, ctx.companyId],
    );
    if (!entry) throw ApiError.notFound(bookingWords.queueEntry[ctx.lang], queueId);
    let quantities = body.Quantities;
    if (!quantities?.length) {
      const price = await tx.one<{ id: number }>('select id from service_prices where service_id = $1 and company_id = $2 order by id limit 1', [entry.service_id, ctx.companyId]);
      quantities = price ? [{ PriceId: price.id, Quantity: entry.quantity }] : undefined;
    }
    const input: CreateBooking = {
      ServiceId: entry.service_id,
      CustomerId: entry.customer_id,
      From: entry.from_local,
      To: entry.to_local,
      Quantities: quantities,
      Resources: body.Resources,
      BookedComments: entry.comment ?? undefined,
      SendEmailConfirmation: body.SendEmailConfirmation,
      SendSmsConfirmation: body.SendSmsConfirmation,
    };
    const id = await createBooking(inTransaction(app, tx), ctx, input);
    await tx.query('delete from booking_user_queue where id = $1 and company_id = $2', [queueId, ctx.companyId]);
    await announceQueueEvent(tx, ctx.companyId, queueId, 'booked');
    return id;
  });
}

/**
 * GET /bookings/reports: what "send receipt" offers, the options the report route
 * (GET /bookings/{Id}/reports/{OptionId}, receipt.ts) serves: the standard receipt (1) always, and the
 * booking printed with the company's first active booking printout by name (2) when it has one.
 */
export async function reportOptions(db: Db, ctx: CallerContext): Promise<BookingReportOption[]> {
  const printout = await db.one<{ name: string }>('select name from booking_printouts where company_id = $1 and active order by name, id limit 1', [ctx.companyId]);
  const receipt: BookingReportOption = { Id: BOOKING_REPORT_OPTIONS.receipt, Name: bookingWords.receipt[ctx.lang], IsPrintout: false };
  return printout ? [receipt, { Id: BOOKING_REPORT_OPTIONS.printout, Name: printout.name, IsPrintout: true }] : [receipt];
}
