/**
 * Reshaping a booking: its time, quantities and resources, each change re-checked by the availability
 * engine in the booking's transaction.
 */
import { DateTime } from 'luxon';
import type { UpdateBooking } from '../../../schema/bookings';
import type { CallerContext } from '../../shared/context';
import type { Db } from '../../db/db';
import { ApiError } from '../../shared/errors';
import { afterPaymentChange, spotsOf } from '../../../domain/bookings';
import type { BookingEventKind } from '../../shared/bookingEvents';
import type { BookingApp } from './deps';
import { bookingKey, bookingWords } from './messages';
import {
  loadBookingRow,
  resourceTypesOf,
  snapshot,
  syncAllocations,
} from './queries';

import {
  readInterval,
  local,
  checkAvailability,
  onOverlap,
  serviceSpec,
  checkSpots,
  checkCustomFields,
  checkResourcesOfCompany,
  logChange,
  lockedBooking,
  refuseStatus,
} from './checks';
import { restoreCodes } from './actions';
import { priceAndPlace, writeShape } from './shape';

interface Reshape {
  from?: string;
  to?: string;
  quantities?: { PriceId: number; Quantity: number; OccupiesSpot?: boolean }[];
  resources?: { ResourceTypeId: number; ResourceId: number }[];
  allowOutside?: boolean;
  /** Whether the customer is told of the change, when the caller chose (SendEmailAboutChange, SendSmsAboutChange). */
  tell?: { sendEmail?: boolean; sendSms?: boolean };
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
async function reshape(app: BookingApp, ctx: CallerContext, id: number, change: Reshape): Promise<void> {
  await app.db.tx(async (tx) => {
    const booking = await lockedBooking(tx, ctx, id);
    refuseStatus(ctx, booking, change.quantities ? 'changeQuantity' : change.resources ? 'changeResources' : 'changeTime', 'change');
    const { spec, row: service } = await serviceSpec(app, tx, ctx, booking.service_id);
    const clock = (ms: number) => local(DateTime.fromMillis(ms, { zone: spec.timeZone }));
    const interval = readInterval(change.from ?? clock(booking.from_ms), change.to ?? (change.from ? undefined : clock(booking.to_ms)), spec.timeZone, spec.service.duration);
    const quantities = change.quantities ?? (await currentQuantities(tx, id));
    const spots = spotsOf(quantities);
    checkSpots(spots, service);
    const had = await currentResources(tx, id);
    const resources = change.resources ?? had;
    await checkResourcesOfCompany(tx, ctx, resources);
    const customer = booking.customer_id
      ? await tx.one<{ email: string | null }>('select email from customers where id = $1', [booking.customer_id])
      : undefined;
    const before = await snapshot(tx, ctx.companyId, id);

    const codeIds = await restoreCodes(app, tx, ctx.companyId, booking, ctx.userId);
    const started = booking.from_ms <= Date.now() && change.from === undefined;
    const allowOutside = change.allowOutside ?? (booking.allow_outside_schedules || started);
    const { calculation, resourceRows } = await priceAndPlace(app, tx, ctx, { spec, interval, resources, spots, allowOutside, excludeBookingId: id }, {
      serviceId: booking.service_id,
      quantities,
      rebateCodeIds: codeIds,
      customerEmail: customer?.email ?? null,
    });
    await tx.query(
      `update bookings set starts_at = $3, ends_at = $4, spots = $5, total_price_minor = $6, total_vat_minor = $7, total_before_rebate_minor = $8,
              status_id = $10, allow_outside_schedules = $9, updated = now(),
              -- A no-show is of a start that has passed: moved to a start yet to come, the mark goes.
              no_show_at = case when $3 > now() then null else no_show_at end, no_show_by = case when $3 > now() then null else no_show_by end
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
        // More spots at a higher total: a booking marked paid is no longer paid in full.
        afterPaymentChange(booking.status_id, booking.paid_minor, calculation.total),
      ],
    );
    if (change.update) await writeDetails(tx, ctx, id, change.update);
    const resourceKey = (list: readonly { ResourceId: number }[]) => list.map((r) => r.ResourceId).sort((a, b) => a - b).join(',');
    const moved = interval.from.toMillis() !== booking.from_ms || interval.to.toMillis() !== booking.to_ms || resourceKey(resources) !== resourceKey(had);
    await writeShape(app, tx, ctx, id, { spec, interval, calculation, resourceRows }, { customerId: booking.customer_id, serviceId: booking.service_id, event: change.event, before, eventKind: change.eventKind, moved, tell: change.tell });
  });
}

/** The texts and flags of PUT /bookings/{Id}: what is not given stays; an empty comment clears it. */
async function writeDetails(tx: Db, ctx: CallerContext, id: number, u: UpdateBooking): Promise<void> {
  await tx.query(
    `update bookings set updated = now(),
            booked_comments = case when $3::boolean then $4 else booked_comments end,
            comments_to_customer = case when $5::boolean then $6 else comments_to_customer end,
            custom_field_values = coalesce($7::text::jsonb, custom_field_values),
            invoice_address = coalesce($8::text::jsonb, invoice_address),
            send_email_confirmation = coalesce($9, send_email_confirmation), send_sms_confirmation = coalesce($10, send_sms_confirmation),
            send_email_reminder = coalesce($11, send_email_reminder), send_sms_reminder = coalesce($12, send_sms_reminder)
      where id = $1 and company_id = $2`,
    [
      id,
      ctx.companyId,
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
}

/** The caller's choice of telling the customer about a change, as the booking event carries it. */
const tellOf = (body: { SendEmailAboutChange?: boolean; SendSmsAboutChange?: boolean }) => ({
  ...(body.SendEmailAboutChange !== undefined ? { sendEmail: body.SendEmailAboutChange } : {}),
  ...(body.SendSmsAboutChange !== undefined ? { sendSms: body.SendSmsAboutChange } : {}),
});

/**
 * PUT /bookings/{Id}: a new time (checked again like a new booking) and the texts and flags. Texts and
 * flags alone (no From, To or AllowBookingOutsideSchedules) change nothing else: the booking keeps its
 * price and time even when the service's prices or schedules have changed since, a canceled booking
 * can still have its comments corrected, and the customer is not told of a change.
 */
export async function updateBooking(app: BookingApp, ctx: CallerContext, id: number, body: UpdateBooking): Promise<void> {
  const timeChanged = body.From !== undefined || body.To !== undefined;
  if (!timeChanged && body.AllowBookingOutsideSchedules === undefined) {
    await app.db.tx(async (tx) => {
      await lockedBooking(tx, ctx, id);
      const before = await snapshot(tx, ctx.companyId, id);
      await writeDetails(tx, ctx, id, body);
      await logChange(tx, ctx, id, 'Updated', before);
      await app.bookingEvents.emit(tx, { kind: 'updated', companyId: ctx.companyId, bookingId: id });
    });
    return;
  }
  return reshape(app, ctx, id, {
    from: body.From,
    to: body.To,
    allowOutside: body.AllowBookingOutsideSchedules,
    event: timeChanged ? 'TimeChanged' : 'Updated',
    eventKind: 'changed',
    update: body,
    tell: tellOf(body),
  });
}

/** PUT /bookings/{Id}/quantity. */
export function changeQuantity(app: BookingApp, ctx: CallerContext, id: number, quantities: { PriceId: number; Quantity: number; OccupiesSpot?: boolean }[]): Promise<void> {
  return reshape(app, ctx, id, { quantities, event: 'QuantityChanged', eventKind: 'changed' });
}

/** PUT /bookings/{Id}/resource: OldResourceId (or the booking's only resource of the type) becomes ResourceId. */
export async function changeResource(app: BookingApp, ctx: CallerContext, id: number, body: { ResourceTypeId: number; ResourceId: number; OldResourceId?: number }): Promise<void> {
  const current = await currentResources(app.db, id);
  const ofType = current.filter((r) => r.ResourceTypeId === body.ResourceTypeId);
  const old = body.OldResourceId ?? (ofType.length === 1 ? ofType[0].ResourceId : undefined);
  if (old === undefined) throw ApiError.field(400, 'OldResourceId', 'NotEmpty');
  if (!current.some((r) => r.ResourceId === old)) throw ApiError.field(400, 'OldResourceId', bookingKey('ResourceNotOnBooking'), { id: old });
  const next = current.map((r) => (r.ResourceId === old ? { ResourceTypeId: body.ResourceTypeId, ResourceId: body.ResourceId } : r));
  await reshape(app, ctx, id, { resources: next, event: 'ResourceChanged', eventKind: 'changed' });
}

/** PUT /bookings/resources/move: from one resource to another, and optionally to another time. */
export async function moveBooking(
  app: BookingApp,
  ctx: CallerContext,
  body: { BookingId: number; FromResourceId: number; ToResourceId: number; From?: string; To?: string; AllowBookingOutsideSchedules?: boolean; SendEmailAboutChange?: boolean; SendSmsAboutChange?: boolean },
): Promise<void> {
  const current = await currentResources(app.db, body.BookingId);
  const moving = current.find((r) => r.ResourceId === body.FromResourceId);
  if (!(await loadBookingRow(app.db, ctx.companyId, body.BookingId))) throw ApiError.notFound(bookingWords.booking[ctx.lang], body.BookingId);
  if (!moving) throw ApiError.field(400, 'FromResourceId', bookingKey('ResourceNotOnBooking'), { id: body.FromResourceId });
  const types = await resourceTypesOf(app.db, ctx.companyId, [body.ToResourceId]);
  if (!types.get(body.ToResourceId)?.includes(moving.ResourceTypeId)) throw ApiError.field(400, 'ToResourceId', bookingKey('ResourceNotOfType'));
  const next = current.map((r) => (r.ResourceId === body.FromResourceId ? { ...r, ResourceId: body.ToResourceId } : r));
  await reshape(app, ctx, body.BookingId, {
    resources: next,
    from: body.From,
    to: body.To,
    allowOutside: body.AllowBookingOutsideSchedules,
    event: 'Moved',
    eventKind: 'changed',
    tell: tellOf(body),
  });
}

/**
 * POST /bookings/{Id}/resource: one more resource for the booking's time. The availability engine
 * decides, as for a new booking, on the resource alone: free of other services' bookings and of
 * blocking exceptions, with the booking's spots left among its own service's bookings (schedules do
 * not apply: an administrator adds it). A taken resource answers 409; the exclusion constraint
 * guards the rest.
 */
export async function addResource(app: BookingApp, ctx: CallerContext, id: number, body: { ResourceTypeId: number; ResourceId: number }): Promise<void> {
  await app.db.tx(async (tx) => {
    const booking = await lockedBooking(tx, ctx, id);
    refuseStatus(ctx, booking, 'changeResources', 'change');
    const types = await resourceTypesOf(tx, ctx.companyId, [body.ResourceId]);
    const of = types.get(body.ResourceId);
    if (!of) throw ApiError.field(400, 'ResourceId', bookingKey('BookingUnknownReference'), { what: bookingWords.resource[ctx.lang] });
    if (!of.includes(body.ResourceTypeId)) throw ApiError.field(400, 'ResourceTypeId', bookingKey('ResourceNotOfType'));
    if (booking.resource_ids.includes(body.ResourceId)) throw ApiError.field(400, 'ResourceId', bookingKey('ResourceAlreadyOnBooking'), { id: body.ResourceId });
    const { spec } = await serviceSpec(app, tx, ctx, booking.service_id);
    const interval = { from: DateTime.fromMillis(booking.from_ms, { zone: spec.timeZone }), to: DateTime.fromMillis(booking.to_ms, { zone: spec.timeZone }) };
    const extra = { resourceTypeId: body.ResourceTypeId, count: 1, customerMayPick: true, resources: [{ id: body.ResourceId, active: true, priority: 0 }] };
    await checkAvailability(app, tx, ctx, {
      spec: { ...spec, service: { ...spec.service, requirements: [extra], multipleResource: null } },
      interval,
      resources: [{ ResourceTypeId: body.ResourceTypeId, ResourceId: body.ResourceId }],
      spots: Math.max(1, booking.spots),
      allowOutside: true,
      excludeBookingId: id,
    });
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
    await app.bookingEvents.emit(tx, { kind: 'changed', companyId: ctx.companyId, bookingId: id, moved: true });
  });
}

/** DELETE /bookings/{Id}/resource?ResourceId=…: the booking lets go of one resource. */
export async function removeResource(app: BookingApp, ctx: CallerContext, id: number, resourceId: number, resourceTypeId?: number): Promise<void> {
  await app.db.tx(async (tx) => {
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
    await app.bookingEvents.emit(tx, { kind: 'changed', companyId: ctx.companyId, bookingId: id, moved: true });
  });
}

/**
 * Gives back the time of reserved and unpaid bookings whose hold has run out (status Unbooked,
 * codes restored, a System entry in the log). Answers how many were released.
 */
