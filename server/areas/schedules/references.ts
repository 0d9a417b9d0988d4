import type { IdName } from '../../../schema/common';
import type { CallerContext } from '../../shared/context';
import type { Db } from '../../db/db';
import { ApiError, ValidationErrors } from '../../shared/errors';
import { DAY_MS } from '../../shared/limits';
import { parseLocal } from '../../../domain/availability';
import { schedulingKey, schedulingWords } from './messages';

type Referenced = 'resources' | 'services' | 'resource_types' | 'recurring_schedules' | 'date_schedules';

const WORDS: Record<Referenced, keyof typeof schedulingWords> = {
  resources: 'resource',
  services: 'service',
  resource_types: 'resourceType',
  recurring_schedules: 'recurringSchedule',
  date_schedules: 'dateSchedule',
};

/**
 * Checks that every id names a row of the caller's company in `table`; collects a 400 for each
 * one that does not (another company's id is treated exactly like an unknown one) and for
 * repeats. Answers the distinct ids in the given order.
 * @example
 * const ids = await checkOwnIds(db, ctx, 'resources', input.ResourceIds ?? [], (i) => `ResourceIds[${i}]`, errors);
 */
export async function checkOwnIds(
  db: Db,
  ctx: CallerContext,
  table: Referenced,
  ids: readonly number[],
  fieldOf: (index: number) => string,
  errors: ValidationErrors,
): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.query<{ id: number }>(`select id from ${table} where company_id = $1 and id = any($2::int[])`, [ctx.companyId, [...new Set(ids)]]);
  const known = new Set(rows.map((r) => r.id));
  const seen = new Set<number>();
  ids.forEach((id, index) => {
    if (!known.has(id)) errors.add(fieldOf(index), schedulingKey('UnknownSchedulingReference'), { what: schedulingWords[WORDS[table]][ctx.lang] });
    else if (seen.has(id)) errors.add(fieldOf(index), schedulingKey('Duplicate'));
    seen.add(id);
  });
  return [...seen].filter((id) => known.has(id));
}

/**
 * The linked rows of several owners in one query, as Id/Name pairs keyed by owner id.
 * @example const services = await linkedNames(db, ctx, 'recurring_schedule_services', 'schedule_id', 'service_id', 'services', [1, 2]);
 */
export async function linkedNames(
  db: Db,
  ctx: CallerContext,
  table: string,
  ownerColumn: string,
  column: string,
  target: 'services' | 'resources' | 'resource_types',
  ownerIds: readonly number[],
): Promise<Map<number, IdName[]>> {
  const out = new Map<number, IdName[]>();
  if (ownerIds.length === 0) return out;
  const rows = await db.query<{ owner: number; Id: number; Name: string }>(
    `select l.${ownerColumn} as owner, x.id as "Id", x.name as "Name"
       from ${table} l join ${target} x on x.id = l.${column}
      where l.company_id = $1 and l.${ownerColumn} = any($2::int[])
      order by x.name, x.id`,
    [ctx.companyId, [...ownerIds]],
  );
  for (const row of rows) {
    const list = out.get(row.owner) ?? [];
    list.push({ Id: row.Id, Name: row.Name });
    out.set(row.owner, list);
  }
  return out;
}

/** The company's IANA zone: schedules are wall-clock times there. */
export async function companyTimeZone(db: Db, companyId: number): Promise<string> {
  const row = await db.one<{ time_zone: string }>('select time_zone from companies where id = $1', [companyId]);
  return row?.time_zone ?? 'Europe/Stockholm';
}

/**
 * 400 on To (RangeTooLong, naming the limit) when the wall-clock window From–To is longer than
 * `days`; a To without a time means the end of that day. Malformed dates are left to the caller's
 * own checks.
 * @example checkRangeDays('2026-01-01', '2026-12-31', RANGE_LIMIT_DAYS.availableTimes) // throws 400 To
 */
export function checkRangeDays(fromText: string, toText: string, days: number): void {
  const from = parseLocal(fromText);
  const to = parseLocal(toText);
  if (!from || !to) return;
  const toLocal = to.hasTime ? to.local : to.local + DAY_MS;
  if (toLocal - from.local > days * DAY_MS) throw ApiError.field(400, 'To', schedulingKey('RangeTooLong'), { other: 'From', limit: days });
}
