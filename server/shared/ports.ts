/**
 * What one area offers another without either importing the other (areas never import areas): the
 * providing area declares a Fastify decorator with a named plugin (fastify-plugin), registered
 * before the areas in server/areas/index.ts; the using area names that plugin in its
 * `dependencies` (server/shared/area.ts), so a missing provider stops the server at boot, and
 * reads the decorator from its app. Each decorator is typed here, from domain/ and schema/ types only.
 *
 * | decorator (plugin name) | provided by | used by |
 * |---|---|---|
 * | availability: loadServiceSpec, loadAvailabilityData, loadServiceCalendar | schedules (the data availabletimes reads) | bookings (the same check inside the booking's transaction), statistics (open time for occupancy) |
 * | pricing: calculateServicePrice, consumeCodes | services (calculateprice, promo-code transactions) | bookings (the booking's price, a code's use taken and given back) |
 * | payments: initialStatus, payLink | payments (settings and the connected provider) | bookings (a new booking without StatusId waits for payment when the company asks for it), messages (the pay link in the confirmation and the payment request) |
 * | bookingEvents (booking-events, server/shared/bookingEvents.ts) | server/areas/index.ts | bookings emits and describes a booking (`describe`); messages, scheduler, webhooks, payments, sync subscribe |
 * | recordEvents (record-events, server/shared/recordEvents.ts) | server/areas/index.ts | customers, bookings (queue spots) and payments emit; webhooks and messages subscribe |
 *
 * @example
 * export const pricingPort = fp(async (app) => app.decorate('pricing', { calculateServicePrice, consumeCodes }), { name: PRICING });
 * const { calculation } = await app.pricing.calculateServicePrice(tx, ctx, serviceId, request);   // in bookings
 */
import type { CalculatePriceRequest } from '../../schema/pricing';
import type { PaymentOption } from '../../schema/bookings';
import type { AvailabilityData, Instant, ServiceSpec } from '../../domain/availability';
import type { PriceCalculation, RebateCodeRule, TransactionDraft } from '../../domain/pricing';
import type { CallerContext } from './context';
import type { Db } from '../db/db';

export interface ServiceAvailabilitySpec {
  service: ServiceSpec;
  timeZone: string;
}

/** Plugin names of the decorators below (what `dependencies` name). */
export const AVAILABILITY = 'availability';
export const PRICING = 'pricing';
export const PAYMENTS = 'payments';

/** What schedules offers: the availability engine's input. */
export interface AvailabilityPort {
  /** The service as the availability engine sees it, with the company's zone; undefined when not the company's. */
  loadServiceSpec(db: Db, companyId: number, serviceId: number): Promise<ServiceAvailabilitySpec | undefined>;
  /**
   * Everything the engine reads for the service around [from, to): schedules, exceptions, bookings;
   * with `kept` (an earlier answer for the same window), its schedules and exceptions and fresh bookings.
   */
  loadAvailabilityData(db: Db, companyId: number, spec: ServiceAvailabilitySpec, from: Instant, to: Instant, now?: Instant, kept?: Pick<AvailabilityData, 'recurringSchedules' | 'dateSchedules' | 'exceptions'>): Promise<AvailabilityData>;
  /** The service's schedules and exceptions around [from, to) without its bookings (statistics' open time). */
  loadServiceCalendar(db: Db, companyId: number, spec: ServiceAvailabilitySpec, from: Instant, to: Instant): Promise<Pick<AvailabilityData, 'recurringSchedules' | 'dateSchedules' | 'exceptions'>>;
}

/** What services offers: prices and promo-code use. */
export interface PricingPort {
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

/** What payments offers: whether a new booking waits for the customer's payment. */
export interface PaymentsPort {
  /**
   * AwaitingPayment (5) when the customer is to pay at booking: the option sends a payment link, or
   * it follows the settings and they ask for payment (the whole price or a deposit) through a connected
   * provider for this service; null otherwise (the booking settings' default status applies).
   */
  initialStatus(db: Db, companyId: number, serviceId: number, option: PaymentOption | undefined): Promise<number | null>;
  /**
   * The customer's pay link of a booking that awaits payment with something left to pay, when a
   * provider is connected (made once, then the same); null otherwise. Messages put it in the
   * confirmation and the payment request (`{{ Booking.PaymentLink }}`).
   */
  payLink(db: Db, companyId: number, bookingId: number): Promise<string | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    availability: AvailabilityPort;
    pricing: PricingPort;
    payments: PaymentsPort;
  }
}
