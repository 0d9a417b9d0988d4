import type { FastifyInstance } from 'fastify';
import { DateTime } from 'luxon';
import type { DayOfWeek } from '../../../schema/common';
import type { ServicePrice, ServicePriceInput, ServicePriceQuery } from '../../../schema/services';
import type { CallerContext } from '../../shared/context';
import type { Db } from '../../db/db';
import { ApiError, ValidationErrors } from '../../shared/errors';
import { defineResource, ID_FIELD, registerResource, selectWhere, type SqlParams } from '../../autoquery/index';
import { catalogKey, catalogWords } from './messages';
import { dayOfWeek } from '../../shared/dayOfWeek';

/**
 * The sign shown with an amount in a currency.
 * @example
 * priceSign('SEK') // → 'kr'
 */
export function priceSign(currencyId: string): string {
  switch (currencyId) {
    case 'SEK':
    case 'NOK':
    case 'DKK':
      return 'kr';
    case 'EUR':
      return '€';
    case 'USD':
      return '$';
    case 'GBP':
      return '£';
    default:
      return currencyId;
  }
}

/** The company's currency (prices and articles default to it). */
export async function companyCurrency(db: Db, companyId: number): Promise<string> {
  const row = await db.one<{ currency_id: string }>('select currency_id from companies where id = $1', [companyId]);
  return row?.currency_id ?? 'SEK';
}

/** 400 naming the field unless the service is one of the caller's company. */
export async function assertOwnService(db: Db, ctx: CallerContext, serviceId: number, field = 'ServiceId'): Promise<void> {
  const row = await db.one('select 1 from services where id = $1 and company_id = $2', [serviceId, ctx.companyId]);
  if (!row) throw ApiError.field(400, field, catalogKey('UnknownReference'), { what: catalogWords.service[ctx.lang] });
}

function withoutSeconds(time: string | null | undefined): string | null | undefined {
  return time ? `${time.slice(0, 5)}:00` : time;
}

type StoredPrice = Omit<ServicePrice, 'DaysOfWeek'> & { DaysOfWeek: DayOfWeek[] | number[] };

export const servicePrices = defineResource<ServicePrice, ServicePriceInput, ServicePriceQuery>({
  entity: 'ServicePrice',
  path: '/services/prices',
  table: 'service_prices',
  fields: {
    ...ID_FIELD,
    ServiceId: { column: 'service_id', kind: 'int' },
    Price: { column: 'price_minor', kind: 'money' },
    CalculationTypeId: { column: 'calculation_type_id', kind: 'int' },
    CurrencyId: 'currency_id',
    VAT: { column: 'vat', kind: 'int' },
    Category: 'category',
    PriceText: 'price_text',
    From: { column: 'from_date', kind: 'date' },
    To: { column: 'to_date', kind: 'date' },
    DaysOfWeek: { column: 'days_of_week', kind: 'json' },
    FromTime: { column: 'from_time', kind: 'time' },
    ToTime: { column: 'to_time', kind: 'time' },
    ExternalReference: { column: 'external_reference', readOnly: true },
  },
  search: ['category', 'price_text'],
  sort: ['Id', 'ServiceId', 'Price', 'VAT', 'Category', 'PriceText', 'From', 'To', 'FromTime', 'CalculationTypeId'],
  defaultSort: 'ServiceId',
  filters: { Id: 'Id', ServiceId: 'ServiceId' },
  schemas: { query: 'ServicePriceQuery', input: 'ServicePriceInput', item: 'ServicePrice' },
  hooks: {
    async beforeWrite(input, w) {
      await assertOwnService(w.db, w.ctx, input.ServiceId);
      const price: ServicePriceInput = {
        ...input,
        Price: Math.round(input.Price),
        FromTime: withoutSeconds(input.FromTime),
        ToTime: withoutSeconds(input.ToTime),
        From: input.From ? input.From.slice(0, 10) : input.From,
        To: input.To ? input.To.slice(0, 10) : input.To,
      };
      if (input.DaysOfWeek) price.DaysOfWeek = [...new Set(input.DaysOfWeek)].sort((a, b) => a - b);
      const errors = new ValidationErrors();
      if (price.FromTime && price.ToTime && price.FromTime >= price.ToTime) errors.add('FromTime', 'FromAfterTo', { other: 'ToTime' });
      if (price.From && price.To && price.From > price.To) errors.add('From', 'MinAboveMax', { other: 'To' });
      for (const [field, value] of [['From', price.From], ['To', price.To]] as const) {
        if (value && !DateTime.fromISO(value).isValid) errors.add(field, 'InvalidFormat');
      }
      errors.throwIfAny();
      const columns = !w.existing && !input.CurrencyId ? { currency_id: await companyCurrency(w.db, w.ctx.companyId) } : undefined;
      return { input: price, columns };
    },
    async afterRead(records) {
      for (const r of records as StoredPrice[]) {
        const days = (r.DaysOfWeek as number[]).map(dayOfWeek);
        r.DaysOfWeek = days;
        r.PriceSign = priceSign(r.CurrencyId);
        r.IsTimeSpecific = Boolean(r.FromTime || r.ToTime);
        r.IsDaysOfWeekSpecific = days.length > 0;
      }
    },
  },
});

/**
 * The prices of several services in one query, keyed by service id; with a date (and time) only
 * the prices valid then: inside From–To, on one of DaysOfWeek, and FromTime ≤ time < ToTime.
 * @example
 * const byService = await pricesOfServices(db, ctx, [1, 2], { date: '2025-06-02', time: '18:00' });
 */
export async function pricesOfServices(
  db: Db,
  ctx: CallerContext,
  serviceIds: readonly number[],
  at: { date?: string; time?: string } = {},
): Promise<Map<number, ServicePrice[]>> {
  const condition = (p: SqlParams) => {
    const conds = [`t.service_id in (${serviceIds.map((id) => p.add(id)).join(', ')})`];
    if (at.date) {
      const day = DateTime.fromISO(at.date.slice(0, 10));
      if (!day.isValid) throw ApiError.field(400, 'PriceDate', 'InvalidFormat');
      const date = p.add(day.toISODate());
      conds.push(`(t.from_date is null or t.from_date <= ${date}::date)`, `(t.to_date is null or t.to_date >= ${date}::date)`);
      conds.push(`(jsonb_array_length(t.days_of_week) = 0 or t.days_of_week @> jsonb_build_array(${p.add(day.weekday)}::int))`);
    }
    if (at.time) {
      const time = p.add(at.time.length === 5 ? `${at.time}:00` : at.time);
      conds.push(`(t.from_time is null or t.from_time <= ${time}::time)`, `(t.to_time is null or t.to_time > ${time}::time)`);
    }
    return conds.join(' and ');
  };
  const out = new Map<number, ServicePrice[]>();
  if (!serviceIds.length) return out;
  for (const price of await selectWhere(db, ctx, servicePrices, condition)) {
    const list = out.get(price.ServiceId) ?? [];
    list.push(price);
    out.set(price.ServiceId, list);
  }
  return out;
}

/** GET, POST /services/prices; PUT, DELETE /services/prices/{Id}. */
export default async function pricesArea(app: FastifyInstance): Promise<void> {
  registerResource(app, servicePrices);
}
