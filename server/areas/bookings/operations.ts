/**
 * What the booking calls do, each in one transaction: check the time with the availability engine
 * (the one behind availabletimes) after locking what competes for it, price with calculateprice's
 * rules, take the promo codes, write the booking, its allocations and its log entry together.
 */
import { DateTime } from 'luxon';
import type { CreateBooking, CreateRepeatBooking, NewBookingCustomer, RepeatBookingResponse, UpdateBooking } from '../../../schema/bookings';
import type { CallerContext } from '../../shared/context';
import type { Db } from '../../db/db';
import { ApiError, ValidationErrors } from '../../shared/errors';
import { messageFor, type Lang } from '../../shared/messages';
import { isIntervalAvailable, type AssignedResources, type AvailabilityFieldError, type ServiceSpec } from '../../../domain/availability';
import { planConsumption, type TransactionDraft } from '../../../domain/pricing';
import {
  canDo,
  changedFields,
  holdDeadline,
  quantityLines,
  refundAmount,
  refusal,
  spotsOf,
  STATUS,
  statusAfter,
  type BookingAction,
} from '../../../domain/bookings';
import { port } from '../../shared/ports';
import { emitBookingEvent, type BookingEventKind } from './hooks';
import { actionWords, bookingKey, bookingWords, statusNames } from './messages';
import {
  busyResources,
  codesInUse,
  insertBooking,
  loadBookingRow,
  loadSettings,
  lockCapacity,
  resourceNames,
  resourceTypesOf,
  snapshot,
  syncAllocations,
  writeLog,
  writeQuantities,
  writeResources,
  type BookingRow,
} from './queries';

const LOCAL = "yyyy-MM-dd'T'HH:mm:ss";
const SHOWN = 'yyyy-MM-dd HH:mm';
const LOCAL_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/;
const DAY = 86_400_000;
/** The longest booking, from its start to its end. */
export const MAX_BOOKING_DAYS = 366;

/** A company-local time from the wire, or a 400 naming the field. */
export function parseWireTime(text: string, zone: string, field: string): DateTime {
  if (!LOCAL_PATTERN.test(text)) throw ApiError.field(400, field, 'InvalidFormat');
  const dt = DateTime.fromISO(text, { zone });
  if (!dt.isValid || dt.year < 1970 || dt.year > 2200) throw ApiError.field(400, field, 'InvalidFormat');
  return dt;
}

interface Interval {
  from: DateTime;
  to: DateTime;
}

/** From and To (To defaulting to From plus the duration) checked: a 400 naming the field for bad ones. */
function readInterval(fromText: string, toText: string | undefined, zone: string, duration: number, fields = { from: 'From', to: 'To' }): Interval {
  const from = parseWireTime(fromText, zone, fields.from);
  const to = toText === undefined || toText === '' ? from.plus({ minutes: duration }) : parseWireTime(toText, zone, fields.to);
  if (to <= from) throw ApiError.field(400, fields.from, 'FromAfterTo', { other: fields.to });
  if (to.toMillis() - from.toMillis() > MAX_BOOKING_DAYS * DAY) throw ApiError.field(400, fields.to, 'LessThanOrEqual', { limit: `${MAX_BOOKING_DAYS} d` });
  return { from, to };
}

const local = (dt: DateTime) => dt.toFormat(LOCAL);

interface CheckRequest {
  spec: { service: ServiceSpec; timeZone: string };
  interval: Interval;
  resources: { ResourceTypeId: number; ResourceId: number }[];
  spots: number;
  allowOutside: boolean;
  excludeBookingId?: number;
}

/** A spec in which an administrator may name the resources of every type. */
function adminSpec(spec: { service: ServiceSpec; timeZone: string }): { service: ServiceSpec; timeZone: string } {
  return { ...spec, service: { ...spec.service, requirements: spec.service.requirements.map((r) => ({ ...r, customerMayPick: true })) } };
}

/**
 * The 409 of a taken time: it names the resources that are busy then (the picked ones, else those
 * of the service that other bookings hold), or the service when it has no resources.
 */
async function takenError(tx: Db, ctx: CallerContext, spec: { service: ServiceSpec; timeZone: string }, interval: Interval, picked: readonly number[], excludeId = 0): Promise<ApiError> {
  const candidates = picked.length ? picked : spec.service.requirements.flatMap((r) => r.resources.map((x) => x.id));
  const busy = await busyResources(tx, ctx.companyId, candidates, interval.from.toJSDate(), interval.to.toJSDate(), excludeId);
  let names = await resourceNames(tx, ctx.companyId, busy.length ? busy : picked);
  if (!names.length) {
    const service = await tx.one<{ name: string }>('select name from services where id = $1', [spec.service.id]);
    names = [service?.name ?? bookingWords.service[ctx.lang]];
  }
  return ApiError.conflict(spec.service.requirements.length ? 'Resources' : 'From', bookingKey('BookingTaken'), {
    resource: names.join(', '),
    from: interval.from.toFormat(SHOWN),
    to: interval.to.toFormat(interval.from.hasSame(interval.to, 'day') ? 'HH:mm' : SHOWN),
  });
}

/** The engine's field errors as the contract's 400, every field with its message. */
function engineErrors(errors: readonly AvailabilityFieldError[], lang: Lang): ApiError {
  const out = new ValidationErrors();
  for (const e of errors) {
    if (e.code === 'Required') out.add(e.field, 'NotEmpty');
    else if (e.code === 'InvalidFormat') out.add(e.field, 'InvalidFormat');
    else if (e.code === 'FromAfterTo') out.add(e.field, 'FromAfterTo', { other: 'To' });
    else if (e.code === 'RangeTooLong') out.add(e.field, 'LessThanOrEqual', { limit: `${MAX_BOOKING_DAYS} d` });
    else if (e.code === 'UnknownResource' || e.code === 'UnknownResourceType') {
      out.add(e.field, bookingKey('BookingUnknownReference'), { what: e.code === 'UnknownResource' ? bookingWords.resource[lang] : bookingWords.resourceType[lang] });
    } else if (e.code === 'DurationNotAllowed') out.add(e.field, bookingKey('BookingDurationNotAllowed'));
    else out.add(e.field, bookingKey('BookingResourcesNotAllowed'));
  }
  try {
    out.throwIfAny();
  } catch (err) {
    return err as ApiError;
  }
  return new ApiError(400, 'InvalidValue', '');
}

/**
 * Asks the availability engine whether the interval can be booked with these spots and resources,
 * and which resources it gets, on data read after locking what competes for the time. A first look
 * without locks picks the resources; only those are locked and the time checked again on them, so
 * bookings that land on different courts or rooms run side by side. When that second look fails
 * (someone took them meanwhile), or the service has no resources, every candidate (or the service)
 * is locked and the answer given then is final. Throws the refusal.
 */
async function checkAvailability(tx: Db, ctx: CallerContext, req: CheckRequest): Promise<AssignedResources[]> {
  const spec = adminSpec(req.spec);
  const verdictOn = async (resources: readonly { ResourceTypeId: number; ResourceId: number }[]) => {
    // Only bookings and exceptions that overlap the interval matter (the loaders add their own margins for schedules).
    const data = await port('loadAvailabilityData')(tx, ctx.companyId, spec, req.interval.from.toMillis(), req.interval.to.toMillis());
    return isIntervalAvailable(data, {
      From: local(req.interval.from),
      To: local(req.interval.to),
      Resources: resources.length ? [...resources] : undefined,
      Spots: req.spots,
      AllowBookingOutsideSchedules: req.allowOutside,
      ExcludeBookingIds: req.excludeBookingId ? [req.excludeBookingId] : undefined,
    });
  };
  if (spec.service.requirements.length > 0) {
    const first = await verdictOn(req.resources);
    if (first.available) {
      const assigned = first.resources.flatMap((a) => a.resourceIds.map((id) => ({ ResourceTypeId: a.resourceTypeId, ResourceId: id })));
      await lockCapacity(tx, ctx.companyId, spec.service.id, [...new Set([...assigned, ...req.resources].map((r) => r.ResourceId))]);
      const confirmed = await verdictOn(assigned);
      if (confirmed.available) return confirmed.resources;
    }
  }
  const candidates = new Set(spec.service.requirements.flatMap((r) => r.resources.map((x) => x.id)));
  for (const r of req.resources) candidates.add(r.ResourceId);
  await lockCapacity(tx, ctx.companyId, spec.service.id, [...candidates]);
  const verdict = await verdictOn(req.resources);
  const refused = refusal(verdict, req.spots);
  if (!refused) return verdict.available ? verdict.resources : [];
  if ('invalid' in refused) throw engineErrors(refused.invalid, ctx.lang);
  if (refused.status === 409) throw await takenError(tx, ctx, spec, req.interval, req.resources.map((r) => r.ResourceId), req.excludeBookingId);
  const shown = { from: req.interval.from.toFormat(SHOWN), to: req.interval.to.toFormat(SHOWN) };
  if (refused.code === 'QuantityOverFreeSpots') throw ApiError.field(400, 'Quantities', bookingKey('QuantityOverFreeSpots'), { free: refused.freeSpots ?? 0 });
  throw ApiError.field(400, 'From', bookingKey(refused.code === 'InThePast' ? 'BookingInThePast' : 'BookingNotOffered'), shown);
}

/** A database refusal (the exclusion constraint) as the contract's 409. */
async function onOverlap<T>(tx: Db, ctx: CallerContext, spec: { service: ServiceSpec; timeZone: string }, interval: Interval, resources: number[], run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if ((err as { code?: string }).code === '23P01') throw await takenError(tx, ctx, spec, interval, resources);
    throw err;
  }
}

interface ServiceRow {
  name: string;
  group_booking: { Active?: boolean; Min?: number; Max?: number } | null;
  enable_booking_queue: boolean;
}

async function serviceSpec(tx: Db, ctx: CallerContext, serviceId: number, field = 'ServiceId'): Promise<{ spec: { service: ServiceSpec; timeZone: string }; row: ServiceRow }> {
  const spec = await port('loadServiceSpec')(tx, ctx.companyId, serviceId);
  const row = await tx.one<ServiceRow>('select name, group_booking, enable_booking_queue from services where id = $1 and company_id = $2', [serviceId, ctx.companyId]);
  if (!spec || !row) throw ApiError.field(400, field, bookingKey('BookingUnknownReference'), { what: bookingWords.service[ctx.lang] });
  return { spec, row };
}

/** Spots checked against the service's group booking: at least 1, at most its Max (1 without group booking). */
function checkSpots(spots: number, service: ServiceRow): void {
  if (spots < 1) throw ApiError.field(400, 'Quantities', bookingKey('QuantityRequired'));
  const group = service.group_booking?.Active ? service.group_booking : null;
  const max = group ? Number(group.Max ?? 1) : 1;
  const min = group ? Number(group.Min ?? 1) : 1;
  if (spots > max) throw ApiError.field(400, 'Quantities', 'LessThanOrEqual', { limit: max });
  if (spots < min) throw ApiError.field(400, 'Quantities', 'GreaterThanOrEqual', { limit: min });
}

/** The customer a booking is for: an existing one of the company, or a new one created now. */
export async function resolveCustomer(tx: Db, ctx: CallerContext, customerId: number | undefined, customer: NewBookingCustomer | undefined): Promise<{ id: number; email: string | null }> {
  if (customerId !== undefined) {
    const row = await tx.one<{ id: number; email: string | null }>('select id, email from customers where id = $1 and company_id = $2', [customerId, ctx.companyId]);
    if (!row) throw ApiError.field(400, 'CustomerId', bookingKey('BookingUnknownReference'), { what: bookingWords.customer[ctx.lang] });
    return row;
  }
  if (!customer) throw ApiError.field(400, 'CustomerId', bookingKey('CustomerRequired'));
  const errors = new ValidationErrors();
  if (!customer.Firstname.trim()) errors.add('Customer.Firstname', 'NotEmpty');
  if (!customer.Lastname.trim()) errors.add('Customer.Lastname', 'NotEmpty');
  errors.throwIfAny();
  const row = await tx.one<{ id: number; email: string | null }>(
    `insert into customers (company_id, firstname, lastname, email, phone, subscribed_to_newsletter)
     values ($1, $2, $3, $4, $5, $6) returning id, email`,
    [ctx.companyId, customer.Firstname.trim(), customer.Lastname.trim(), customer.Email?.trim() || null, customer.Phone?.trim() || null, customer.SubscribedToNewsletter ?? false],
  );
  return row!;
}

async function checkCustomFields(tx: Db, ctx: CallerContext, fields: readonly { Id: number; Value: string }[] | undefined): Promise<{ Id: number; Value: string }[]> {
  if (!fields?.length) return [];
  const known = new Set(
    (await tx.query<{ id: number }>('select id from custom_fields where company_id = $1 and id = any($2::int[])', [ctx.companyId, fields.map((f) => f.Id)])).map((r) => r.id),
  );
  const errors = new ValidationErrors();
  fields.forEach((f, i) => {
    if (!known.has(f.Id)) errors.add(`CustomFields[${i}].Id`, bookingKey('BookingCustomFieldUnknown'), { id: f.Id });
  });
  errors.throwIfAny();
  return fields.map((f) => ({ Id: f.Id, Value: f.Value }));
}

async function checkResourcesOfCompany(tx: Db, ctx: CallerContext, resources: readonly { ResourceTypeId: number; ResourceId: number }[]): Promise<void> {
  if (!resources.length) return;
  const types = await resourceTypesOf(tx, ctx.companyId, resources.map((r) => r.ResourceId));
  const errors = new ValidationErrors();
  resources.forEach((r, i) => {
    const of = types.get(r.ResourceId);
    if (!of) errors.add(`Resources[${i}].ResourceId`, bookingKey('BookingUnknownReference'), { what: bookingWords.resource[ctx.lang] });
    else if (!of.includes(r.ResourceTypeId)) errors.add(`Resources[${i}].ResourceTypeId`, bookingKey('ResourceNotOfType'));
  });
  errors.throwIfAny();
}

function actor(ctx: CallerContext): { actorType: 'Administrator'; userId: number } {
  return { actorType: 'Administrator', userId: ctx.userId };
}

async function logChange(tx: Db, ctx: CallerContext | null, bookingId: number, event: string, before: Record<string, unknown> | null, comment?: string | null): Promise<void> {
  const companyId = ctx?.companyId ?? (await tx.one<{ company_id: number }>('select company_id from bookings where id = $1', [bookingId]))!.company_id;
  const after = await snapshot(tx, companyId, bookingId);
  const diff = changedFields(before, after);
  await writeLog(tx, {
    companyId,
    bookingId,
    event,
    ...(ctx ? actor(ctx) : { actorType: 'System' as const, userId: null }),
    comment: comment ?? null,
    before: diff.before,
    after: diff.after,
  });
}

interface CreateOptions {
  customer: { id: number; email: string | null };
  settings: Awaited<ReturnType<typeof loadSettings>>;
  /** Field names of From/To (DatesToRepeat[i].From in a series). */
  fields?: { from: string; to: string };
}

/** Creates one booking inside `tx`; answers its id. Throws ApiError for every refusal. */
async function createOne(tx: Db, ctx: CallerContext, input: CreateBooking, from: string, to: string | undefined, options: CreateOptions): Promise<number> {
  const { spec, row: service } = await serviceSpec(tx, ctx, input.ServiceId);
  const interval = readInterval(from, to, spec.timeZone, spec.service.duration, options.fields);
  const quantities = input.Quantities?.length ? input.Quantities : [{ PriceId: 0, Quantity: 1 }];
  const spots = spotsOf(quantities);
  checkSpots(spots, service);
  const resources = input.Resources ?? [];
  await checkResourcesOfCompany(tx, ctx, resources);
  const customFields = await checkCustomFields(tx, ctx, input.CustomFields);

  const { calculation } = await port('calculateServicePrice')(tx, ctx, input.ServiceId, {
    Interval: { From: local(interval.from), To: local(interval.to) },
    Quantities: quantities.map((q) => ({ PriceId: q.PriceId, Quantity: q.Quantity, OccupiesSpot: q.OccupiesSpot ?? true })),
    RebateCodeIds: input.RebateCodeIds ?? [],
    CustomerEmail: options.customer.email,
  });

  const allowOutside = input.AllowBookingOutsideSchedules === true;
  const assigned = await checkAvailability(tx, ctx, { spec, interval, resources, spots, allowOutside });
  const statusId = input.StatusId ?? options.settings.default_status_id;
  const deadline = holdDeadline(statusId, { reservationHoldMinutes: options.settings.reservation_hold_minutes, paymentHoldMinutes: options.settings.payment_hold_minutes }, Date.now());
  const resourceRows = assigned.flatMap((a) => a.resourceIds.map((resourceId) => ({ resourceTypeId: a.resourceTypeId, resourceId })));
  // Resources named beyond what the service needs stay with the booking too.
  for (const r of resources) {
    if (!resourceRows.some((x) => x.resourceId === r.ResourceId)) resourceRows.push({ resourceTypeId: r.ResourceTypeId, resourceId: r.ResourceId });
  }

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
  await writeQuantities(tx, ctx.companyId, bookingId, quantityLines(calculation.lines));
  await onOverlap(tx, ctx, spec, interval, resourceRows.map((r) => r.resourceId), () => writeResources(tx, ctx.companyId, bookingId, resourceRows));
  await port('consumeCodes')(tx, ctx.companyId, planConsumption(calculation.applied, bookingId), { customerId: options.customer.id, serviceId: input.ServiceId, userId: ctx.userId });
  await logChange(tx, ctx, bookingId, 'Created', null);
  await emitBookingEvent(tx, { kind: 'created', companyId: ctx.companyId, bookingId });
  return bookingId;
}

/**
 * POST /bookings: one booking, all or nothing: its resources (a person and a room together),
 * codes and log entry, in one transaction. Answers the new booking's id.
 */
export async function createBooking(db: Db, ctx: CallerContext, input: CreateBooking): Promise<number> {
  return db.tx(async (tx) => {
    const settings = await loadSettings(tx, ctx.companyId);
    const customer = await resolveCustomer(tx, ctx, input.CustomerId, input.Customer);
    return createOne(tx, ctx, input, input.From, input.To, { customer, settings });
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
export async function createRepeat(db: Db, ctx: CallerContext, input: CreateRepeatBooking): Promise<{ created: number[]; failed: RepeatBookingResponse['Failed'] }> {
  const dates = input.DatesToRepeat?.length ? input.DatesToRepeat.map((d, i) => ({ ...d, fields: { from: `DatesToRepeat[${i}].From`, to: `DatesToRepeat[${i}].To` } })) : [{ From: input.From, To: input.To, fields: { from: 'From', to: 'To' } }];
  return db.tx(async (tx) => {
    const settings = await loadSettings(tx, ctx.companyId);
    const { spec } = await serviceSpec(tx, ctx, input.ServiceId);
    // Every date must read well before anything is written.
    const seen = new Set<string>();
    const intervals = dates.map((d) => {
      const interval = readInterval(d.From, d.To, spec.timeZone, spec.service.duration, d.fields);
      return { ...d, from: local(interval.from), to: local(interval.to) };
    });
    // A new customer stays only when at least one date is booked.
    await tx.query('savepoint repeat_customer');
    const customer = await resolveCustomer(tx, ctx, input.CustomerId, input.Customer);
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
        created.push(await createOne(tx, ctx, input, d.from, d.to, { customer, settings, fields: d.fields }));
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

async function lockedBooking(tx: Db, ctx: CallerContext, id: number): Promise<BookingRow> {
  const row = await loadBookingRow(tx, ctx.companyId, id, true);
  if (!row) throw ApiError.notFound(bookingWords.booking[ctx.lang], id);
  return row;
}

function refuseStatus(ctx: CallerContext, booking: BookingRow, action: BookingAction, word: keyof typeof actionWords): void {
  if (canDo(action, booking.status_id)) return;
  throw ApiError.field(400, 'StatusId', bookingKey('StatusNotAllowed'), {
    status: statusNames[booking.status_id]?.name[ctx.lang] ?? String(booking.status_id),
    action: actionWords[word][ctx.lang],
  });
}

/** Gives back what the booking's codes gave (Increase transactions carrying the BookingId). */
async function restoreCodes(tx: Db, companyId: number, booking: BookingRow, userId: number | null): Promise<number[]> {
  const used = await codesInUse(tx, companyId, booking.id);
  const drafts: TransactionDraft[] = used.map((u) => ({ RebateCodeId: u.rebateCodeId, Amount: u.amount, Usage: u.usage, ChangeType: 'Increase', BookingId: booking.id }));
  await port('consumeCodes')(tx, companyId, drafts, { customerId: booking.customer_id, serviceId: booking.service_id, userId });
  return used.map((u) => u.rebateCodeId);
}

/** Moves a booking to a status that gives its time back (cancel, decline, the hold's end). */
async function release(
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
  await restoreCodes(tx, companyId, booking, ctx?.userId ?? null);
  if (ctx) await logChange(tx, ctx, booking.id, event, before, texts.reason);
  else {
    const after = await snapshot(tx, companyId, booking.id);
    const diff = changedFields(before, after);
    await writeLog(tx, { companyId, bookingId: booking.id, event, actorType: 'System', userId: null, comment: texts.reason ?? null, before: diff.before, after: diff.after });
  }
}

/** DELETE /bookings/{Id} (cancel, with the reason and the message to the customer) and PUT …/decline. */
export async function cancelBooking(
  db: Db,
  ctx: CallerContext,
  id: number,
  kind: 'cancel' | 'decline',
  texts: { UnbookedComments?: string; CommentsToCustomer?: string; SendEmail?: boolean; SendSms?: boolean },
): Promise<void> {
  await db.tx(async (tx) => {
    const booking = await lockedBooking(tx, ctx, id);
    refuseStatus(ctx, booking, kind, kind);
    await release(tx, ctx, ctx.companyId, booking, statusAfter(kind, booking.status_id), kind === 'cancel' ? 'Canceled' : 'Declined', {
      reason: texts.UnbookedComments,
      toCustomer: texts.CommentsToCustomer,
    });
    await emitBookingEvent(tx, {
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
export async function approveBooking(db: Db, ctx: CallerContext, id: number, commentsToCustomer?: string): Promise<void> {
  await db.tx(async (tx) => {
    const booking = await lockedBooking(tx, ctx, id);
    refuseStatus(ctx, booking, 'approve', 'approve');
    const before = await snapshot(tx, ctx.companyId, id);
    await tx.query(
      'update bookings set status_id = $3, hold_until = null, updated = now(), comments_to_customer = coalesce($4, comments_to_customer) where id = $1 and company_id = $2',
      [id, ctx.companyId, statusAfter('approve', booking.status_id), commentsToCustomer?.trim() || null],
    );
    await syncAllocations(tx, ctx.companyId, id);
    await logChange(tx, ctx, id, 'Approved', before);
    await emitBookingEvent(tx, { kind: 'approved', companyId: ctx.companyId, bookingId: id, commentsToCustomer: commentsToCustomer ?? null });
  });
}

/** PUT /bookings/{Id}/markaspaid: a payment log entry (what is left to pay, or Amount) and status Payed. */
export async function markAsPaid(db: Db, ctx: CallerContext, id: number, body: { Amount?: number; Comment?: string }): Promise<void> {
  await db.tx(async (tx) => {
    const booking = await lockedBooking(tx, ctx, id);
    refuseStatus(ctx, booking, 'markAsPaid', 'markAsPaid');
    const amount = body.Amount === undefined ? booking.total_price_minor - booking.paid_minor : Math.round(body.Amount * 100);
    if (amount < 0 || (amount === 0 && booking.total_price_minor > 0)) throw ApiError.field(400, 'Amount', bookingKey('NothingToPay'));
    const before = await snapshot(tx, ctx.companyId, id);
    await tx.query(
      `insert into booking_payments (company_id, booking_id, kind, amount_minor, comment, user_id) values ($1, $2, 'Payment', $3, $4, $5)`,
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
    await emitBookingEvent(tx, { kind: 'paid', companyId: ctx.companyId, bookingId: id });
  });
}

/** PUT /bookings/{Id}/refund/{PaymentLogId}: a refund entry in the payment log (all that is left of the payment, or Amount). */
export async function refundPayment(db: Db, ctx: CallerContext, id: number, paymentId: number, body: { Amount?: number; Comment?: string }): Promise<void> {
  await db.tx(async (tx) => {
    await lockedBooking(tx, ctx, id);
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
    await tx.query('update bookings set paid_minor = paid_minor - $3, updated = now() where id = $1 and company_id = $2', [id, ctx.companyId, verdict.amount]);
    await logChange(tx, ctx, id, 'Refunded', before, body.Comment);
    await emitBookingEvent(tx, { kind: 'refunded', companyId: ctx.companyId, bookingId: id });
  });
}

interface Reshape {
  from?: string;
  to?: string;
  quantities?: { PriceId: number; Quantity: number; OccupiesSpot?: boolean }[];
  resources?: { ResourceTypeId: number; ResourceId: number }[];
  allowOutside?: boolean;
  event: string;
  eventKind: BookingEventKind;
  /** Texts and flags of PUT /bookings/{Id}. */
  update?: UpdateBooking;
}

async function currentResources(tx: Db, bookingId: number): Promise<{ ResourceTypeId: number; ResourceId: number }[]> {
  return tx.query('select resource_type_id as "ResourceTypeId", resource_id as "ResourceId" from booking_resources where booking_id = $1 order by resource_type_id, resource_id', [
    bookingId,
  ]);
}

async function currentQuantities(tx: Db, bookingId: number): Promise<{ PriceId: number; Quantity: number; OccupiesSpot: boolean }[]> {
  return tx.query(
    'select coalesce(price_id, 0) as "PriceId", quantity as "Quantity", occupies_spot as "OccupiesSpot" from booking_quantities where booking_id = $1 order by sort_order',
    [bookingId],
  );
}

/**
 * Changes a booking's time, quantities or resources: the codes' use is given back and taken
 * again for the new price, and the new shape is checked by the availability engine with the
 * booking itself left out, all in one transaction.
 */
async function reshape(db: Db, ctx: CallerContext, id: number, change: Reshape): Promise<void> {
  await db.tx(async (tx) => {
    const booking = await lockedBooking(tx, ctx, id);
    refuseStatus(ctx, booking, change.quantities ? 'changeQuantity' : change.resources ? 'changeResources' : 'changeTime', 'change');
    const { spec, row: service } = await serviceSpec(tx, ctx, booking.service_id);
    const clock = (ms: number) => local(DateTime.fromMillis(ms, { zone: spec.timeZone }));
    const interval = readInterval(change.from ?? clock(booking.from_ms), change.to ?? (change.from ? undefined : clock(booking.to_ms)), spec.timeZone, spec.service.duration);
    const quantities = change.quantities ?? (await currentQuantities(tx, id));
    const spots = spotsOf(quantities);
    checkSpots(spots, service);
    const resources = change.resources ?? (await currentResources(tx, id));
    await checkResourcesOfCompany(tx, ctx, resources);
    const customer = booking.customer_id
      ? await tx.one<{ email: string | null }>('select email from customers where id = $1', [booking.customer_id])
      : undefined;
    const before = await snapshot(tx, ctx.companyId, id);

    const codeIds = await restoreCodes(tx, ctx.companyId, booking, ctx.userId);
    const { calculation } = await port('calculateServicePrice')(tx, ctx, booking.service_id, {
      Interval: { From: local(interval.from), To: local(interval.to) },
      Quantities: quantities.map((q) => ({ PriceId: q.PriceId, Quantity: q.Quantity, OccupiesSpot: q.OccupiesSpot ?? true })),
      RebateCodeIds: codeIds,
      CustomerEmail: customer?.email ?? null,
    });
    const started = booking.from_ms <= Date.now() && change.from === undefined;
    const allowOutside = change.allowOutside ?? (booking.allow_outside_schedules || started);
    const assigned = await checkAvailability(tx, ctx, { spec, interval, resources, spots, allowOutside, excludeBookingId: id });
    const resourceRows = assigned.flatMap((a) => a.resourceIds.map((resourceId) => ({ resourceTypeId: a.resourceTypeId, resourceId })));
    for (const r of resources) {
      if (!resourceRows.some((x) => x.resourceId === r.ResourceId)) resourceRows.push({ resourceTypeId: r.ResourceTypeId, resourceId: r.ResourceId });
    }
    const u = change.update ?? {};
    await tx.query(
      `update bookings set starts_at = $3, ends_at = $4, spots = $5, total_price_minor = $6, total_vat_minor = $7, total_before_rebate_minor = $8,
              allow_outside_schedules = $9, updated = now(),
              booked_comments = case when $10::boolean then $11 else booked_comments end,
              comments_to_customer = case when $12::boolean then $13 else comments_to_customer end,
              custom_field_values = coalesce($14::text::jsonb, custom_field_values),
              invoice_address = coalesce($15::text::jsonb, invoice_address),
              send_email_confirmation = coalesce($16, send_email_confirmation), send_sms_confirmation = coalesce($17, send_sms_confirmation),
              send_email_reminder = coalesce($18, send_email_reminder), send_sms_reminder = coalesce($19, send_sms_reminder)
        where id = $1 and company_id = $2`,
      [
        id,
        ctx.companyId,
        interval.from.toJSDate(),
        interval.to.toJSDate(),
        spots,
        calculation.total,
        calculation.totalVat,
        calculation.totalBeforeRebate,
        change.allowOutside ?? booking.allow_outside_schedules,
        u.BookedComments !== undefined,
        u.BookedComments?.trim() || null,
        u.CommentsToCustomer !== undefined,
        u.CommentsToCustomer?.trim() || null,
        u.CustomFields ? JSON.stringify(await checkCustomFields(tx, ctx, u.CustomFields)) : null,
        u.InvoiceAddress ? JSON.stringify(u.InvoiceAddress) : null,
        u.SendEmailConfirmation ?? null,
        u.SendSmsConfirmation ?? null,
        u.SendEmailReminder ?? null,
        u.SendSmsReminder ?? null,
      ],
    );
    await writeQuantities(tx, ctx.companyId, id, quantityLines(calculation.lines));
    await onOverlap(tx, ctx, spec, interval, resourceRows.map((r) => r.resourceId), () => writeResources(tx, ctx.companyId, id, resourceRows));
    await port('consumeCodes')(tx, ctx.companyId, planConsumption(calculation.applied, id), { customerId: booking.customer_id, serviceId: booking.service_id, userId: ctx.userId });
    await logChange(tx, ctx, id, change.event, before);
    await emitBookingEvent(tx, { kind: change.eventKind, companyId: ctx.companyId, bookingId: id });
  });
}

/** PUT /bookings/{Id}: a new time (checked again like a new booking) and the texts and flags. */
export function updateBooking(db: Db, ctx: CallerContext, id: number, body: UpdateBooking): Promise<void> {
  const timeChanged = body.From !== undefined || body.To !== undefined;
  return reshape(db, ctx, id, {
    from: body.From,
    to: body.To,
    allowOutside: body.AllowBookingOutsideSchedules,
    event: timeChanged ? 'TimeChanged' : 'Updated',
    eventKind: 'changed',
    update: body,
  });
}

/** PUT /bookings/{Id}/quantity. */
export function changeQuantity(db: Db, ctx: CallerContext, id: number, quantities: { PriceId: number; Quantity: number; OccupiesSpot?: boolean }[]): Promise<void> {
  return reshape(db, ctx, id, { quantities, event: 'QuantityChanged', eventKind: 'changed' });
}

/** PUT /bookings/{Id}/resource: OldResourceId (or the booking's only resource of the type) becomes ResourceId. */
export async function changeResource(db: Db, ctx: CallerContext, id: number, body: { ResourceTypeId: number; ResourceId: number; OldResourceId?: number }): Promise<void> {
  const current = await currentResources(db, id);
  const ofType = current.filter((r) => r.ResourceTypeId === body.ResourceTypeId);
  const old = body.OldResourceId ?? (ofType.length === 1 ? ofType[0].ResourceId : undefined);
  if (old === undefined) throw ApiError.field(400, 'OldResourceId', 'NotEmpty');
  if (!current.some((r) => r.ResourceId === old)) throw ApiError.field(400, 'OldResourceId', bookingKey('ResourceNotOnBooking'), { id: old });
  const next = current.map((r) => (r.ResourceId === old ? { ResourceTypeId: body.ResourceTypeId, ResourceId: body.ResourceId } : r));
  await reshape(db, ctx, id, { resources: next, event: 'ResourceChanged', eventKind: 'changed' });
}

/** PUT /bookings/resources/move: from one resource to another, and optionally to another time. */
export async function moveBooking(db: Db, ctx: CallerContext, body: { BookingId: number; FromResourceId: number; ToResourceId: number; From?: string; To?: string }): Promise<void> {
  const current = await currentResources(db, body.BookingId);
  const moving = current.find((r) => r.ResourceId === body.FromResourceId);
  if (!(await loadBookingRow(db, ctx.companyId, body.BookingId))) throw ApiError.notFound(bookingWords.booking[ctx.lang], body.BookingId);
  if (!moving) throw ApiError.field(400, 'FromResourceId', bookingKey('ResourceNotOnBooking'), { id: body.FromResourceId });
  const types = await resourceTypesOf(db, ctx.companyId, [body.ToResourceId]);
  if (!types.get(body.ToResourceId)?.includes(moving.ResourceTypeId)) throw ApiError.field(400, 'ToResourceId', bookingKey('ResourceNotOfType'));
  const next = current.map((r) => (r.ResourceId === body.FromResourceId ? { ...r, ResourceId: body.ToResourceId } : r));
  await reshape(db, ctx, body.BookingId, { resources: next, from: body.From, to: body.To, event: 'Moved', eventKind: 'changed' });
}

/**
 * POST /bookings/{Id}/resource: one more resource for the booking's time. The resource must be
 * free then (another booking holding it answers 409); the exclusion constraint guards the rest.
 */
export async function addResource(db: Db, ctx: CallerContext, id: number, body: { ResourceTypeId: number; ResourceId: number }): Promise<void> {
  await db.tx(async (tx) => {
    const booking = await lockedBooking(tx, ctx, id);
    refuseStatus(ctx, booking, 'changeResources', 'change');
    const types = await resourceTypesOf(tx, ctx.companyId, [body.ResourceId]);
    const of = types.get(body.ResourceId);
    if (!of) throw ApiError.field(400, 'ResourceId', bookingKey('BookingUnknownReference'), { what: bookingWords.resource[ctx.lang] });
    if (!of.includes(body.ResourceTypeId)) throw ApiError.field(400, 'ResourceTypeId', bookingKey('ResourceNotOfType'));
    if (booking.resource_ids.includes(body.ResourceId)) throw ApiError.field(400, 'ResourceId', bookingKey('ResourceAlreadyOnBooking'), { id: body.ResourceId });
    const { spec } = await serviceSpec(tx, ctx, booking.service_id);
    const interval = { from: DateTime.fromMillis(booking.from_ms, { zone: spec.timeZone }), to: DateTime.fromMillis(booking.to_ms, { zone: spec.timeZone }) };
    await lockCapacity(tx, ctx.companyId, booking.service_id, [body.ResourceId]);
    const busy = await tx.one(
      `select 1 from bookings o join booking_statuses st on st.id = o.status_id and st.holds_slot
        where o.company_id = $1 and o.id <> $2 and o.resource_ids @> array[$3::int] and o.starts_at < $5 and o.ends_at > $4 limit 1`,
      [ctx.companyId, id, body.ResourceId, interval.from.toJSDate(), interval.to.toJSDate()],
    );
    if (busy) throw await takenError(tx, ctx, spec, interval, [body.ResourceId]);
    const before = await snapshot(tx, ctx.companyId, id);
    await tx.query('insert into booking_resources (company_id, booking_id, resource_type_id, resource_id) values ($1, $2, $3, $4)', [
      ctx.companyId,
      id,
      body.ResourceTypeId,
      body.ResourceId,
    ]);
    await onOverlap(tx, ctx, spec, interval, [body.ResourceId], () => syncAllocations(tx, ctx.companyId, id));
    await tx.query('update bookings set updated = now() where id = $1', [id]);
    await logChange(tx, ctx, id, 'ResourceAdded', before);
    await emitBookingEvent(tx, { kind: 'changed', companyId: ctx.companyId, bookingId: id });
  });
}

/** DELETE /bookings/{Id}/resource?ResourceId=…: the booking lets go of one resource. */
export async function removeResource(db: Db, ctx: CallerContext, id: number, resourceId: number, resourceTypeId?: number): Promise<void> {
  await db.tx(async (tx) => {
    const booking = await lockedBooking(tx, ctx, id);
    refuseStatus(ctx, booking, 'changeResources', 'change');
    const before = await snapshot(tx, ctx.companyId, id);
    const removed = await tx.query(
      'delete from booking_resources where booking_id = $1 and company_id = $2 and resource_id = $3 and ($4::int is null or resource_type_id = $4) returning resource_id',
      [id, ctx.companyId, resourceId, resourceTypeId ?? null],
    );
    if (!removed.length) throw ApiError.field(400, 'ResourceId', bookingKey('ResourceNotOnBooking'), { id: resourceId });
    await syncAllocations(tx, ctx.companyId, id);
    await tx.query('update bookings set updated = now() where id = $1', [id]);
    await logChange(tx, ctx, id, 'ResourceRemoved', before);
    await emitBookingEvent(tx, { kind: 'changed', companyId: ctx.companyId, bookingId: id });
  });
}

/**
 * Gives back the time of reserved and unpaid bookings whose hold has run out (status Unbooked,
 * codes restored, a System entry in the log). Answers how many were released.
 */
export async function releaseExpiredHolds(db: Db, now = new Date()): Promise<number> {
  let released = 0;
  for (;;) {
    const count = await db.tx(async (tx) => {
      const due = await tx.query<{ id: number; company_id: number }>(
        `select b.id, b.company_id from bookings b join booking_statuses st on st.id = b.status_id and st.holds_until_deadline
          where b.hold_until is not null and b.hold_until <= $1 order by b.hold_until limit 50 for no key update of b skip locked`,
        [now],
      );
      for (const d of due) {
        const booking = (await loadBookingRow(tx, d.company_id, d.id))!;
        await release(tx, null, d.company_id, booking, STATUS.Unbooked, 'HoldExpired', {});
        await emitBookingEvent(tx, { kind: 'released', companyId: d.company_id, bookingId: d.id });
      }
      return due.length;
    });
    released += count;
    if (count < 50) return released;
  }
}
