import type { FastifyInstance } from 'fastify';
import { DateTime } from 'luxon';
import type { DateSchedule, RecurringSchedule, RecurringScheduleDate } from '../../../schema/availability';
import type { DayOfWeek, IdName } from '../../../schema/common';
import type {
  DateScheduleQuery,
  DateScheduleTest,
  DateScheduleWrite,
  RecurringScheduleQuery,
  RecurringScheduleTest,
  RecurringScheduleWrite,
  ScheduleTestResponse,
} from '../../../schema/scheduling';
import type { CallerContext } from '../../shared/context';
import type { Db } from '../../db/db';
import { ApiError, ValidationErrors } from '../../shared/errors';
import type { Lang } from '../../shared/messages';
import { ref } from '../../shared/schemas';
import { defineResource, ID_FIELD, pageSchema, registerResource, type SqlParams } from '../../autoquery/index';
import { parseLocal, validateAvailabilityQuery, ZoneClock, type ServiceSpec } from '../../../domain/availability';
import { RANGE_LIMIT_DAYS } from '../../shared/limits';
import { dayOfWeek } from '../../shared/dayOfWeek';
import { availabilityError, loadTimeExceptions } from './availabilityData';
import { availableTimesInSteps } from './timesInSteps';
import { checkOwnIds, checkRangeDays, companyTimeZone, linkedNames } from './references';
import { replaceLinks } from '../../shared/links';
import { checkDateEntries, checkExceptions, normalizeDateEntries, normalizeRecurring, sentDateEntries } from './scheduleRules';

/** Slot steps the schedule editor offers (GET /schedules/recurring/intervals), minutes. */
export const SCHEDULE_INTERVALS = [5, 10, 15, 20, 30, 45, 60, 90, 120, 180, 240];

/** Length of the times a schedule test lists when the request names none (spec: preview duration 30). */
export const DEFAULT_TEST_DURATION = 30;

/** Slot step of a date schedule that names none. */
export const DEFAULT_DATE_INTERVAL = 15;

const MINUTE_WORDS: Record<Lang, (n: number) => string> = {
  sv: (n) => `${n} minuter`,
  en: (n) => `${n} minutes`,
  fi: (n) => `${n} minuuttia`,
  no: (n) => `${n} minutter`,
};

/** Checks the Resources and Services a schedule body names; answers their ids. */
async function checkLinks(db: Db, ctx: CallerContext, input: { Resources?: { Id: number }[]; Services?: { Id: number }[] }, errors: ValidationErrors) {
  const resources = input.Resources ? await checkOwnIds(db, ctx, 'resources', input.Resources.map((r) => r.Id), (i) => `Resources[${i}].Id`, errors) : undefined;
  const services = input.Services ? await checkOwnIds(db, ctx, 'services', input.Services.map((s) => s.Id), (i) => `Services[${i}].Id`, errors) : undefined;
  return { resources, services };
}

/** Which schedule table family: its link tables are `<kind>_schedule_resources` and `<kind>_schedule_services`. */
type ScheduleKind = 'recurring' | 'date';

/** The ServiceId list filter: schedules of this kind connected to any of the given services. */
/** The trimmed name of a body; an empty one is added to errors. */
function requiredName(name: string, errors: ValidationErrors): string {
  const trimmed = name.trim();
  if (!trimmed) errors.add('Name', 'NotEmpty');
  return trimmed;
}

/** The fields both kinds of schedule have. */
const SCHEDULE_FIELDS = {
  ...ID_FIELD,
  Name: 'name',
  Description: 'description',
  Active: { column: 'active', kind: 'bool' },
  TimeInterval: { column: 'time_interval', kind: 'int' },
} as const;

/** The filters both kinds of schedule offer: Id, Active and ServiceId (schedules linked to those services). */
function scheduleFilters(kind: ScheduleKind) {
  const ServiceId = (value: unknown, p: SqlParams) =>
    `exists (select 1 from ${kind}_schedule_services l where l.schedule_id = t.id and l.service_id = any(${p.add((Array.isArray(value) ? value : [value]).map(Number))}::int[]))`;
  return { Id: 'Id', Active: 'Active', ServiceId } as const;
}

/** Replaces the Resources and Services links of one schedule, each only when the body names it. */
async function writeScheduleLinks(db: Db, ctx: CallerContext, kind: ScheduleKind, id: number, input: { Resources?: { Id: number }[]; Services?: { Id: number }[] }) {
  if (input.Resources) await replaceLinks(db, ctx, `${kind}_schedule_resources`, 'schedule_id', id, 'resource_id', input.Resources.map((r) => r.Id));
  if (input.Services) await replaceLinks(db, ctx, `${kind}_schedule_services`, 'schedule_id', id, 'service_id', input.Services.map((s) => s.Id));
}

/** Sets the linked Resources and Services on each schedule of a page. */
async function attachScheduleLinks(db: Db, ctx: CallerContext, kind: ScheduleKind, records: { Id: number; Resources: IdName[]; Services: IdName[] }[]): Promise<void> {
  const ids = records.map((x) => x.Id);
  const [resources, services] = await Promise.all([
    linkedNames(db, ctx, `${kind}_schedule_resources`, 'schedule_id', 'resource_id', 'resources', ids),
    linkedNames(db, ctx, `${kind}_schedule_services`, 'schedule_id', 'service_id', 'services', ids),
  ]);
  for (const x of records) {
    x.Resources = resources.get(x.Id) ?? [];
    x.Services = services.get(x.Id) ?? [];
  }
}

/** What both kinds of schedule declare alike: search, sort (`sort`), default order, filters and the contract's schema names. */
function scheduleListing<K extends string>(kind: ScheduleKind, sort: K[]) {
  const type = kind === 'recurring' ? 'RecurringSchedule' : 'DateSchedule';
  return { search: ['name', 'description'], sort, defaultSort: 'Name', filters: scheduleFilters(kind), schemas: { query: `${type}Query`, input: `${type}Write`, item: type } };
}

type StoredRecurring = Omit<RecurringSchedule, 'DaysOfWeek'> & { DaysOfWeek: DayOfWeek[] | number[] };

export const recurringSchedules = defineResource<RecurringSchedule, RecurringScheduleWrite, RecurringScheduleQuery>({
  entity: 'RecurringSchedule',
  path: '/schedules/recurring',
  table: 'recurring_schedules',
  fields: {
    ...SCHEDULE_FIELDS,
    ValidFrom: { column: 'valid_from', kind: 'date' },
    ValidTo: { column: 'valid_to', kind: 'date' },
    StartTime: { column: 'start_time', kind: 'time' },
    EndTime: { column: 'end_time', kind: 'time' },
    NumberOfScheduleDays: { column: 'number_of_schedule_days', kind: 'int' },
    IsResourceSpecific: { column: 'is_resource_specific', kind: 'bool' },
    EnableBookingUntilClosingTime: { column: 'enable_booking_until_closing_time', kind: 'bool' },
    IsFixedTimes: { column: 'is_fixed_times', kind: 'bool' },
    DaysOfWeek: { column: 'days_of_week', kind: 'json' },
    Exceptions: { column: 'exceptions', kind: 'json' },
    Created: { column: 'created', kind: 'datetime', readOnly: true },
  },
  ...scheduleListing('recurring', ['Id', 'Name', 'Active', 'StartTime', 'ValidFrom', 'ValidTo', 'Created']),
  hooks: {
    checkInput(body, refuse) {
      const errors = new ValidationErrors();
      checkExceptions(body.Exceptions, errors);
      errors.refuseEach(refuse);
    },
    async beforeWrite(input, w) {
      const errors = new ValidationErrors();
      const name = requiredName(input.Name, errors);
      const normalized = normalizeRecurring(input, errors, w.existing?.ScheduleDates);
      await checkLinks(w.db, w.ctx, input, errors);
      errors.throwIfAny();
      return { input: { ...normalized, Name: name, Description: input.Description?.trim() || null } };
    },
    async afterWrite(id, input, w) {
      if (input.ScheduleDates) {
        await w.db.query('delete from recurring_schedule_dates where schedule_id = $1 and company_id = $2', [id, w.ctx.companyId]);
        for (const d of input.ScheduleDates) {
          await w.db.query(
            'insert into recurring_schedule_dates (company_id, schedule_id, date, day_of_week_id, start_time, end_time) values ($1, $2, $3, $4, $5, $6)',
            [w.ctx.companyId, id, d.Date ?? null, d.DayOfWeekId ?? null, d.StartTime, d.EndTime],
          );
        }
      }
      await writeScheduleLinks(w.db, w.ctx, 'recurring', id, input);
    },
    async afterRead(records, r) {
      const ids = records.map((x) => x.Id);
      const [dates] = await Promise.all([
        r.db.query<RecurringScheduleDate & { owner: number }>(
          `select schedule_id as owner, id as "Id", to_char(date, 'YYYY-MM-DD') as "Date", day_of_week_id as "DayOfWeekId",
                  to_char(start_time, 'HH24:MI:SS') as "StartTime", to_char(end_time, 'HH24:MI:SS') as "EndTime"
             from recurring_schedule_dates where company_id = $1 and schedule_id = any($2::int[]) order by date nulls first, start_time, id`,
          [r.ctx.companyId, ids],
        ),
        attachScheduleLinks(r.db, r.ctx, 'recurring', records),
      ]);
      for (const x of records as StoredRecurring[]) {
        x.DaysOfWeek = (x.DaysOfWeek as number[]).map(dayOfWeek);
        x.ScheduleDates = dates.filter((d) => d.owner === x.Id).map(({ owner: _owner, ...d }) => d);
      }
    },
  },
});

export const dateSchedules = defineResource<DateSchedule, DateScheduleWrite, DateScheduleQuery>({
  entity: 'DateSchedule',
  path: '/schedules/date',
  table: 'date_schedules',
  fields: {
    ...SCHEDULE_FIELDS,
    IsResourceSpecific: { column: 'is_resource_specific', kind: 'bool' },
    Created: { column: 'created', kind: 'datetime', readOnly: true },
  },
  ...scheduleListing('date', ['Id', 'Name', 'Active', 'Created']),
  hooks: {
    checkInput(body, refuse) {
      const entries = sentDateEntries(body.ScheduleDates);
      const errors = new ValidationErrors();
      if (entries) checkDateEntries(entries, errors);
      errors.refuseEach(refuse);
    },
    async beforeWrite(input, w) {
      const errors = new ValidationErrors();
      const name = requiredName(input.Name, errors);
      const entries = checkDateEntries(input.ScheduleDates, errors);
      await checkLinks(w.db, w.ctx, input, errors);
      errors.throwIfAny();
      return {
        input: {
          ...input,
          Name: name,
          Description: input.Description?.trim() || null,
          ScheduleDates: entries,
          TimeInterval: input.TimeInterval ?? (w.existing ? undefined : DEFAULT_DATE_INTERVAL),
          IsResourceSpecific: input.IsResourceSpecific ?? (w.existing ? undefined : (input.Resources?.length ?? 0) > 0),
        },
      };
    },
    async afterWrite(id, input, w) {
      await w.db.query('delete from date_schedule_dates where schedule_id = $1 and company_id = $2', [id, w.ctx.companyId]);
      for (const entry of input.ScheduleDates) {
        const from = DateTime.fromISO(entry.From, { zone: w.ctx.timeZone });
        const to = DateTime.fromISO(entry.To, { zone: w.ctx.timeZone });
        await w.db.query('insert into date_schedule_dates (company_id, schedule_id, from_at, to_at) values ($1, $2, $3, $4)', [
          w.ctx.companyId,
          id,
          from.toISO(),
          to.toISO(),
        ]);
      }
      await writeScheduleLinks(w.db, w.ctx, 'date', id, input);
    },
    async afterRead(records, r) {
      const ids = records.map((x) => x.Id);
      const clock = ZoneClock.of(r.ctx.timeZone);
      const [dates] = await Promise.all([
        r.db.query<{ owner: number; id: number; f: number; t: number }>(
          `select schedule_id as owner, id, (extract(epoch from from_at) * 1000)::float8 as f, (extract(epoch from to_at) * 1000)::float8 as t
             from date_schedule_dates where company_id = $1 and schedule_id = any($2::int[]) order by from_at, id`,
          [r.ctx.companyId, ids],
        ),
        attachScheduleLinks(r.db, r.ctx, 'date', records),
      ]);
      for (const x of records) {
        x.ScheduleDates = dates.filter((d) => d.owner === x.Id).map((d) => ({ Id: d.id, From: clock.format(d.f), To: clock.format(d.t) }));
      }
    },
  },
});

/**
 * The times unsaved schedules would offer in a window: a one-spot "service" of the test's
 * Duration on the schedules' resources (or on its own without any), with the company's time
 * exceptions for those resources and for everything. Bookings are not counted.
 */
async function testTimes(
  db: Db,
  ctx: CallerContext,
  schedules: { recurring: RecurringSchedule[]; dated: DateSchedule[] },
  resourceIds: readonly number[],
  window: { From: string; To: string; Duration?: number },
): Promise<ScheduleTestResponse> {
  checkRangeDays(window.From, window.To, RANGE_LIMIT_DAYS.scheduleTest);
  const timeZone = await companyTimeZone(db, ctx.companyId);
  const clock = ZoneClock.of(timeZone);
  const duration = window.Duration ?? DEFAULT_TEST_DURATION;
  const service: ServiceSpec = {
    id: 0,
    duration,
    flexibleDuration: false,
    totalSpots: 1,
    requirements:
      resourceIds.length === 0 ? [] : [{ resourceTypeId: 0, count: 1, customerMayPick: false, resources: resourceIds.map((id) => ({ id, active: true, priority: 0 })) }],
  };
  const from = parseLocal(window.From);
  const to = parseLocal(window.To);
  const toLocal = to ? (to.hasTime ? to.local : to.local + 86_400_000) : null;
  const exceptions =
    from && toLocal !== null && toLocal > from.local
      ? await loadTimeExceptions(db, ctx.companyId, clock, clock.toInstantLenient(from.local), clock.toInstantLenient(toLocal) + duration * 60_000, resourceIds)
      : [];
  const data = { timeZone, service, recurringSchedules: schedules.recurring, dateSchedules: schedules.dated, exceptions, bookings: [], now: Date.now(), showPrivateReasons: true };
  const query = { From: window.From, To: window.To, Duration: duration };
  const checked = validateAvailabilityQuery(query, service, timeZone);
  if (!checked.ok) throw availabilityError(checked.errors, ctx.lang, timeZone);
  return { Times: await availableTimesInSteps(data, query, checked.value, ctx.lang) };
}

/** Recurring and date schedules with their test calls and the interval list. */
export default async function schedulesArea(app: FastifyInstance): Promise<void> {
  app.get('/schedules/recurring/intervals', { schema: { response: { 200: pageSchema('CodeName') } } }, async (request) => {
    const words = MINUTE_WORDS[request.ctx.lang];
    const results = SCHEDULE_INTERVALS.map((n) => ({ Id: n, Name: words(n) }));
    return { Offset: 0, Total: results.length, Results: results };
  });

  app.post('/schedules/recurring/test', { schema: { body: ref('RecurringScheduleTest'), response: { 200: ref('ScheduleTestResponse') } } }, async (request) => {
    const body = request.body as RecurringScheduleTest;
    const errors = new ValidationErrors();
    const input = normalizeRecurring(body, errors);
    const { resources } = await checkLinks(app.db, request.ctx, body, errors);
    errors.throwIfAny();
    const schedule: RecurringSchedule = {
      Id: 0,
      Name: input.Name ?? '',
      Description: null,
      Active: true,
      TimeInterval: input.TimeInterval,
      ValidFrom: input.ValidFrom ?? null,
      ValidTo: input.ValidTo ?? null,
      StartTime: input.StartTime,
      EndTime: input.EndTime,
      NumberOfScheduleDays: input.NumberOfScheduleDays ?? null,
      IsResourceSpecific: input.IsResourceSpecific ?? false,
      EnableBookingUntilClosingTime: input.EnableBookingUntilClosingTime ?? false,
      IsFixedTimes: input.IsFixedTimes ?? false,
      DaysOfWeek: input.DaysOfWeek.map(dayOfWeek),
      Exceptions: input.Exceptions ?? [],
      ScheduleDates: input.ScheduleDates ?? [],
      Resources: (resources ?? []).map((id) => ({ Id: id, Name: '' })),
      Services: [],
    };
    return testTimes(app.db, request.ctx, { recurring: [schedule], dated: [] }, resources ?? [], body);
  });

  app.post('/schedules/date/test', { schema: { body: ref('DateScheduleTest'), response: { 200: ref('ScheduleTestResponse') } } }, async (request) => {
    const body = request.body as DateScheduleTest;
    const errors = new ValidationErrors();
    const entries = normalizeDateEntries(body.ScheduleDates, errors);
    const { resources } = await checkLinks(app.db, request.ctx, body, errors);
    errors.throwIfAny();
    const schedule: DateSchedule = {
      Id: 0,
      Name: body.Name ?? '',
      Description: null,
      Active: true,
      TimeInterval: body.TimeInterval ?? DEFAULT_DATE_INTERVAL,
      IsResourceSpecific: body.IsResourceSpecific ?? (resources ?? []).length > 0,
      ScheduleDates: entries,
      Resources: (resources ?? []).map((id) => ({ Id: id, Name: '' })),
      Services: [],
    };
    return testTimes(app.db, request.ctx, { recurring: [], dated: [schedule] }, resources ?? [], body);
  });

  registerResource(app, recurringSchedules);
  registerResource(app, dateSchedules);
}

/** 404 naming the schedule unless it is one of the caller's company. */
export async function assertOwnSchedule(db: Db, ctx: CallerContext, kind: 'recurring_schedules' | 'date_schedules', id: number): Promise<{ name: string; active: boolean }> {
  const row = await db.one<{ name: string; active: boolean }>(`select name, active from ${kind} where id = $1 and company_id = $2`, [id, ctx.companyId]);
  if (!row) throw ApiError.notFound(kind === 'recurring_schedules' ? 'RecurringSchedule' : 'DateSchedule', id);
  return row;
}
