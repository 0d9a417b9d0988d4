import type { FastifyInstance } from 'fastify';
import type { CalculatePriceRequest } from '../../schema/pricing';
import type { CallerContext } from '../context';
import type { Db } from '../db/db';
import { ApiError } from '../errors';
import { ref } from '../schemas';
import { idParams } from '../autoquery/index';
import {
  calculatePrice,
  CodeNotApplicableError,
  formatLocal,
  parseLocal,
  PricingError,
  toCalculatePriceResponse,
  type PriceCalculation,
  type RebateCodeRule,
} from '../domain/pricing';
import { catalogKey } from './catalogMessages';
import { priceSign, pricesOfServices } from './prices';
import { customerIdByEmail, loadCodeRules } from './rebatecodes/lookup';
import { rebateKey, rebateWords } from './rebatecodes/messages';
import { customerUses } from './rebatecodes/transactions';

/** A priced booking and who it was priced for. */
export interface ServicePriceCalculation {
  calculation: PriceCalculation<RebateCodeRule>;
  /** The customer CustomerEmail names, or null for an unknown address. */
  customerId: number | null;
  /** The interval priced (To filled from the service's duration when left out). */
  interval: { From: string; To: string };
}

/**
 * Prices a booking of one of the company's services: its prices valid in the interval, the quantities,
 * and the codes in RebateCodeIds checked against the service, the start and the customer CustomerEmail
 * names (with that customer's earlier uses). Interval.To defaults to From plus the service's duration.
 * Throws ApiError: 404 naming Id for a service that is not the caller's; 400 naming the field for
 * unknown prices or codes, codes that do not apply and anything the price rules refuse.
 * Booking creation calls this inside its transaction and then consumeCodes.
 * @example
 * const { calculation } = await calculateServicePrice(db, ctx, 3, { Interval: { From: '2025-06-02T10:00:00' }, RebateCodeIds: [7] });
 * calculation.total // minor units
 */
export async function calculateServicePrice(db: Db, ctx: CallerContext, serviceId: number, request: CalculatePriceRequest): Promise<ServicePriceCalculation> {
  if (request.Id !== undefined && request.Id !== serviceId) throw ApiError.field(400, 'Id', 'InvalidValue');
  const service = await db.one<{ duration: number; currency_id: string }>(
    'select s.duration, c.currency_id from services s join companies c on c.id = s.company_id where s.id = $1 and s.company_id = $2',
    [serviceId, ctx.companyId],
  );
  if (!service) throw ApiError.field(404, 'Id', 'NotFound', { what: rebateWords.service[ctx.lang], id: serviceId });

  try {
    const from = parseLocal(request.Interval.From, ctx.timeZone, 'Interval.From');
    const interval = {
      From: formatLocal(from),
      To: request.Interval.To ?? formatLocal(from.plus({ minutes: service.duration })),
    };
    const codeIds = request.RebateCodeIds ?? [];
    const prices = (await pricesOfServices(db, ctx, [serviceId])).get(serviceId) ?? [];
    const codes = await loadCodeRules(db, ctx.companyId, codeIds);
    const customerId = await customerIdByEmail(db, ctx.companyId, request.CustomerEmail);
    const chosen = codeIds.map((id, index) => {
      const code = codes.get(id);
      if (!code) throw ApiError.field(400, `RebateCodeIds[${index}]`, catalogKey('UnknownReference'), { what: rebateWords.rebateCode[ctx.lang].toLowerCase() });
      return code;
    });
    const uses = customerId === null ? new Map<number, number>() : await customerUses(db, ctx.companyId, customerId, [...codes.keys()]);
    const calculation = calculatePrice({
      prices,
      interval,
      zone: ctx.timeZone,
      quantities: request.Quantities,
      codes: chosen,
      serviceId,
      customerId,
      customerUses: uses,
      currency: { CurrencyId: service.currency_id, PriceSign: priceSign(service.currency_id) },
    });
    return { calculation, customerId, interval };
  } catch (err) {
    if (err instanceof PricingError || err instanceof CodeNotApplicableError) throw ApiError.field(400, err.field, rebateKey(err.code), err.params);
    throw err;
  }
}

/** PUT /services/{Id}/calculateprice: the price of an interval with quantities and codes (CalculatePriceResponse). */
export default async function calculatePriceArea(app: FastifyInstance): Promise<void> {
  app.put(
    '/services/:Id/calculateprice',
    { schema: { params: idParams, body: ref('CalculatePriceRequest'), response: { 200: ref('CalculatePriceResponse') } } },
    async (request) => {
      const { calculation } = await calculateServicePrice(app.db, request.ctx, (request.params as { Id: number }).Id, request.body as CalculatePriceRequest);
      return toCalculatePriceResponse(calculation);
    },
  );
}
