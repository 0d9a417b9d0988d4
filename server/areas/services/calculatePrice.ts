import type { FastifyInstance } from 'fastify';
import type { CalculatePriceRequest } from '../../../schema/pricing';
import type { CallerContext } from '../../shared/context';
import type { Db } from '../../db/db';
import { ApiError, checkFieldsWhenRefused, refuseThrown } from '../../shared/errors';
import { sentId, sentList, sentObject, sentString } from '../../shared/sentInput';
import { ref } from '../../shared/schemas';
import { idParams } from '../../autoquery/index';
import {
  calculatePrice,
  CodeNotApplicableError,
  formatLocal,
  parseLocal,
  PricingError,
  toCalculatePriceResponse,
  type PriceCalculation,
  type PriceRule,
  type RebateCodeRule,
} from '../../../domain/pricing';
import { catalogKey } from './messages';
import { priceSign } from './prices';
import { loadCodeRules } from './rebateCodeLookup';
import { rebateKey, rebateWords } from './rebateCodeMessages';

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
  const service = await loadServiceForPricing(db, ctx.companyId, serviceId, request.CustomerEmail);
  if (!service) throw ApiError.field(404, 'Id', 'NotFound', { what: rebateWords.service[ctx.lang], id: serviceId });

  try {
    const from = parseLocal(request.Interval.From, ctx.timeZone, 'Interval.From');
    const interval = {
      From: formatLocal(from),
      To: request.Interval.To ?? formatLocal(from.plus({ minutes: service.duration })),
    };
    const codeIds = request.RebateCodeIds ?? [];
    const customerId = service.customer_id;
    const { codes, customerUses } = await loadCodeRules(db, ctx.companyId, codeIds, customerId);
    const chosen = codeIds.map((id, index) => {
      const code = codes.get(id);
      if (!code) throw ApiError.field(400, `RebateCodeIds[${index}]`, catalogKey('UnknownReference'), { what: rebateWords.rebateCode[ctx.lang].toLowerCase() });
      return code;
    });
    const calculation = calculatePrice({
      prices: service.prices.map((p) => ({ ...p, PriceSign: priceSign(p.CurrencyId) })),
      interval,
      zone: ctx.timeZone,
      quantities: request.Quantities,
      codes: chosen,
      serviceId,
      customerId,
      customerUses,
      currency: { CurrencyId: service.currency_id, PriceSign: priceSign(service.currency_id) },
    });
    return { calculation, customerId, interval };
  } catch (err) {
    if (err instanceof PricingError || err instanceof CodeNotApplicableError) throw ApiError.field(400, err.field, rebateKey(err.code), err.params);
    throw err;
  }
}

interface ServiceForPricing {
  duration: number;
  currency_id: string;
  prices: Omit<PriceRule, 'PriceSign'>[];
  customer_id: number | null;
}

/**
 * A service's duration, its prices as the price rules read them and the customer an e-mail address
 * names, in one query (a price check is on the booking widget's hot path).
 */
async function loadServiceForPricing(db: Db, companyId: number, serviceId: number, customerEmail: string | null | undefined): Promise<ServiceForPricing | undefined> {
  return db.one<ServiceForPricing>(
    `select s.duration, c.currency_id,
            coalesce((select json_agg(json_build_object(
                        'Id', p.id, 'Price', p.price_minor::float8 / 100, 'CalculationTypeId', p.calculation_type_id,
                        'CurrencyId', p.currency_id, 'VAT', p.vat, 'Category', p.category, 'PriceText', p.price_text,
                        'From', to_char(p.from_date, 'YYYY-MM-DD'), 'To', to_char(p.to_date, 'YYYY-MM-DD'),
                        'FromTime', to_char(p.from_time, 'HH24:MI:SS'), 'ToTime', to_char(p.to_time, 'HH24:MI:SS'),
                        'DaysOfWeek', p.days_of_week) order by p.id)
                        from service_prices p where p.service_id = s.id and p.company_id = s.company_id), '[]'::json) as prices,
            (select cu.id from customers cu where cu.company_id = s.company_id and lower(cu.email) = lower($3::text) order by cu.id limit 1) as customer_id
       from services s join companies c on c.id = s.company_id
      where s.id = $1 and s.company_id = $2`,
    [serviceId, companyId, customerEmail?.trim() || null],
  );
}

/** The quantity lines as sent, when each has the schema's shape (else the schema speaks). */
function sentQuantities(value: unknown): CalculatePriceRequest['Quantities'] | undefined | false {
  if (value === undefined) return undefined;
  const list = sentList(value)?.map(sentObject);
  const shaped = list?.every((q) => q && typeof q.PriceId === 'number' && typeof q.Quantity === 'number' && Number.isInteger(q.Quantity));
  return shaped ? (list as unknown as CalculatePriceRequest['Quantities']) : false;
}

/**
 * The quantities' own refusals (no price valid then, an unknown price) before the schema, when the
 * request is refused anyway: priced without the codes, which are fields of their own.
 */
const quantityRules = checkFieldsWhenRefused(async (request, refuse) => {
  const body = sentObject(request.body);
  const interval = sentObject(body?.Interval);
  const serviceId = sentId((request.params as Record<string, unknown> | undefined)?.Id);
  const quantities = sentQuantities(body?.Quantities);
  const from = sentString(interval?.From);
  const to = interval?.To === undefined ? undefined : sentString(interval.To);
  if (!request.ctx || serviceId === undefined || quantities === false || from === undefined || (interval?.To !== undefined && to === undefined)) return;
  try {
    await calculateServicePrice(request.server.db, request.ctx, serviceId, { Interval: { From: from, To: to }, Quantities: quantities });
  } catch (err) {
    refuseThrown(err, refuse, (field) => field === 'Quantities' || field.startsWith('Quantities['));
  }
});

/** PUT /services/{Id}/calculateprice: the price of an interval with quantities and codes (CalculatePriceResponse). */
export default async function calculatePriceArea(app: FastifyInstance): Promise<void> {
  app.put(
    '/services/:Id/calculateprice',
    { preValidation: quantityRules, schema: { params: idParams, body: ref('CalculatePriceRequest'), response: { 200: ref('CalculatePriceResponse') } } },
    async (request) => {
      const { calculation } = await calculateServicePrice(app.db, request.ctx, (request.params as { Id: number }).Id, request.body as CalculatePriceRequest);
      return toCalculatePriceResponse(calculation);
    },
  );
}
