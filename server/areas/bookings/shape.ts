/**
 * The steps that creating a booking (./operations) and changing one (./reshape) share: price its
 * shape with calculateprice's rules and place it with the availability engine, then, once the
 * booking row is written, write its lines, its allocations, the codes' use, its log entry and event.
 */
import type { CallerContext } from '../../shared/context';
import type { Db } from '../../db/db';
import { planConsumption } from '../../../domain/pricing';
import { quantityLines } from '../../../domain/bookings';
import type { PricingPort } from '../../shared/ports';
import type { BookingEventKind } from '../../shared/bookingEvents';
import type { BookingApp } from './deps';
import { writeQuantities, writeResources } from './queries';
import { checkAvailability, local, logChange, onOverlap, type CheckRequest } from './checks';

type Priced = Awaited<ReturnType<PricingPort['calculateServicePrice']>>;
type ResourceRow = { resourceTypeId: number; resourceId: number };

/** What a booking's price depends on besides its time. */
export interface PriceRequest {
  serviceId: number;
  quantities: readonly { PriceId: number; Quantity: number; OccupiesSpot?: boolean }[];
  rebateCodeIds: number[];
  customerEmail: string | null;
}

/**
 * A booking's price (calculateprice's answer for the request's time) and the resources the
 * availability engine gives it, with the resources named beyond what the service needs kept too.
 * Throws calculateprice's 400/404 and the engine's 409 or 400.
 */
export async function priceAndPlace(app: BookingApp, tx: Db, ctx: CallerContext, check: CheckRequest, price: PriceRequest): Promise<{ calculation: Priced['calculation']; resourceRows: ResourceRow[] }> {
  const { calculation } = await app.pricing.calculateServicePrice(tx, ctx, price.serviceId, {
    Interval: { From: local(check.interval.from), To: local(check.interval.to) },
    Quantities: price.quantities.map((q) => ({ PriceId: q.PriceId, Quantity: q.Quantity, OccupiesSpot: q.OccupiesSpot ?? true })),
    RebateCodeIds: price.rebateCodeIds,
    CustomerEmail: price.customerEmail,
  });
  const assigned = await checkAvailability(app, tx, ctx, check);
  const resourceRows = assigned.flatMap((a) => a.resourceIds.map((resourceId) => ({ resourceTypeId: a.resourceTypeId, resourceId })));
  // Resources named beyond what the service needs stay with the booking too.
  for (const r of check.resources) {
    if (!resourceRows.some((x) => x.resourceId === r.ResourceId)) resourceRows.push({ resourceTypeId: r.ResourceTypeId, resourceId: r.ResourceId });
  }
  return { calculation, resourceRows };
}

/**
 * After the booking row: its quantity lines, its resources (a 409 when another booking took them
 * meanwhile), the codes' use, the log entry and the event for the outbox.
 */
export async function writeShape(
  app: BookingApp,
  tx: Db,
  ctx: CallerContext,
  bookingId: number,
  placed: { spec: CheckRequest['spec']; interval: CheckRequest['interval']; calculation: Priced['calculation']; resourceRows: ResourceRow[] },
  record: { customerId: number | null; serviceId: number; event: string; before: Record<string, unknown> | null; eventKind: BookingEventKind; moved?: boolean; tell?: { sendEmail?: boolean; sendSms?: boolean } },
): Promise<void> {
  // A booking just created has no lines, resources or allocations to replace.
  const fresh = record.eventKind === 'created';
  await writeQuantities(tx, ctx.companyId, bookingId, quantityLines(placed.calculation.lines), fresh);
  await onOverlap(tx, ctx, placed.spec, placed.interval, placed.resourceRows.map((r) => r.resourceId), () => writeResources(tx, ctx.companyId, bookingId, placed.resourceRows, fresh));
  await app.pricing.consumeCodes(tx, ctx.companyId, planConsumption(placed.calculation.applied, bookingId), { customerId: record.customerId, serviceId: record.serviceId, userId: ctx.userId });
  await logChange(tx, ctx, bookingId, record.event, record.before);
  await app.bookingEvents.emit(tx, { kind: record.eventKind, companyId: ctx.companyId, bookingId, ...(record.moved ? { moved: true } : {}), ...record.tell });
}
