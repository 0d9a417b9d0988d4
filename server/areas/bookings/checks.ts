/**
 * The checks every booking call makes: wire times read in the company's zone, the availability engine
 * after locking what competes, the service, spots, customer, custom fields, resources, and the log.
 */
import { DateTime } from 'luxon';
import type { NewBookingCustomer } from '../../../schema/bookings';
import { companyCountry, type CallerContext } from '../../shared/context';
import { storedPhone } from '../../../domain/phoneNumbers';
import type { Db } from '../../db/db';
import { ApiError, ValidationErrors } from '../../shared/errors';
import type { Lang } from '../../shared/messages';
import {
  isIntervalAvailable,
  type AssignedResources,
  type AvailabilityData,
  type AvailabilityFieldError,
  type ServiceSpec,
} from '../../../domain/availability';
import { canDo, changedFields, refusal, type BookingAction } from '../../../domain/bookings';
import type { BookingApp } from './deps';
import { actionWords, bookingKey, bookingWords, statusNames } from './messages';
import {
  busyResources,
  loadBookingRow,
  lockCapacity,
  resourceNames,
  resourceTypesOf,
  snapshot,
  writeLog,
  type BookingRow,
} from './queries';


export const LOCAL = "yyyy-MM-dd'T'HH:mm:ss";
export const SHOWN = 'yyyy-MM-dd HH:mm';
export const LOCAL_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/;
export const DAY = 86_400_000;
/** The longest booking, from its start to its end. */
export const MAX_BOOKING_DAYS = 366;

/** A company-local time from the wire, or a 400 naming the field. */
export function parseWireTime(text: string, zone: string, field: string): DateTime {
  if (!LOCAL_PATTERN.test(text)) throw ApiError.field(400, field, 'InvalidFormat');
  const dt = DateTime.fromISO(text, { zone });
  if (!dt.isValid || dt.year < 1970 || dt.year > 2200) throw ApiError.field(400, field, 'InvalidFormat');
  return dt;
}

export interface Interval {
  from: DateTime;
  to: DateTime;
}

/** From and To (To defaulting to From plus the duration) checked: a 400 naming the field for bad ones. */
export function readInterval(fromText: string, toText: string | undefined, zone: string, duration: number, fields = { from: 'From', to: 'To' }): Interval {
  const from = parseWireTime(fromText, zone, fields.from);
  const to = toText === undefined || toText === '' ? from.plus({ minutes: duration }) : parseWireTime(toText, zone, fields.to);
  if (to <= from) throw ApiError.field(400, fields.from, 'FromAfterTo', { other: fields.to });
  if (to.toMillis() - from.toMillis() > MAX_BOOKING_DAYS * DAY) throw ApiError.field(400, fields.to, 'LessThanOrEqual', { limit: `${MAX_BOOKING_DAYS} d` });
  return { from, to };
}

export const local = (dt: DateTime) => dt.toFormat(LOCAL);

export interface CheckRequest {
  spec: { service: ServiceSpec; timeZone: string };
  interval: Interval;
  resources: { ResourceTypeId: number; ResourceId: number }[];
  spots: number;
  allowOutside: boolean;
  excludeBookingId?: number;
}

/** A spec in which an administrator may name the resources of every type. */
export function adminSpec(spec: { service: ServiceSpec; timeZone: string }): { service: ServiceSpec; timeZone: string } {
  return { ...spec, service: { ...spec.service, requirements: spec.service.requirements.map((r) => ({ ...r, customerMayPick: true })) } };
}

/**
 * The 409 of a taken time: it names the resources that are busy then (the picked ones, else those
 * of the service that other bookings hold), or the service when it has no resources.
 */
export async function takenError(tx: Db, ctx: CallerContext, spec: { service: ServiceSpec; timeZone: string }, interval: Interval, picked: readonly number[], excludeId = 0): Promise<ApiError> {
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
export function engineErrors(errors: readonly AvailabilityFieldError[], lang: Lang): ApiError {
  const out = new ValidationErrors();
  for (const e of errors) {
    if (e.code === 'Required') out.add(e.field, 'NotEmpty');
    else if (e.code === 'InvalidFormat') out.add(e.field, 'InvalidFormat');
    else if (e.code === 'FromAfterTo') out.add(e.field, 'FromAfterTo', { other: 'To' });
    else if (e.code === 'RangeTooLong') out.add(e.field, 'LessThanOrEqual', { limit: `${MAX_BOOKING_DAYS} d` });
    // Not among the service's resources: of another company, inactive, or left out of the service's picks.
    else if (e.code === 'UnknownResource') out.add(e.field, bookingKey('BookingResourceNotOfService'));
    else if (e.code === 'UnknownResourceType') out.add(e.field, bookingKey('BookingUnknownReference'), { what: bookingWords.resourceType[lang] });
    else if (e.code === 'DurationNotAllowed') out.add(e.field, bookingKey('BookingDurationNotAllowed'));
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
export async function checkAvailability(app: BookingApp, tx: Db, ctx: CallerContext, req: CheckRequest): Promise<AssignedResources[]> {
  const spec = adminSpec(req.spec);
  // Locks guard bookings, not schedules or exceptions: a look after locking reads the bookings again
  // and keeps the schedules and exceptions of the first look.
  let calendar: AvailabilityData | undefined;
  const verdictOn = async (resources: readonly { ResourceTypeId: number; ResourceId: number }[]) => {
    // Only bookings and exceptions that overlap the interval matter (the loaders add their own margins for schedules).
    const data = await app.availability.loadAvailabilityData(tx, ctx.companyId, spec, req.interval.from.toMillis(), req.interval.to.toMillis(), undefined, calendar);
    calendar ??= data;
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
      await lockCapacity(tx, spec.service.id, [...new Set([...assigned, ...req.resources].map((r) => r.ResourceId))], req.interval.from.toJSDate(), req.interval.to.toJSDate());
      const confirmed = await verdictOn(assigned);
      if (confirmed.available) return confirmed.resources;
    }
  }
  const candidates = new Set(spec.service.requirements.flatMap((r) => r.resources.map((x) => x.id)));
  for (const r of req.resources) candidates.add(r.ResourceId);
  await lockCapacity(tx, spec.service.id, [...candidates], req.interval.from.toJSDate(), req.interval.to.toJSDate());
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
export async function onOverlap<T>(tx: Db, ctx: CallerContext, spec: { service: ServiceSpec; timeZone: string }, interval: Interval, resources: number[], run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if ((err as { code?: string }).code === '23P01') throw await takenError(tx, ctx, spec, interval, resources);
    throw err;
  }
}

export interface ServiceRow {
  name: string;
  group_booking: { Active?: boolean; Min?: number; Max?: number } | null;
  enable_booking_queue: boolean;
}

export async function serviceSpec(app: BookingApp, tx: Db, ctx: CallerContext, serviceId: number, field = 'ServiceId'): Promise<{ spec: { service: ServiceSpec; timeZone: string }; row: ServiceRow }> {
  const spec = await app.availability.loadServiceSpec(tx, ctx.companyId, serviceId);
  const row = await tx.one<ServiceRow>('select name, group_booking, enable_booking_queue from services where id = $1 and company_id = $2', [serviceId, ctx.companyId]);
  if (!spec || !row) throw ApiError.field(400, field, bookingKey('BookingUnknownReference'), { what: bookingWords.service[ctx.lang] });
  return { spec, row };
}

/** Spots checked against the service's group booking: at least 1, at most its Max (1 without group booking). */
export function checkSpots(spots: number, service: ServiceRow): void {
  if (spots < 1) throw ApiError.field(400, 'Quantities', bookingKey('QuantityRequired'));
  const group = service.group_booking?.Active ? service.group_booking : null;
  const max = group ? Number(group.Max ?? 1) : 1;
  const min = group ? Number(group.Min ?? 1) : 1;
  if (spots > max) throw ApiError.field(400, 'Quantities', bookingKey('QuantityOverServiceMax'), { limit: max });
  if (spots < min) throw ApiError.field(400, 'Quantities', bookingKey('QuantityUnderServiceMin'), { limit: min });
}

/** The customer a booking is for: an existing one of the company, or a new one created now. */
export async function resolveCustomer(
  app: Pick<BookingApp, 'recordEvents'>,
  tx: Db,
  ctx: CallerContext,
  customerId: number | undefined,
  customer: NewBookingCustomer | undefined,
): Promise<{ id: number; email: string | null }> {
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
    [
      ctx.companyId,
      customer.Firstname.trim(),
      customer.Lastname.trim(),
      customer.Email?.trim() || null,
      customer.Phone?.trim() ? storedPhone(customer.Phone, await companyCountry(tx, ctx.companyId)) : null,
      customer.SubscribedToNewsletter ?? false,
    ],
  );
  const id = row!.id;
  await app.recordEvents.emit(tx, { type: 'customer.created', companyId: ctx.companyId, id, record: () => app.recordEvents.read('customer', tx, ctx.companyId, id) });
  return row!;
}

export async function checkCustomFields(tx: Db, ctx: CallerContext, fields: readonly { Id: number; Value: string }[] | undefined): Promise<{ Id: number; Value: string }[]> {
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

export async function checkResourcesOfCompany(tx: Db, ctx: CallerContext, resources: readonly { ResourceTypeId: number; ResourceId: number }[]): Promise<void> {
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

export function actor(ctx: CallerContext): { actorType: 'Administrator'; userId: number } {
  return { actorType: 'Administrator', userId: ctx.userId };
}

export async function logChange(tx: Db, ctx: CallerContext | null, bookingId: number, event: string, before: Record<string, unknown> | null, comment?: string | null): Promise<void> {
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

export async function lockedBooking(tx: Db, ctx: CallerContext, id: number): Promise<BookingRow> {
  const row = await loadBookingRow(tx, ctx.companyId, id, true);
  if (!row) throw ApiError.notFound(bookingWords.booking[ctx.lang], id);
  return row;
}

export function refuseStatus(ctx: CallerContext, booking: BookingRow, action: BookingAction, word: keyof typeof actionWords): void {
  if (canDo(action, booking.status_id)) return;
  throw ApiError.field(400, 'StatusId', bookingKey('StatusNotAllowed'), {
    status: statusNames[booking.status_id]?.name[ctx.lang] ?? String(booking.status_id),
    action: actionWords[word][ctx.lang],
  });
}

/** Gives back what the booking's codes gave (Increase transactions carrying the BookingId). */
