/**
 * Bookings (issue 12): create one or a series, list and read, every action of the booking page,
 * the booking log, the user queue and the booking settings. Rules in domain/bookings, SQL in
 * queries.ts, transactions in operations.ts, lists in resources.ts. Routes in README order:
 * see notes/bookings-server.md for shapes.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type {
  ApproveBooking,
  Booking,
  BookingResourceChange,
  BookingResourceRemove,
  BookingSettings,
  BookingSettingsInput,
  BookingBulkAction,
  BookingUserQueueInput,
  BookQueuedCustomer,
  CancelBooking,
  ChangeBookingQuantity,
  CreateBooking,
  CreateRepeatBooking,
  MarkBookingAsPaid,
  MarkBookingNoShow,
  MoveBookingResource,
  RefundBooking,
  SendPaymentRequest,
  UpdateBooking,
} from '../../../schema/bookings';
import { companyContext, type CallerContext } from '../../shared/context';
import { ApiError, checkFieldsEarly } from '../../shared/errors';
import { ref } from '../../shared/schemas';
import { findRecord, idParams, pageSchema, readRecord, registerResource, selectWhere } from '../../autoquery/index';
import { STATUS_IDS } from '../../../domain/bookings';
import { bookingWords, bookingKey, registerBookingMessages, statusNames } from './messages';
import { createBooking, createRepeat } from './operations';
import { parseWireTime, resolveCustomer } from './checks';
import { approveBooking, cancelBooking, markAsPaid, markNoShow, refundPayment, releaseExpiredHolds } from './actions';
import { addResource, changeQuantity, changeResource, moveBooking, removeResource, updateBooking } from './reshape';
import { availableResources, loadSettings, saveSettings, type BookingSettingsRow } from './queries';
import { announceQueueEvent } from '../../shared/liveFeed';
import { BOOKING_EVENTS } from '../../shared/bookingEvents';
import { RECORD_EVENTS } from '../../shared/recordEvents';
import { queueOffers } from './queueOffers';
import { AVAILABILITY, PAYMENTS, PRICING } from '../../shared/ports';
import { area } from '../../shared/area';
import { bookingLog, bookings, bookingUserQueue } from './resources';
import { bookQueued, bulkAction, reportOptions, sendPaymentRequest } from './requests';

export { releaseExpiredHolds } from './actions';

/** The job that gives back the time of expired holds (a pg-boss schedule, every minute). */
export const RELEASE_HOLDS_JOB = 'bookings_release_holds';

const bookingResponse = { 200: ref('Booking') };
const idOf = (request: FastifyRequest) => (request.params as { Id: number }).Id;

/** Actions whose body is all optional may be sent without one (an empty PUT approves). */
const optionalBody = async (request: FastifyRequest): Promise<void> => {
  if (request.body === undefined || request.body === null) request.body = {};
};

async function readBooking(app: FastifyInstance, ctx: CallerContext, id: number): Promise<Booking> {
  const record = await readRecord(app.db, ctx, bookings, id);
  if (!record) throw ApiError.notFound(bookingWords.booking[ctx.lang], id);
  return record;
}

function settingsToWire(s: BookingSettingsRow): BookingSettings {
  return {
    DefaultStatusId: s.default_status_id === 3 ? 3 : 1,
    ReservationHoldMinutes: s.reservation_hold_minutes,
    PaymentHoldMinutes: s.payment_hold_minutes,
    CancellationDeadlineHours: s.cancellation_deadline_hours,
    CustomersMayChooseResources: s.customers_choose_resources,
    SendEmailConfirmation: s.send_email_confirmation,
    SendSmsConfirmation: s.send_sms_confirmation,
    SendEmailReminder: s.send_email_reminder,
    SendSmsReminder: s.send_sms_reminder,
    QueueEnabled: s.queue_enabled,
  };
}

function settingsFromWire(s: BookingSettingsInput): Partial<BookingSettingsRow> {
  const out: Partial<BookingSettingsRow> = {};
  if (s.DefaultStatusId !== undefined) out.default_status_id = s.DefaultStatusId;
  if (s.ReservationHoldMinutes !== undefined) out.reservation_hold_minutes = s.ReservationHoldMinutes;
  if (s.PaymentHoldMinutes !== undefined) out.payment_hold_minutes = s.PaymentHoldMinutes;
  if (s.CancellationDeadlineHours !== undefined) out.cancellation_deadline_hours = s.CancellationDeadlineHours;
  if (s.CustomersMayChooseResources !== undefined) out.customers_choose_resources = s.CustomersMayChooseResources;
  if (s.SendEmailConfirmation !== undefined) out.send_email_confirmation = s.SendEmailConfirmation;
  if (s.SendSmsConfirmation !== undefined) out.send_sms_confirmation = s.SendSmsConfirmation;
  if (s.SendEmailReminder !== undefined) out.send_email_reminder = s.SendEmailReminder;
  if (s.SendSmsReminder !== undefined) out.send_sms_reminder = s.SendSmsReminder;
  if (s.QueueEnabled !== undefined) out.queue_enabled = s.QueueEnabled;
  return out;
}

async function bookingsArea(app: FastifyInstance): Promise<void> {
  registerBookingMessages();
  registerResource(app, bookings);
  registerResource(app, bookingLog);
  registerResource(app, bookingUserQueue);
  // What a booking event's subscribers hand on (a webhook's payload): the booking as GET answers it.
  app.bookingEvents.describe(async (tx, companyId, id) => findRecord(tx, await companyContext(tx, companyId), bookings, id));
  app.bookingEvents.on(queueOffers(app));

  app.post('/bookings', { schema: { body: ref('CreateBooking'), response: bookingResponse } }, async (request) => {
    const id = await createBooking(app, request.ctx, request.body as CreateBooking);
    return readBooking(app, request.ctx, id);
  });

  app.post(
    '/bookings/repeat',
    { schema: { body: ref('CreateRepeatBooking'), response: { 200: ref('RepeatBookingResponse') } } },
    async (request) => {
      const { created, failed } = await createRepeat(app, request.ctx, request.body as CreateRepeatBooking);
      const records = created.length ? await selectWhere(app.db, request.ctx, bookings, (p) => `t.id = any(${p.add(created)}::int[])`) : [];
      records.sort((a, b) => a.From.localeCompare(b.From));
      return { Created: records, Failed: failed };
    },
  );

  app.get('/bookings/status', { schema: { querystring: ref('BookingStatusQuery'), response: { 200: pageSchema('BookingStatus') } } }, async (request) => {
    const rows = await app.db.query<{ id: number; icon: string; color: string; holds_slot: boolean; holds_until_deadline: boolean }>(
      'select id, icon, color, holds_slot, holds_until_deadline from booking_statuses where id = any($1::int[]) order by id',
      [[...STATUS_IDS]],
    );
    const lang = request.ctx.lang;
    const results = rows.map((r) => ({
      Id: r.id,
      Name: statusNames[r.id]?.name[lang] ?? String(r.id),
      Description: statusNames[r.id]?.description[lang] ?? '',
      Icon: r.icon,
      Color: r.color,
      HoldsSlot: r.holds_slot,
      HoldsUntilDeadline: r.holds_until_deadline,
    }));
    return { Offset: 0, Total: results.length, Results: results };
  });

  app.get('/bookings/settings', { schema: { response: { 200: ref('BookingSettings') } } }, async (request) => settingsToWire(await loadSettings(app.db, request.ctx.companyId)));

  app.put('/bookings/settings', { schema: { body: ref('BookingSettingsInput'), response: { 200: ref('BookingSettings') } } }, async (request) => {
    await app.db.tx((tx) => saveSettings(tx, request.ctx.companyId, settingsFromWire(request.body as BookingSettingsInput)));
    return settingsToWire(await loadSettings(app.db, request.ctx.companyId));
  });

  app.get('/bookings/reports', { schema: { querystring: ref('BookingReportOptionQuery'), response: { 200: pageSchema('BookingReportOption') } } }, async (request) => {
    const results = await reportOptions(app.db, request.ctx);
    return { Offset: 0, Total: results.length, Results: results };
  });

  // Ids or a Filter names what a bulk call acts on: refused with whatever the schema refuses.
  const bulkTarget = checkFieldsEarly((request, refuse) => {
    const body = request.body as { Ids?: unknown; Filter?: unknown } | null;
    const noIds = body?.Ids === undefined || body.Ids === null || (Array.isArray(body.Ids) && !body.Ids.length);
    if (body && typeof body === 'object' && noIds && (body.Filter === undefined || body.Filter === null)) refuse('Ids', bookingKey('BulkNeedsTarget'));
  });
  app.post('/bookings/bulk', { preValidation: bulkTarget, schema: { body: ref('BookingBulkAction'), response: { 200: ref('BookingBulkResponse') } } }, (request) =>
    bulkAction(app, request.ctx, request.body as BookingBulkAction),
  );

  app.put(
    '/payment/payson/v2/checkout/:Id/sendpaymentrequest',
    { preValidation: optionalBody, schema: { params: idParams, body: ref('SendPaymentRequest'), response: { 200: ref('PaymentRequestResponse') } } },
    (request) => sendPaymentRequest(app, request.ctx, idOf(request), (request.body as SendPaymentRequest | undefined)?.Comment),
  );

  app.post(
    '/bookinguserqueue/:Id/book',
    { preValidation: optionalBody, schema: { params: idParams, body: ref('BookQueuedCustomer'), response: bookingResponse } },
    async (request) => readBooking(app, request.ctx, await bookQueued(app, request.ctx, idOf(request), (request.body as BookQueuedCustomer | undefined) ?? {})),
  );

  app.put('/bookings/resources/move', { schema: { body: ref('MoveBookingResource'), response: bookingResponse } }, async (request) => {
    const body = request.body as MoveBookingResource;
    await moveBooking(app, request.ctx, body);
    return readBooking(app, request.ctx, body.BookingId);
  });

  app.get('/bookings/:Id', { schema: { params: idParams, response: bookingResponse } }, (request) => readBooking(app, request.ctx, idOf(request)));

  app.put('/bookings/:Id', { schema: { params: idParams, body: ref('UpdateBooking'), response: bookingResponse } }, async (request) => {
    await updateBooking(app, request.ctx, idOf(request), request.body as UpdateBooking);
    return readBooking(app, request.ctx, idOf(request));
  });

  app.delete('/bookings/:Id', { schema: { params: idParams, querystring: ref('CancelBooking'), response: bookingResponse } }, async (request) => {
    await cancelBooking(app, request.ctx, idOf(request), 'cancel', request.query as CancelBooking);
    return readBooking(app, request.ctx, idOf(request));
  });

  app.put('/bookings/:Id/approve', { preValidation: optionalBody, schema: { params: idParams, body: ref('ApproveBooking'), response: bookingResponse } }, async (request) => {
    await approveBooking(app, request.ctx, idOf(request), (request.body as ApproveBooking | undefined)?.CommentsToCustomer);
    return readBooking(app, request.ctx, idOf(request));
  });

  app.put('/bookings/:Id/decline', { preValidation: optionalBody, schema: { params: idParams, body: ref('CancelBooking'), response: bookingResponse } }, async (request) => {
    await cancelBooking(app, request.ctx, idOf(request), 'decline', (request.body as CancelBooking | undefined) ?? {});
    return readBooking(app, request.ctx, idOf(request));
  });

  app.put('/bookings/:Id/markaspaid', { preValidation: optionalBody, schema: { params: idParams, body: ref('MarkBookingAsPaid'), response: bookingResponse } }, async (request) => {
    await markAsPaid(app, request.ctx, idOf(request), (request.body as MarkBookingAsPaid | undefined) ?? {});
    return readBooking(app, request.ctx, idOf(request));
  });

  app.put('/bookings/:Id/noshow', { schema: { params: idParams, body: ref('MarkBookingNoShow'), response: bookingResponse } }, async (request) => {
    await markNoShow(app, request.ctx, idOf(request), request.body as MarkBookingNoShow);
    return readBooking(app, request.ctx, idOf(request));
  });

  app.put(
    '/bookings/:Id/refund/:PaymentLogId',
    {
      preValidation: optionalBody,
      schema: {
        params: {
          type: 'object',
          properties: { Id: idParams.properties.Id, PaymentLogId: idParams.properties.Id },
          required: ['Id', 'PaymentLogId'],
        },
        body: ref('RefundBooking'),
        response: bookingResponse,
      },
    },
    async (request) => {
      const { PaymentLogId } = request.params as { PaymentLogId: number };
      await refundPayment(app, request.ctx, idOf(request), PaymentLogId, (request.body as RefundBooking | undefined) ?? {});
      return readBooking(app, request.ctx, idOf(request));
    },
  );

  app.put('/bookings/:Id/quantity', { schema: { params: idParams, body: ref('ChangeBookingQuantity'), response: bookingResponse } }, async (request) => {
    await changeQuantity(app, request.ctx, idOf(request), (request.body as ChangeBookingQuantity).Quantities);
    return readBooking(app, request.ctx, idOf(request));
  });

  app.post('/bookings/:Id/resource', { schema: { params: idParams, body: ref('BookingResourceChange'), response: bookingResponse } }, async (request) => {
    await addResource(app, request.ctx, idOf(request), request.body as BookingResourceChange);
    return readBooking(app, request.ctx, idOf(request));
  });

  app.put('/bookings/:Id/resource', { schema: { params: idParams, body: ref('BookingResourceChange'), response: bookingResponse } }, async (request) => {
    const body = request.body as BookingResourceChange;
    await readBooking(app, request.ctx, idOf(request));
    await changeResource(app, request.ctx, idOf(request), body);
    return readBooking(app, request.ctx, idOf(request));
  });

  app.delete('/bookings/:Id/resource', { schema: { params: idParams, querystring: ref('BookingResourceRemove'), response: bookingResponse } }, async (request) => {
    const query = request.query as BookingResourceRemove;
    await removeResource(app, request.ctx, idOf(request), query.ResourceId, query.ResourceTypeId);
    return readBooking(app, request.ctx, idOf(request));
  });

  app.get(
    '/bookings/:Id/resources/available',
    { schema: { params: idParams, querystring: ref('AvailableBookingResourcesQuery'), response: { 200: pageSchema('AvailableBookingResource') } } },
    async (request) => {
      await readBooking(app, request.ctx, idOf(request));
      const query = request.query as { ResourceTypeId?: number };
      const results = await availableResources(app.db, request.ctx.companyId, idOf(request), query.ResourceTypeId ?? null);
      return { Offset: 0, Total: results.length, Results: results };
    },
  );

  app.post('/bookinguserqueue', { schema: { body: ref('BookingUserQueueInput'), response: { 200: ref('BookingUserQueueEntry') } } }, async (request) => {
    const ctx = request.ctx;
    const body = request.body as BookingUserQueueInput;
    const id = await app.db.tx(async (tx) => {
      const service = await tx.one<{ duration: number; enable_booking_queue: boolean; time_zone: string }>(
        'select s.duration, s.enable_booking_queue, c.time_zone from services s join companies c on c.id = s.company_id where s.id = $1 and s.company_id = $2',
        [body.ServiceId, ctx.companyId],
      );
      if (!service) throw ApiError.field(400, 'ServiceId', bookingKey('BookingUnknownReference'), { what: bookingWords.service[ctx.lang] });
      const settings = await loadSettings(tx, ctx.companyId);
      if (!service.enable_booking_queue && !settings.queue_enabled) throw ApiError.field(400, 'ServiceId', bookingKey('QueueDisabled'));
      const from = parseWireTime(body.From, service.time_zone, 'From');
      const to = body.To ? parseWireTime(body.To, service.time_zone, 'To') : from.plus({ minutes: service.duration });
      if (to <= from) throw ApiError.field(400, 'From', 'FromAfterTo', { other: 'To' });
      const customer = await resolveCustomer(app, tx, ctx, body.CustomerId, body.Customer);
      const row = await tx.one<{ id: number }>(
        `insert into booking_user_queue (company_id, service_id, customer_id, starts_at, ends_at, quantity, comment, created_by)
         values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
        [ctx.companyId, body.ServiceId, customer.id, from.toJSDate(), to.toJSDate(), body.Quantity ?? 1, body.Comment?.trim() || null, ctx.userId],
      );
      await announceQueueEvent(tx, ctx.companyId, row!.id, 'added');
      return row!.id;
    });
    return readRecord(app.db, ctx, bookingUserQueue, id);
  });

  app.delete('/bookinguserqueue/:Id', { schema: { params: idParams, response: { 200: ref('BookingUserQueueEntry') } } }, async (request) => {
    const entry = await readRecord(app.db, request.ctx, bookingUserQueue, idOf(request));
    await app.db.tx(async (tx) => {
      await tx.query('delete from booking_user_queue where id = $1 and company_id = $2', [idOf(request), request.ctx.companyId]);
      await announceQueueEvent(tx, request.ctx.companyId, idOf(request), 'removed');
    });
    return entry;
  });

  // Reserved and unpaid bookings hold their time until their deadline; each minute the job gives it back.
  if (app.hasDecorator('jobs')) {
    app.jobs.every(RELEASE_HOLDS_JOB, '* * * * *', async () => {
      await releaseExpiredHolds(app);
    });
  }
}

/** Bookings price with services' rules, place with schedules' data and announce every change. */
export default area('bookings', bookingsArea, [BOOKING_EVENTS, RECORD_EVENTS, AVAILABILITY, PRICING, PAYMENTS]);
