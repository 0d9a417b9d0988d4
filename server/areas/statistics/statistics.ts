/**
 * GET /statistics (plan area 'statistics'): a range's figures beside the range compared with, per
 * service, resource, administrator or customer group, with days, the heat map and promo codes.
 * GET /statistics/today (every plan; who may read bookings may read it): the dashboard's day by hour
 * and each resource's week ahead.
 */
import type { FastifyInstance } from 'fastify';
import { DateTime } from 'luxon';
import type { Statistics, StatisticsFigures, StatisticsGroup, StatisticsGroupBy, StatisticsQuery, StatisticsToday } from '../../../schema/statistics';
import type { Db } from '../../db/db';
import type { Lang } from '../../shared/messages';
import { checkFieldsEarly } from '../../shared/errors';
import { requirePlanArea } from '../../shared/planLimits';
import { ref } from '../../shared/schemas';
import { dayWindow } from '../../../domain/statistics/openTime';
import { dayHours, dayLine, emptySums, groupSums, promoCodes, rangeSums, type StatisticsFilter, type Sums } from './figures';
import { words } from './messages';
import { groupOpenMinutes, loadCalendars, openSummary } from './occupancy';
import { checkRanges, daysOf, resolveRanges, type DayRange } from './range';

interface CompanyRow {
  time_zone: string;
  currency_id: string;
}

const company = (db: Db, companyId: number): Promise<CompanyRow | undefined> =>
  db.one<CompanyRow>('select time_zone, currency_id from companies where id = $1', [companyId]);

/** Sums with their open time: occupancy where it is reckoned. */
function figures(sums: Sums, openMinutes: number | null): StatisticsFigures {
  const { bookedMinutes, ...rest } = sums;
  const booked = openMinutes === null ? null : Math.round(bookedMinutes);
  return { ...rest, OpenMinutes: openMinutes === null ? null : Math.round(openMinutes), BookedMinutes: booked, Occupancy: openMinutes ? bookedMinutes / openMinutes : null };
}

/** The names of the groups' ids. */
async function groupNames(db: Db, companyId: number, groupBy: StatisticsGroupBy, ids: readonly number[], lang: Lang): Promise<Map<number, string>> {
  const names = new Map<number, string>();
  if (groupBy === 'customerGroup') {
    names.set(0, words.noCustomer[lang]).set(1, words.newCustomers[lang]).set(2, words.returningCustomers[lang]);
    return names;
  }
  const table = { service: 'services', resource: 'resources', administrator: 'users' }[groupBy];
  const name = groupBy === 'administrator' ? `coalesce(nullif(trim(firstname || ' ' || lastname), ''), email)` : 'name';
  const rows = await db.query<{ id: number; name: string }>(`select id, ${name} as name from ${table} where company_id = $1 and id = any($2::int[])`, [companyId, [...ids]]);
  for (const row of rows) names.set(row.id, row.name);
  names.set(0, groupBy === 'resource' ? words.noResource[lang] : groupBy === 'administrator' ? words.byCustomer[lang] : '');
  return names;
}

export default async function statistics(app: FastifyInstance): Promise<void> {
  const rules = checkFieldsEarly((request, refuse) => checkRanges((request.query ?? {}) as Record<string, unknown>, refuse));

  app.get(
    '/statistics',
    { preValidation: rules, preHandler: requirePlanArea('statistics'), schema: { querystring: ref('StatisticsQuery'), response: { 200: ref('Statistics') } } },
    async (request): Promise<Statistics> => {
      const { ctx } = request;
      const query = request.query as StatisticsQuery;
      const { time_zone: timeZone, currency_id: currencyId } = (await company(app.db, ctx.companyId))!;
      const today = DateTime.now().setZone(timeZone).toISODate()!;
      const { range, compare } = resolveRanges(query, today);
      const groupBy = query.GroupBy ?? 'service';
      const filter: StatisticsFilter = {
        companyId: ctx.companyId,
        serviceIds: query.ServiceIds?.length ? query.ServiceIds : null,
        resourceIds: query.ResourceIds?.length ? query.ResourceIds : null,
      };
      const window = (r: DayRange) => dayWindow(timeZone, r.from, r.to);
      const [w1, w2] = [window(range), window(compare)];
      const [sums, groups, codes, calendars] = await Promise.all([
        rangeSums(app.db, filter, range, compare),
        groupSums(app.db, filter, range, compare, groupBy),
        promoCodes(app.db, filter, range, timeZone),
        loadCalendars(app, app.db, ctx.companyId, filter.serviceIds, Math.min(w1.from, w2.from), Math.max(w1.to, w2.to)),
      ]);
      const open = [openSummary(timeZone, calendars, w1.from, w1.to, filter.resourceIds), openSummary(timeZone, calendars, w2.from, w2.to, filter.resourceIds)];
      const reckoned = groupBy === 'service' || groupBy === 'resource';
      // Resources and services open in the range are rows even without bookings (their occupancy is 0).
      if (reckoned) {
        const openIds = groupBy === 'resource' ? [...open[0].open.resources.keys()].filter((id) => !filter.resourceIds || filter.resourceIds.includes(id)) : [...open[0].open.services.keys()];
        for (const id of openIds) if (!groups.has(id)) groups.set(id, [emptySums(), emptySums()]);
      }
      const names = await groupNames(app.db, ctx.companyId, groupBy, [...groups.keys()], ctx.lang);
      const groupRows = [...groups.entries()].map(([id, [now, before]]): StatisticsGroup => {
        const openOf = (i: 0 | 1): number | null => (reckoned ? groupOpenMinutes(open[i].open, groupBy, id, filter.resourceIds) : null);
        return { Id: id, Name: names.get(id) ?? String(id), Figures: figures(now, openOf(0)), Compare: figures(before, openOf(1)) };
      });
      groupRows.sort((a, b) => b.Figures.Bookings - a.Figures.Bookings || b.Compare.Bookings - a.Compare.Bookings || a.Name.localeCompare(b.Name));
      return {
        From: range.from,
        To: range.to,
        CompareFrom: compare.from,
        CompareTo: compare.to,
        GroupBy: groupBy,
        CurrencyId: currencyId,
        TimeZone: timeZone,
        Totals: figures(sums.totals[0], open[0].total),
        CompareTotals: figures(sums.totals[1], open[1].total),
        Groups: groupRows,
        Days: daysOf(range).map((day) => dayLine(day, sums.days[0].get(day))),
        CompareDays: daysOf(compare).map((day) => dayLine(day, sums.days[1].get(day))),
        HeatMap: sums.heat,
        PromoCodes: codes,
      };
    },
  );

  app.get(
    '/statistics/today',
    { config: { permission: { area: 'bookings', action: 'read' } }, schema: { querystring: ref('StatisticsTodayQuery'), response: { 200: ref('StatisticsToday') } } },
    async (request): Promise<StatisticsToday> => {
      const { ctx } = request;
      const { time_zone: timeZone } = (await company(app.db, ctx.companyId))!;
      const now = DateTime.now().setZone(timeZone);
      const week: DayRange = { from: now.toISODate()!, to: now.plus({ days: 6 }).toISODate()! };
      const filter: StatisticsFilter = { companyId: ctx.companyId, serviceIds: null, resourceIds: null };
      const w = dayWindow(timeZone, week.from, week.to);
      const [hours, perResource, calendars, resources] = await Promise.all([
        dayHours(app.db, ctx.companyId, week.from),
        groupSums(app.db, filter, week, week, 'resource'),
        loadCalendars(app, app.db, ctx.companyId, null, w.from, w.to),
        app.db.query<{ id: number; name: string }>('select id, name from resources where company_id = $1 and active order by priority, name, id', [ctx.companyId]),
      ]);
      const open = openSummary(timeZone, calendars, w.from, w.to, null).open;
      return {
        Date: week.from,
        Now: now.toFormat("yyyy-MM-dd'T'HH:mm:ss"),
        Hours: hours,
        WeekAhead: resources.map((r) => {
          const openMinutes = open.resources.get(r.id) ?? 0;
          const booked = (perResource.get(r.id) ?? [emptySums()])[0].bookedMinutes;
          return { ResourceId: r.id, Name: r.name, OpenMinutes: Math.round(openMinutes), BookedMinutes: Math.round(booked), Occupancy: openMinutes > 0 ? booked / openMinutes : null };
        }),
      };
    },
  );
}
