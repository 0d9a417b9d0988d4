/**
 * What one area offers another without either importing the other (areas never import areas):
 * the providing area hands its function over when its plugin registers (`provide`), the using
 * area asks for it when a request needs it (`port`). Each port is typed here, from domain/ and
 * schema/ types only.
 *
 * | port | provided by | used by |
 * |---|---|---|
 * | loadServiceSpec, loadAvailabilityData | schedules (the data availabletimes reads) | bookings (the same check inside the booking's transaction) |
 * | calculateServicePrice | services (calculateprice) | bookings (the booking's price) |
 * | consumeCodes | services (promo-code transactions) | bookings (a code's use taken and given back) |
 *
 * @example
 * provide('calculateServicePrice', calculateServicePrice);       // in the services plugin
 * const { calculation } = await port('calculateServicePrice')(tx, ctx, serviceId, request);   // in bookings
 */
import type { CalculatePriceRequest } from '../../schema/pricing';
import type { AvailabilityData, Instant, ServiceSpec } from '../../domain/availability';
import type { PriceCalculation, RebateCodeRule, TransactionDraft } from '../../domain/pricing';
import type { CallerContext } from './context';
import type { Db } from '../db/db';

export interface ServiceAvailabilitySpec {
  service: ServiceSpec;
  timeZone: string;
}

export interface Ports {
  /** The service as the availability engine sees it, with the company's zone; undefined when not the company's. */
  loadServiceSpec(db: Db, companyId: number, serviceId: number): Promise<ServiceAvailabilitySpec | undefined>;
  /**
   * Everything the engine reads for the service around [from, to): schedules, exceptions, bookings;
   * with `kept` (an earlier answer for the same window), its schedules and exceptions and fresh bookings.
   */
  loadAvailabilityData(db: Db, companyId: number, spec: ServiceAvailabilitySpec, from: Instant, to: Instant, now?: Instant, kept?: Pick<AvailabilityData, 'recurringSchedules' | 'dateSchedules' | 'exceptions'>): Promise<AvailabilityData>;
  /** calculateprice's answer for a booking of the service (throws its 400/404 ApiErrors). */
  calculateServicePrice(
    db: Db,
    ctx: CallerContext,
    serviceId: number,
    request: CalculatePriceRequest,
  ): Promise<{ calculation: PriceCalculation<RebateCodeRule>; customerId: number | null; interval: { From: string; To: string } }>;
  /** Records promo-code transactions and moves the codes' balances in the caller's transaction (409 when used up). */
  consumeCodes(
    tx: Db,
    companyId: number,
    plan: readonly TransactionDraft[],
    context?: { customerId?: number | null; serviceId?: number | null; userId?: number | null; comment?: string | null },
  ): Promise<number[]>;
}

const provided: Partial<Ports> = {};

/** Hands over an area's function for other areas (call it from the area's plugin). */
export function provide<K extends keyof Ports>(name: K, implementation: Ports[K]): void {
  provided[name] = implementation;
}

/** The function another area provided; throws when that area is not registered. */
export function port<K extends keyof Ports>(name: K): Ports[K] {
  const implementation = provided[name];
  if (!implementation) throw new Error(`port ${name} is not provided: register the area that provides it first`);
  return implementation as Ports[K];
}
