/**
 * What the booking calls do, each in one transaction: check the time with the availability engine
 * (the one behind availabletimes) after locking what competes for it, price with calculateprice's
 * rules, take the promo codes, write the booking, its allocations and its log entry together.
 */
import { checkPlanLimit } from '../../shared/planLimits';
import type { CreateBooking, CreateRepeatBooking, RepeatBookingResponse } from '../../../schema/bookings';
import type { CallerContext } from '../../shared/context';
import type { Db } from '../../db/db';
import type { BookingApp } from './deps';
import { ApiError } from '../../shared/errors';
import { messageFor, type Lang } from '../../shared/messages';
import { holdDeadline, spotsOf } from '../../../domain/bookings';
import { bookingKey } from './messages';
import { insertBooking, loadSettings } from './queries';
import { priceAndPlace, writeShape } from './shape';

import {
  readInterval,
  local,
  serviceSpec,
  checkSpots,
  resolveCustomer,
  checkCustomFields,
  checkResourcesOfCompany,
} from './checks';

interface CreateOptions {
  customer: { id: number; email: string | null };
  settings: Awaited<ReturnType<typeof loadSettings>>;
  /** Field names of From/To (DatesToRepeat[i].From in a series). */
  fields?: { from: string; to: string };
}

/** Creates one booking inside `tx`; answers its id. Throws ApiError for every refusal. */
async function createOne(app: BookingApp, tx: Db, ctx: CallerContext, input: CreateBooking, from: string, to: string | undefined, options: CreateOptions): Promise<number> {
  const { spec, row: service } = await serviceSpec(app, tx, ctx, input.ServiceId);
  const interval = readInterval(from, to, spec.timeZone, spec.service.duration, options.fields);
  const quantities = input.Quantities?.length ? input.Quantities : [{ PriceId: 0, Quantity: 1 }];
  const spots = spotsOf(quantities);
  checkSpots(spots, service);
  const resources = input.Resources ?? [];
  await checkResourcesOfCompany(tx, ctx, resources);
  const customFields = await checkCustomFields(tx, ctx, input.CustomFields);

  const allowOutside = input.AllowBookingOutsideSchedules === true;
  const { calculation, resourceRows } = await priceAndPlace(app, tx, ctx, { spec, interval, resources, spots, allowOutside }, {
    serviceId: input.ServiceId,
    quantities,
    rebateCodeIds: input.RebateCodeIds ?? [],
    customerEmail: options.customer.email,
  });
  // Without a status asked for, a booking the company wants paid at booking waits for the payment.
  const statusId = input.StatusId ?? (await app.payments.initialStatus(tx, ctx.companyId, input.ServiceId, input.PaymentOption)) ?? options.settings.default_status_id;
  const deadline = holdDeadline(statusId, { reservationHoldMinutes: options.settings.reservation_hold_minutes, paymentHoldMinutes: options.settings.payment_hold_minutes }, Date.now());

  const bookingId = await insertBooking(tx, {
    companyId: ctx.companyId,
    serviceId: input.ServiceId,
    customerId: options.customer.id,
    from: interval.from.toJSDate(),
    to: interval.to.toJSDate(),
    statusId,
    holdUntil: deadline === null ? null : new Date(deadline),
    spots,
    paymentOption: input.PaymentOption ?? 'DefaultSetting',
    bookedComments: input.BookedComments?.trim() || null,
    commentsToCustomer: input.CommentsToCustomer?.trim() || null,
    sendEmailConfirmation: input.SendEmailConfirmation ?? options.settings.send_email_confirmation,
    sendSmsConfirmation: input.SendSmsConfirmation ?? options.settings.send_sms_confirmation,
    sendEmailReminder: input.SendEmailReminder ?? options.settings.send_email_reminder,
    sendSmsReminder: input.SendSmsReminder ?? options.settings.send_sms_reminder,
    allowOutsideSchedules: allowOutside,
    customFieldValues: customFields,
    invoiceAddress: input.InvoiceAddress ? { ...input.InvoiceAddress } : null,
    total: calculation.total,
    totalVat: calculation.totalVat,
    totalBeforeRebate: calculation.totalBeforeRebate,
    currencyId: calculation.currencyId,
    priceSign: calculation.priceSign,
    createdBy: ctx.userId,
  });
  await writeShape(app, tx, ctx, bookingId, { spec, interval, calculation, resourceRows }, { customerId: options.customer.id, serviceId: input.ServiceId, event: 'Created', before: null, eventKind: 'created' });
  return bookingId;
}

/**
 * POST /bookings: one booking, all or nothing: its resources (a person and a room together),
 * codes and log entry, in one transaction. Answers the new booking's id.
 */
export async function createBooking(app: BookingApp, ctx: CallerContext, input: CreateBooking): Promise<number> {
  return app.db.tx(async (tx) => {
    await checkPlanLimit(tx, ctx, 'bookings');
    const settings = await loadSettings(tx, ctx.companyId);
    const customer = await resolveCustomer(app, tx, ctx, input.CustomerId, input.Customer);
    return createOne(app, tx, ctx, input, input.From, input.To, { customer, settings });
  });
}

/** Error codes that concern one date of a series (it goes to Failed); others refuse the whole request. */
const PER_DATE = new Set<string>([
  bookingKey('BookingTaken'),
  bookingKey('BookingInThePast'),
  bookingKey('BookingNotOffered'),
  bookingKey('QuantityOverFreeSpots'),
  bookingKey('DuplicateDate'),
  'UsedUp',
  'NoRemainingAmount',
  'UsedUpForCustomer',
  'NotApplicable',
]);

/** The message of an ApiError in the caller's language. */
export function reasonOf(err: ApiError, lang: Lang): string {
  if (err.message) return err.message;
  if (err.pending?.length) return messageFor(lang, err.pending[0].key, err.pending[0].params);
  if (err.messageKey) return messageFor(lang, err.messageKey.key, err.messageKey.params);
  return err.errors[0]?.Message ?? '';
}

function isPerDate(err: unknown): err is ApiError {
  if (!(err instanceof ApiError)) return false;
  if (err.statusCode === 409) return true;
  const key = err.pending?.[0]?.key ?? err.messageKey?.key ?? err.errorCode;
  return PER_DATE.has(key) || (err.statusCode === 400 && /^(From|To|DatesToRepeat\[\d+\]\.(From|To))$/.test(err.errors[0]?.FieldName ?? '') && key !== 'InvalidFormat');
}

/**
 * POST /bookings/repeat: one booking per entry of DatesToRepeat (From/To of the body when empty),
 * in one transaction with a savepoint per date: a date that is taken, past or off the schedules
 * goes to Failed {From, To, Reason}; the others are Created. Bad input of the request itself
 * (malformed dates, unknown service, customer or price) answers 400 and writes nothing.
 */
export async function createRepeat(app: BookingApp, ctx: CallerContext, input: CreateRepeatBooking): Promise<{ created: number[]; failed: RepeatBookingResponse['Failed'] }> {
  const dates = input.DatesToRepeat?.length ? input.DatesToRepeat.map((d, i) => ({ ...d, fields: { from: `DatesToRepeat[${i}].From`, to: `DatesToRepeat[${i}].To` } })) : [{ From: input.From, To: input.To, fields: { from: 'From', to: 'To' } }];
  return app.db.tx(async (tx) => {
    await checkPlanLimit(tx, ctx, 'bookings', dates.length);
    const settings = await loadSettings(tx, ctx.companyId);
    const { spec } = await serviceSpec(app, tx, ctx, input.ServiceId);
    // Every date must read well before anything is written.
    const seen = new Set<string>();
    const intervals = dates.map((d) => {
      const interval = readInterval(d.From, d.To, spec.timeZone, spec.service.duration, d.fields);
      return { ...d, from: local(interval.from), to: local(interval.to) };
    });
    // A new customer stays only when at least one date is booked.
    await tx.query('savepoint repeat_customer');
    const customer = await resolveCustomer(app, tx, ctx, input.CustomerId, input.Customer);
    const created: number[] = [];
    const failed: RepeatBookingResponse['Failed'] = [];
    for (const d of intervals) {
      const key = `${d.from}/${d.to}`;
      if (seen.has(key)) {
        failed.push({ From: d.from, To: d.to, Reason: messageFor(ctx.lang, bookingKey('DuplicateDate'), {}) });
        continue;
      }
      seen.add(key);
      await tx.query('savepoint repeat_date');
      try {
        created.push(await createOne(app, tx, ctx, input, d.from, d.to, { customer, settings, fields: d.fields }));
        await tx.query('release savepoint repeat_date');
      } catch (err) {
        if (!isPerDate(err)) throw err;
        await tx.query('rollback to savepoint repeat_date');
        failed.push({ From: d.from, To: d.to, Reason: reasonOf(err, ctx.lang) });
      }
    }
    if (created.length === 0) await tx.query('rollback to savepoint repeat_customer');
    else await tx.query('release savepoint repeat_customer');
    return { created, failed };
  });
}
