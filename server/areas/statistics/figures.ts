/**
 * The SQL of GET /statistics: everything is summed by the database from the rollup the bookings'
 * triggers keep (migration 137: booking_stat_days, with each day's bookings by start hour; 142 added the
 * no-shows), in integer minor units;
 * the promo codes from their transactions. Each row of booking_stat_days is one service, resource,
 * administrator, customer group and day; `lead` marks each booking's first resource, so totals
 * count a booking once, and a resource's rows count every booking on it.
 */
import type { StatisticsDay, StatisticsFigures, StatisticsGroupBy, StatisticsHeatCell, StatisticsPromoCode } from '../../../schema/statistics';
import type { Db, SqlParam } from '../../db/db';
import type { DayRange } from './range';

/** What narrows the bookings counted. */
export interface StatisticsFilter {
  companyId: number;
  serviceIds: readonly number[] | null;
  resourceIds: readonly number[] | null;
}

/** The sums of one row, before the open time is known. */
export type Sums = Omit<StatisticsFigures, 'OpenMinutes' | 'Occupancy' | 'BookedMinutes'> & { bookedMinutes: number };

interface SumRow {
  period: number;
  key: number | null;
  day: string | null;
  bookings: number;
  spots: number;
  revenue: number;
  vat: number;
  cancellations: number;
  no_shows: number;
  new_customers: number;
  returning: number;
  lead_minutes: number;
  booked_minutes: number;
}

const GROUP_COLUMN: Record<StatisticsGroupBy, string> = {
  service: 'd.service_id',
  resource: 'd.resource_id',
  administrator: 'd.admin_id',
  customerGroup: 'd.customer_group',
};

/**
 * Which rows count a booking: without a resource filter its lead row (once), with one the row of
 * each chosen resource; grouped by resource, every resource's row.
 */
function counted(filter: StatisticsFilter, perResource: boolean): string {
  return filter.resourceIds || perResource ? 'true' : 'd.lead';
}

/** The aggregates of one row set; `c` says which rows count a booking (see counted). */
function aggregates(c: string): string {
  return `sum(d.bookings) filter (where ${c} and not d.canceled)::float8 as bookings,
          sum(d.spots) filter (where ${c} and not d.canceled)::float8 as spots,
          sum(d.revenue_minor) filter (where ${c} and not d.canceled)::float8 as revenue,
          sum(d.vat_minor) filter (where ${c} and not d.canceled)::float8 as vat,
          sum(d.bookings) filter (where ${c} and d.canceled)::float8 as cancellations,
          sum(d.no_shows) filter (where ${c} and not d.canceled)::float8 as no_shows,
          sum(d.bookings) filter (where ${c} and not d.canceled and d.customer_group = 1)::float8 as new_customers,
          sum(d.bookings) filter (where ${c} and not d.canceled and d.customer_group = 2)::float8 as returning,
          sum(d.lead_minutes) filter (where ${c} and not d.canceled)::float8 as lead_minutes,
          sum(d.spot_minutes::float8 / greatest(s.total_spots, 1)) filter (where not d.canceled) as booked_minutes`;
}

/** The common FROM and WHERE: both ranges, the filters; $1 company, $2–$5 the ranges. */
function source(filter: StatisticsFilter, range: DayRange, compare: DayRange): { sql: string; params: SqlParam[] } {
  const params: SqlParam[] = [filter.companyId, range.from, range.to, compare.from, compare.to];
  const where = [`d.company_id = $1`, `(d.day between $2::date and $3::date or d.day between $4::date and $5::date)`];
  if (filter.serviceIds) {
    params.push([...filter.serviceIds]);
    where.push(`d.service_id = any($${params.length}::int[])`);
  }
  if (filter.resourceIds) {
    params.push([...filter.resourceIds]);
    where.push(`d.resource_id = any($${params.length}::int[])`);
  }
  return {
    sql: `from booking_stat_days d left join services s on s.id = d.service_id where ${where.join(' and ')}`,
    params,
  };
}

const SUM_FIELDS = ['bookings', 'spots', 'revenue', 'vat', 'cancellations', 'no_shows', 'new_customers', 'returning', 'lead_minutes', 'booked_minutes'] as const;
const emptyRow = (): SumRow => ({ period: 0, key: null, day: null, bookings: 0, spots: 0, revenue: 0, vat: 0, cancellations: 0, no_shows: 0, new_customers: 0, returning: 0, lead_minutes: 0, booked_minutes: 0 });

const PERIOD = `case when d.day between $2::date and $3::date then 1 else 2 end`;

function toSums(row: SumRow | undefined): Sums {
  const n = (v: number | null | undefined): number => Number(v ?? 0);
  const bookings = n(row?.bookings);
  const revenue = n(row?.revenue);
  const vat = n(row?.vat);
  return {
    Bookings: bookings,
    Spots: n(row?.spots),
    RevenueMinor: revenue,
    RevenueExVatMinor: revenue - vat,
    VatMinor: vat,
    Cancellations: n(row?.cancellations),
    NoShows: n(row?.no_shows),
    NewCustomers: n(row?.new_customers),
    ReturningBookings: n(row?.returning),
    AverageLeadMinutes: bookings > 0 ? Math.round(n(row?.lead_minutes) / bookings) : null,
    bookedMinutes: n(row?.booked_minutes),
  };
}

export interface RangeSums {
  totals: [Sums, Sums];
  days: [Map<string, Sums>, Map<string, Sums>];
  /** Bookings (not canceled) of the range by weekday (1 = Monday) and start hour. */
  heat: StatisticsHeatCell[];
}

const HOURS = Array.from({ length: 24 }, (_, h) => h);
const hourColumn = (h: number): string => `h${String(h).padStart(2, '0')}`;

/** The totals of both ranges and their days, and the range's heat map: two statements, run side by side. */
export async function rangeSums(db: Db, filter: StatisticsFilter, range: DayRange, compare: DayRange): Promise<RangeSums> {
  const { sql, params } = source(filter, range, compare);
  const c = counted(filter, false);
  const heatSource = source(filter, range, range);
  const [rows, heatRows] = await Promise.all([
    db.query<SumRow>(
      `select ${PERIOD} as period, to_char(d.day, 'YYYY-MM-DD') as day, ${aggregates(c)}
         ${sql}
        group by d.day`,
      params,
    ),
    db.query<Record<string, number | null> & { dow: number }>(
      `select extract(isodow from d.day)::int as dow, ${HOURS.map((h) => `sum(d.${hourColumn(h)})::float8 as ${hourColumn(h)}`).join(', ')}
         ${heatSource.sql} and ${c} and not d.canceled
        group by 1`,
      heatSource.params,
    ),
  ]);
  const out: RangeSums = { totals: [toSums(undefined), toSums(undefined)], days: [new Map(), new Map()], heat: [] };
  // A range's totals are its days' sums (whole numbers, added exactly).
  const totals: [SumRow, SumRow] = [emptyRow(), emptyRow()];
  for (const row of rows) {
    const i = row.period === 1 ? 0 : 1;
    out.days[i].set(row.day!, toSums(row));
    for (const key of SUM_FIELDS) totals[i][key] += Number(row[key] ?? 0);
  }
  out.totals = [toSums(totals[0]), toSums(totals[1])];
  for (const row of heatRows) {
    for (const h of HOURS) {
      const bookings = Number(row[hourColumn(h)] ?? 0);
      if (bookings > 0) out.heat.push({ DayOfWeekId: row.dow, Hour: h, Bookings: bookings });
    }
  }
  out.heat.sort((a, b) => a.DayOfWeekId - b.DayOfWeekId || a.Hour - b.Hour);
  return out;
}

/** Bookings (not canceled) of one day by start hour, counting each booking once. */
export async function dayHours(db: Db, companyId: number, day: string): Promise<{ Hour: number; Bookings: number }[]> {
  const row = await db.one<Record<string, number | null>>(
    `select ${HOURS.map((h) => `sum(${hourColumn(h)})::float8 as ${hourColumn(h)}`).join(', ')}
       from booking_stat_days where company_id = $1 and day = $2::date and lead and not canceled`,
    [companyId, day],
  );
  return HOURS.map((h) => ({ Hour: h, Bookings: Number(row?.[hourColumn(h)] ?? 0) })).filter((h) => h.Bookings > 0);
}

/** The sums of each group (service, resource, administrator, customer group) in both ranges. */
export async function groupSums(db: Db, filter: StatisticsFilter, range: DayRange, compare: DayRange, groupBy: StatisticsGroupBy): Promise<Map<number, [Sums, Sums]>> {
  const { sql, params } = source(filter, range, compare);
  const rows = await db.query<SumRow>(
    `select ${PERIOD} as period, ${GROUP_COLUMN[groupBy]} as key, ${aggregates(counted(filter, groupBy === 'resource'))}
       ${sql}
      group by 1, 2`,
    params,
  );
  const out = new Map<number, [Sums, Sums]>();
  for (const row of rows) {
    const key = Number(row.key);
    const pair = out.get(key) ?? [toSums(undefined), toSums(undefined)];
    pair[row.period === 1 ? 0 : 1] = toSums(row);
    out.set(key, pair);
  }
  return out;
}

/**
 * Promo codes kept by bookings (not canceled) that start in the range: a code's use is its Decrease
 * transactions with the booking less the Increases that gave it back.
 */
export async function promoCodes(db: Db, filter: StatisticsFilter, range: DayRange, timeZone: string): Promise<StatisticsPromoCode[]> {
  const params: SqlParam[] = [filter.companyId, range.from, range.to, timeZone];
  const where: string[] = [];
  if (filter.serviceIds) {
    params.push([...filter.serviceIds]);
    where.push(`and b.service_id = any($${params.length}::int[])`);
  }
  if (filter.resourceIds) {
    params.push([...filter.resourceIds]);
    where.push(`and b.resource_ids && $${params.length}::int[]`);
  }
  const rows = await db.query<{ id: number; sign: string; bookings: number; amount: number }>(
    `select u.code_id as id, rc.sign, count(*)::float8 as bookings, sum(u.amount)::float8 as amount
       from (select t.rebate_code_id as code_id, t.booking_id,
                    sum(case when t.change_type = 'Decrease' then t.amount_minor else -t.amount_minor end) as amount,
                    sum(case when t.change_type = 'Decrease' then 1 else -1 end) as uses
               from rebate_code_transactions t
               join bookings b on b.id = t.booking_id and b.company_id = t.company_id
              where t.company_id = $1 and t.booking_id is not null and b.status_id not in (2, 4)
                and b.starts_at >= ($2::date::timestamp at time zone $4) and b.starts_at < (($3::date + 1)::timestamp at time zone $4)
                ${where.join(' ')}
              group by t.rebate_code_id, t.booking_id) u
       join rebate_codes rc on rc.id = u.code_id
      where u.uses > 0
      group by u.code_id, rc.sign
      order by count(*) desc, rc.sign`,
    params,
  );
  return rows.map((r) => ({ RebateCodeId: r.id, RebateCodeSign: r.sign, Bookings: Number(r.bookings), AmountMinor: Number(r.amount) }));
}

/** A day's line of the chart. */
export const dayLine = (date: string, sums: Sums | undefined): StatisticsDay => ({
  Date: date,
  Bookings: sums?.Bookings ?? 0,
  RevenueMinor: sums?.RevenueMinor ?? 0,
  Cancellations: sums?.Cancellations ?? 0,
});

export const emptySums = (): Sums => toSums(undefined);
