import type { FastifyInstance } from 'fastify';
import { DateTime } from 'luxon';
import type { TimeException, TimeExceptionQuery } from '../../../schema/availability';
import type { DayOfWeek, IdName } from '../../../schema/common';
import type { CollidingEvent, CollidingEventsQuery, TimeExceptionOccurrence, TimeExceptionReportQuery, TimeExceptionWrite } from '../../../schema/scheduling';
import type { CallerContext } from '../../shared/context';
import type { Db } from '../../db/db';
import { ApiError, ValidationErrors } from '../../shared/errors';
import { messageFor } from '../../shared/messages';
import { ref } from '../../shared/schemas';
import { RANGE_LIMIT_DAYS } from '../../shared/limits';
import { defineResource, ID_FIELD, pageSchema, registerResource } from '../../autoquery/index';
import { CAPACITY_FREEING_STATUSES, expandExceptions, parseLocal, ZoneClock, type ExceptionInterval } from '../../../domain/availability';
import { dayOfWeek } from '../../shared/dayOfWeek';
import { loadTimeExceptions } from './availabilityData';
import { schedulingKey } from './messages';
import { checkOwnIds, companyTimeZone } from './references';
import { startsAfterLongest } from '../../shared/bookingBounds';
import { replaceLinks } from '../../shared/links';

const DAY = 86_400_000;
const FREEING = [...CAPACITY_FREEING_STATUSES];
/** Colliding bookings listed at most (the 409 body and collidingevents). */
const MAX_COLLISIONS = 1000;

const withSeconds = (time: string): string => (time.length === 5 ? `${time}:00` : time);

/** An exception as the engine reads it, from wire values in `clock`'s zone. */
interface ExceptionShape {
  From: string;
  To: string;
  FromTime?: string;
  ToTime?: string;
  IsRecurring: boolean;
  DaysOfWeek: number[];
  ResourceIds: number[];
}

/** The occurrences of an exception, on instants; [] when From/To do not parse. */
function occurrencesOf(shape: ExceptionShape, clock: ZoneClock): ExceptionInterval[] {
  const from = parseLocal(shape.From);
  const to = parseLocal(shape.To);
  if (!from || !to) return [];
  const exception: TimeException = {
    Id: 0,
    From: shape.From,
    To: shape.To,
    FromTime: shape.FromTime ?? '00:00:00',
    ToTime: shape.ToTime ?? '00:00:00',
    IsRecurring: shape.IsRecurring,
    DaysOfWeek: shape.DaysOfWeek.map(dayOfWeek),
    ResourceIds: shape.ResourceIds,
    ReasonText: null,
    ReasonTextPublic: null,
    Color: null,
    BlockTime: true,
    Private: false,
  };
  const start = clock.toInstantLenient(from.local) - DAY;
  const end = clock.toInstantLenient(to.hasTime ? to.local : to.local + DAY) + 2 * DAY;
  return expandExceptions([exception], clock, start, end, false);
}

/**
 * Whether [from, to) overlaps one of the intervals, in O(log n) per question: a ten-year recurring
 * exception has thousands of occurrences and a company may have many bookings in the range.
 */
function overlapCheck(intervals: readonly { start: number; end: number }[]): (from: number, to: number) => boolean {
  const sorted = [...intervals].sort((a, b) => a.start - b.start);
  const reach: number[] = [];
  for (const o of sorted) reach.push(Math.max(o.end, reach.at(-1) ?? -Infinity));
  return (from, to) => {
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sorted[mid].start < to) lo = mid + 1;
      else hi = mid;
    }
    return lo > 0 && reach[lo - 1] > from;
  };
}

/**
 * Bookings holding capacity that overlap an occurrence of the exception, on one of its resources
 * (every booking when it names none), in the caller's wire zone.
 */
export async function collidingBookings(db: Db, ctx: CallerContext, shape: ExceptionShape): Promise<CollidingEvent[]> {
  const companyZone = await companyTimeZone(db, ctx.companyId);
  const occurrences = occurrencesOf(shape, ZoneClock.of(companyZone));
  if (occurrences.length === 0) return [];
  const first = occurrences[0].start;
  const last = Math.max(...occurrences.map((o) => o.end));
  const rows = await db.query<{ id: number; f: number; t: number; service_id: number; service_name: string; status_id: number; customer_id: number | null; customer_name: string | null; resources: IdName[] }>(
    `select b.id, (extract(epoch from b.starts_at) * 1000)::float8 as f, (extract(epoch from b.ends_at) * 1000)::float8 as t,
            b.service_id, s.name as service_name, b.status_id, b.customer_id,
            nullif(trim(coalesce(c.firstname, '') || ' ' || coalesce(c.lastname, '')), '') as customer_name,
            coalesce((select json_agg(json_build_object('Id', r.id, 'Name', r.name) order by r.name) from resources r where r.id = any(b.resource_ids)), '[]') as resources
       from bookings b join services s on s.id = b.service_id left join customers c on c.id = b.customer_id
      where b.company_id = $1 and b.starts_at < $3 and b.ends_at > $2 and ${startsAfterLongest('$2', '$1', 'b')} and b.status_id <> all($4::int[])
        and (cardinality($5::int[]) = 0 or b.resource_ids && $5::int[])
      order by b.starts_at, b.id`,
    [ctx.companyId, new Date(first), new Date(last), FREEING, shape.ResourceIds],
  );
  const wire = ZoneClock.of(ctx.timeZone);
  const hits: CollidingEvent[] = [];
  const overlaps = overlapCheck(occurrences);
  for (const b of rows) {
    if (!overlaps(b.f, b.t)) continue;
    hits.push({
      Id: b.id,
      From: wire.format(b.f),
      To: wire.format(b.t),
      ServiceId: b.service_id,
      ServiceName: b.service_name,
      StatusId: b.status_id,
      CustomerId: b.customer_id,
      CustomerName: b.customer_name,
      Resources: b.resources,
    });
    if (hits.length >= MAX_COLLISIONS) break;
  }
  return hits;
}

/** Wire values of the caller's zone as the company's wall clock (the engine's zone). */
function toCompanyLocal(text: string, callerZone: string, companyZone: string): string {
  if (callerZone === companyZone) return text;
  const parsed = parseLocal(text);
  if (!parsed) return text;
  return ZoneClock.of(companyZone).format(ZoneClock.of(callerZone).toInstantLenient(parsed.local));
}

type StoredException = Omit<TimeException, 'DaysOfWeek'> & { DaysOfWeek: DayOfWeek[] | number[] };

export const timeExceptions = defineResource<TimeException, TimeExceptionWrite, TimeExceptionQuery>({
  entity: 'TimeException',
  path: '/timeexceptions',
  table: 'time_exceptions',
  fields: {
    ...ID_FIELD,
    From: { column: 'from_at', kind: 'datetime' },
    To: { column: 'to_at', kind: 'datetime' },
    FromTime: { column: 'from_time', kind: 'time' },
    ToTime: { column: 'to_time', kind: 'time' },
    IsRecurring: { column: 'is_recurring', kind: 'bool' },
    DaysOfWeek: { column: 'days_of_week', kind: 'json' },
    ReasonText: 'reason_text',
    ReasonTextPublic: 'reason_text_public',
    Color: 'color',
    BlockTime: { column: 'block_time', kind: 'bool' },
    Private: { column: 'private', kind: 'bool' },
  },
  search: ['reason_text', 'reason_text_public'],
  sort: ['Id', 'From', 'To'],
  defaultSort: 'From',
  filters: {
    Id: 'Id',
    From: (value, p, _q, ctx) => {
      const dt = DateTime.fromISO(String(value), { zone: ctx.timeZone });
      if (!dt.isValid) throw ApiError.field(400, 'From', 'InvalidFormat');
      return `t.to_at > ${p.add(dt.toISO())}`;
    },
    To: (value, p, _q, ctx) => {
      const text = String(value);
      const dt = DateTime.fromISO(text, { zone: ctx.timeZone });
      if (!dt.isValid) throw ApiError.field(400, 'To', 'InvalidFormat');
      return `t.from_at < ${p.add((text.length === 10 ? dt.plus({ days: 1 }) : dt).toISO())}`;
    },
    ResourceIds: (value, p) => {
      const ids = (Array.isArray(value) ? value : [value]).map(Number);
      return `(not exists (select 1 from time_exception_resources x where x.time_exception_id = t.id)
               or exists (select 1 from time_exception_resources x where x.time_exception_id = t.id and x.resource_id = any(${p.add(ids)}::int[])))`;
    },
  },
  schemas: { query: 'TimeExceptionQuery', input: 'TimeExceptionWrite', item: 'TimeException' },
  hooks: {
    async beforeWrite(input, w) {
      const errors = new ValidationErrors();
      const from = parseLocal(input.From);
      const to = parseLocal(input.To);
      if (!from) errors.add('From', 'InvalidFormat');
      if (!to) errors.add('To', 'InvalidFormat');
      const recurring = input.IsRecurring ?? w.existing?.IsRecurring ?? false;
      if (from && to && (recurring ? from.local > to.local : from.local >= to.local)) errors.add('From', 'FromAfterTo', { other: 'To' });
      if (from && to && to.local - from.local > RANGE_LIMIT_DAYS.timeException * DAY) errors.add('To', schedulingKey('RangeTooLong'), { other: 'From', limit: RANGE_LIMIT_DAYS.timeException });
      const resourceIds = input.ResourceIds ?? w.existing?.ResourceIds ?? [];
      if (input.ResourceIds) await checkOwnIds(w.db, w.ctx, 'resources', input.ResourceIds, (i) => `ResourceIds[${i}]`, errors);
      errors.throwIfAny();
      const normalized: TimeExceptionWrite = {
        ...input,
        FromTime: input.FromTime ? withSeconds(input.FromTime) : input.FromTime,
        ToTime: input.ToTime ? withSeconds(input.ToTime) : input.ToTime,
        DaysOfWeek: input.DaysOfWeek ? [...new Set(input.DaysOfWeek)].sort((a, b) => a - b) : input.DaysOfWeek,
        ResourceIds: input.ResourceIds ? [...new Set(input.ResourceIds)] : undefined,
        ReasonText: input.ReasonText?.trim() || (input.ReasonText === undefined ? undefined : null),
        ReasonTextPublic: input.ReasonTextPublic?.trim() || (input.ReasonTextPublic === undefined ? undefined : null),
      };
      const blocks = input.BlockTime ?? w.existing?.BlockTime ?? true;
      if (blocks && !input.Force) {
        const companyZone = await companyTimeZone(w.db, w.ctx.companyId);
        const collisions = (
          await collidingBookings(w.db, w.ctx, {
            From: toCompanyLocal(input.From, w.ctx.timeZone, companyZone),
            To: toCompanyLocal(input.To, w.ctx.timeZone, companyZone),
            FromTime: normalized.FromTime ?? w.existing?.FromTime,
            ToTime: normalized.ToTime ?? w.existing?.ToTime,
            IsRecurring: recurring,
            DaysOfWeek: normalized.DaysOfWeek ?? (w.existing?.DaysOfWeek ?? []).map((d) => d.DayOfWeekId),
            ResourceIds: [...new Set(resourceIds)],
          })
        );
        if (collisions.length > 0) {
          throw new ApiError(
            409,
            'CollidingEvents',
            messageFor(w.ctx.lang, schedulingKey('TimeExceptionCollides'), { count: collisions.length }),
            [{ ErrorCode: 'CollidingEvents', FieldName: 'From', Message: messageFor(w.ctx.lang, schedulingKey('TimeExceptionCollides'), { count: collisions.length }) }],
            { CollidingEvents: collisions },
          );
        }
      }
      return { input: normalized };
    },
    async afterWrite(id, input, w) {
      if (input.ResourceIds) await replaceLinks(w.db, w.ctx, 'time_exception_resources', 'time_exception_id', id, 'resource_id', input.ResourceIds);
    },
    async afterRead(records, r) {
      const rows = await r.db.query<{ owner: number; ids: number[] }>(
        `select time_exception_id as owner, array_agg(resource_id order by resource_id) as ids
           from time_exception_resources where company_id = $1 and time_exception_id = any($2::int[]) group by time_exception_id`,
        [r.ctx.companyId, records.map((x) => x.Id)],
      );
      const byId = new Map(rows.map((row) => [row.owner, row.ids]));
      for (const x of records as StoredException[]) {
        x.DaysOfWeek = (x.DaysOfWeek as number[]).map(dayOfWeek);
        x.ResourceIds = byId.get(x.Id) ?? [];
      }
    },
  },
});

/** From and To of a query as local times; each one that is not a date (and time) is added to errors. */
function parseFromTo(q: { From: string; To: string }, errors: ValidationErrors): { from: ReturnType<typeof parseLocal>; to: ReturnType<typeof parseLocal> } {
  const from = parseLocal(q.From);
  const to = parseLocal(q.To);
  if (!from) errors.add('From', 'InvalidFormat');
  if (!to) errors.add('To', 'InvalidFormat');
  return { from, to };
}

/** Time exceptions, their colliding bookings and the report. */
export default async function timeExceptionsArea(app: FastifyInstance): Promise<void> {
  app.get('/timeexceptions/collidingevents', { schema: { querystring: ref('CollidingEventsQuery'), response: { 200: pageSchema('CollidingEvent') } } }, async (request) => {
    const q = request.query as CollidingEventsQuery;
    const ctx = request.ctx;
    const errors = new ValidationErrors();
    const { from, to } = parseFromTo(q, errors);
    if (from && to && from.local > to.local) errors.add('From', 'FromAfterTo', { other: 'To' });
    if (from && to && to.local - from.local > RANGE_LIMIT_DAYS.timeException * DAY) errors.add('To', schedulingKey('RangeTooLong'), { other: 'From', limit: RANGE_LIMIT_DAYS.timeException });
    const resourceIds = q.ResourceIds ? await checkOwnIds(app.db, ctx, 'resources', q.ResourceIds, (i) => `ResourceIds[${i}]`, errors) : [];
    errors.throwIfAny();
    const companyZone = await companyTimeZone(app.db, ctx.companyId);
    const recurring = q.IsRecurring ?? Boolean(q.FromTime || q.ToTime || q.DaysOfWeek?.length);
    const results = await collidingBookings(app.db, ctx, {
      From: toCompanyLocal(q.From, ctx.timeZone, companyZone),
      To: toCompanyLocal(q.To, ctx.timeZone, companyZone),
      FromTime: q.FromTime ? withSeconds(q.FromTime) : undefined,
      ToTime: q.ToTime ? withSeconds(q.ToTime) : undefined,
      IsRecurring: recurring,
      DaysOfWeek: q.DaysOfWeek ?? [],
      ResourceIds: resourceIds,
    });
    return { Offset: 0, Total: results.length, Results: results };
  });

  app.get('/timeexceptions/report', { schema: { querystring: ref('TimeExceptionReportQuery'), response: { 200: pageSchema('TimeExceptionOccurrence') } } }, async (request) => {
    const q = request.query as TimeExceptionReportQuery;
    const ctx = request.ctx;
    const errors = new ValidationErrors();
    const { from, to } = parseFromTo(q, errors);
    const toLocal = to ? (to.hasTime ? to.local : to.local + DAY) : 0;
    if (from && to && from.local > toLocal) errors.add('From', 'FromAfterTo', { other: 'To' });
    if (from && to && toLocal - from.local > RANGE_LIMIT_DAYS.timeExceptionReport * DAY) {
      errors.add('To', schedulingKey('RangeTooLong'), { other: 'From', limit: RANGE_LIMIT_DAYS.timeExceptionReport });
    }
    const resourceIds = q.ResourceIds ? await checkOwnIds(app.db, ctx, 'resources', q.ResourceIds, (i) => `ResourceIds[${i}]`, errors) : null;
    errors.throwIfAny();
    const companyZone = await companyTimeZone(app.db, ctx.companyId);
    const engineClock = ZoneClock.of(companyZone);
    const caller = ZoneClock.of(ctx.timeZone);
    const start = caller.toInstantLenient(from!.local);
    const end = caller.toInstantLenient(toLocal);
    const exceptions = await loadTimeExceptions(app.db, ctx.companyId, engineClock, start, end, resourceIds);
    const names = await app.db.query<IdName>('select id as "Id", name as "Name" from resources where company_id = $1 and id = any($2::int[])', [
      ctx.companyId,
      [...new Set(exceptions.flatMap((e) => e.ResourceIds))],
    ]);
    const nameOf = new Map(names.map((n) => [n.Id, n]));
    const byId = new Map(exceptions.map((e) => [e.Id, e]));
    const results: TimeExceptionOccurrence[] = expandExceptions(exceptions, engineClock, start, end, true).map((o) => {
      const e = byId.get(o.exceptionId)!;
      return {
        TimeExceptionId: Math.max(e.Id, 0),
        ...(e.Id < 0 ? { Source: 'GoogleCalendar' as const } : {}),
        From: caller.format(o.start),
        To: caller.format(o.end),
        IsRecurring: e.IsRecurring,
        BlockTime: e.BlockTime,
        Private: e.Private,
        ReasonText: e.ReasonText,
        ReasonTextPublic: e.ReasonTextPublic,
        Color: e.Color,
        Resources: e.ResourceIds.flatMap((id) => nameOf.get(id) ?? []),
      };
    });
    return { Offset: 0, Total: results.length, Results: results };
  });

  registerResource(app, timeExceptions);
}
