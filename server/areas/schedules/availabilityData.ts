import type { DateSchedule, RecurringSchedule, RecurringScheduleDate, ScheduleException, TimeException } from '../../../schema/availability';
import type { DayOfWeek } from '../../../schema/common';
import type { Db, SqlParam } from '../../db/db';
import { ApiError, ValidationErrors } from '../../shared/errors';
import type { Lang } from '../../shared/messages';
import {
  AvailabilityValidationError,
  CAPACITY_FREEING_STATUSES,
  ZoneClock,
  type AvailabilityData,
  type AvailabilityFieldError,
  type BookingLoad,
  type Instant,
  type ResourceRequirement,
  type ServiceSpec,
} from '../../../domain/availability';
import { dayOfWeek } from '../../shared/dayOfWeek';
import { startsAfterLongest } from '../../shared/bookingBounds';
import { schedulingKey, schedulingWords } from './messages';

const DAY = 86_400_000;
const FREEING = [...CAPACITY_FREEING_STATUSES];

/** The service as the engine sees it, with the company's zone; undefined when not the company's. */
export async function loadServiceSpec(db: Db, companyId: number, serviceId: number): Promise<{ service: ServiceSpec; timeZone: string } | undefined> {
  const [row, requirements] = await Promise.all([
    db.one<{
      duration: number;
      min_duration: number;
      max_duration: number;
      duration_interval: number;
      duration_type_id: number;
      total_spots: number;
      multiple_resource: { Active?: boolean; Min?: number; Max?: number } | null;
      time_zone: string;
    }>(
      `select s.duration, s.min_duration, s.max_duration, s.duration_interval, s.duration_type_id, s.total_spots, s.multiple_resource, c.time_zone
         from services s join companies c on c.id = s.company_id
        where s.id = $1 and s.company_id = $2`,
      [serviceId, companyId],
    ),
    db.query<{ type_id: number; count: number; pick: boolean; resources: { id: number; active: boolean; priority: number }[] }>(
      `select srt.resource_type_id as type_id, srt.number_of_resources as count, srt.selectable_by_user as pick,
              coalesce(json_agg(json_build_object('id', r.id, 'active', r.active, 'priority', r.priority) order by r.priority, r.id)
                         filter (where r.id is not null), '[]') as resources
         from service_resource_types srt
         left join resource_type_resources m on m.resource_type_id = srt.resource_type_id
         left join resources r on r.id = m.resource_id
               and (srt.all_resources or exists (select 1 from service_resources sr
                     where sr.service_id = srt.service_id and sr.resource_type_id = srt.resource_type_id and sr.resource_id = r.id))
        where srt.service_id = $1 and srt.company_id = $2
        group by srt.resource_type_id, srt.number_of_resources, srt.selectable_by_user, srt.sort_order
        order by srt.sort_order, srt.resource_type_id`,
      [serviceId, companyId],
    ),
  ]);
  if (!row) return undefined;
  const multiple = row.multiple_resource?.Active ? { min: Number(row.multiple_resource.Min ?? 1), max: Number(row.multiple_resource.Max ?? 1) } : null;
  return {
    timeZone: row.time_zone,
    service: {
      id: serviceId,
      duration: row.duration,
      flexibleDuration: row.duration_type_id === 2 || row.duration_type_id === 3,
      minDuration: row.min_duration,
      maxDuration: row.max_duration,
      durationInterval: row.duration_interval,
      totalSpots: row.total_spots,
      requirements: requirements.map((r): ResourceRequirement => ({ resourceTypeId: r.type_id, count: r.count, customerMayPick: r.pick, resources: r.resources })),
      multipleResource: multiple,
    },
  };
}

interface RecurringRow {
  id: number;
  name: string;
  time_interval: number;
  valid_from: string | null;
  valid_to: string | null;
  start_time: string;
  end_time: string;
  number_of_schedule_days: number | null;
  is_resource_specific: boolean;
  enable_booking_until_closing_time: boolean;
  is_fixed_times: boolean;
  days_of_week: number[];
  exceptions: ScheduleException[];
  dates: RecurringScheduleDate[];
  resources: number[];
}

const days = (ids: readonly number[]): DayOfWeek[] => ids.map(dayOfWeek);

/** Active recurring schedules connected to a service, as the engine reads them. */
export async function loadRecurringSchedules(db: Db, companyId: number, serviceId: number): Promise<RecurringSchedule[]> {
  const rows = await db.query<RecurringRow>(
    `select rs.id, rs.name, rs.time_interval, to_char(rs.valid_from, 'YYYY-MM-DD') as valid_from, to_char(rs.valid_to, 'YYYY-MM-DD') as valid_to,
            to_char(rs.start_time, 'HH24:MI:SS') as start_time, to_char(rs.end_time, 'HH24:MI:SS') as end_time,
            rs.number_of_schedule_days, rs.is_resource_specific, rs.enable_booking_until_closing_time, rs.is_fixed_times,
            rs.days_of_week, rs.exceptions,
            coalesce((select json_agg(json_build_object('Id', d.id, 'Date', to_char(d.date, 'YYYY-MM-DD'), 'DayOfWeekId', d.day_of_week_id,
                                                        'StartTime', to_char(d.start_time, 'HH24:MI:SS'), 'EndTime', to_char(d.end_time, 'HH24:MI:SS')) order by d.id)
                        from recurring_schedule_dates d where d.schedule_id = rs.id), '[]') as dates,
            coalesce((select json_agg(x.resource_id) from recurring_schedule_resources x where x.schedule_id = rs.id), '[]') as resources
       from recurring_schedules rs join recurring_schedule_services l on l.schedule_id = rs.id
      where l.service_id = $1 and rs.company_id = $2 and rs.active`,
    [serviceId, companyId],
  );
  return rows.map((r) => ({
    ...activeSchedule(r),
    ValidFrom: r.valid_from,
    ValidTo: r.valid_to,
    StartTime: r.start_time,
    EndTime: r.end_time,
    NumberOfScheduleDays: r.number_of_schedule_days,
    IsResourceSpecific: r.is_resource_specific,
    EnableBookingUntilClosingTime: r.enable_booking_until_closing_time,
    IsFixedTimes: r.is_fixed_times,
    DaysOfWeek: days(r.days_of_week),
    Exceptions: r.exceptions,
    ScheduleDates: r.dates.map((d) => ({ ...d, Date: d.Date ?? null })),
    Resources: r.resources.map((id) => ({ Id: id, Name: '' })),
    Services: [{ Id: serviceId, Name: '' }],
  }));
}

/** The fields every schedule the engine loads shares: only active schedules are loaded. */
function activeSchedule(r: { id: number; name: string; time_interval: number }): { Id: number; Name: string; Description: null; Active: true; TimeInterval: number } {
  return { Id: r.id, Name: r.name, Description: null, Active: true, TimeInterval: r.time_interval };
}

/** Active date schedules connected to a service, with their dates overlapping [from, to). */
export async function loadDateSchedules(db: Db, companyId: number, serviceId: number, clock: ZoneClock, from: Instant, to: Instant): Promise<DateSchedule[]> {
  const rows = await db.query<{ id: number; name: string; time_interval: number; is_resource_specific: boolean; dates: { f: number; t: number }[]; resources: number[] }>(
    `select ds.id, ds.name, ds.time_interval, ds.is_resource_specific,
            coalesce((select json_agg(json_build_object('f', extract(epoch from d.from_at) * 1000, 't', extract(epoch from d.to_at) * 1000) order by d.from_at)
                        from date_schedule_dates d where d.schedule_id = ds.id and d.from_at < $4 and d.to_at > $3), '[]') as dates,
            coalesce((select json_agg(x.resource_id) from date_schedule_resources x where x.schedule_id = ds.id), '[]') as resources
       from date_schedules ds join date_schedule_services l on l.schedule_id = ds.id
      where l.service_id = $1 and ds.company_id = $2 and ds.active`,
    [serviceId, companyId, new Date(from), new Date(to)],
  );
  return rows.map((r) => ({
    ...activeSchedule(r),
    IsResourceSpecific: r.is_resource_specific,
    ScheduleDates: r.dates.map((d) => ({ From: clock.format(Number(d.f)), To: clock.format(Number(d.t)) })),
    Resources: r.resources.map((id) => ({ Id: id, Name: '' })),
    Services: [{ Id: serviceId, Name: '' }],
  }));
}

interface ExceptionRow {
  id: number;
  f: number;
  t: number;
  from_time: string;
  to_time: string;
  is_recurring: boolean;
  days_of_week: number[];
  resource_ids: number[];
  reason_text: string | null;
  reason_text_public: string | null;
  color: string | null;
  block_time: boolean;
  private: boolean;
}

/**
 * Time exceptions that may touch [from, to) (two days of margin for recurring ones), limited to
 * those for every resource or for one of `resourceIds`; From/To as local times on `clock`. The busy
 * times read from the company's Google calendars (google_busy_times, issue 33) come along as closing,
 * private exceptions with negative ids.
 */
export async function loadTimeExceptions(db: Db, companyId: number, clock: ZoneClock, from: Instant, to: Instant, resourceIds: readonly number[] | null): Promise<TimeException[]> {
  const params: SqlParam[] = [companyId, new Date(from - 2 * DAY), new Date(to + 2 * DAY)];
  let resourceFilter = '';
  if (resourceIds) {
    params.push([...resourceIds]);
    resourceFilter = `having count(x.resource_id) = 0 or bool_or(x.resource_id = any($4::int[]))`;
  }
  const rows = await db.query<ExceptionRow>(
    `select e.id, (extract(epoch from e.from_at) * 1000)::float8 as f, (extract(epoch from e.to_at) * 1000)::float8 as t,
            to_char(e.from_time, 'HH24:MI:SS') as from_time, to_char(e.to_time, 'HH24:MI:SS') as to_time,
            e.is_recurring, e.days_of_week, e.reason_text, e.reason_text_public, e.color, e.block_time, e.private,
            coalesce(array_agg(x.resource_id order by x.resource_id) filter (where x.resource_id is not null), '{}') as resource_ids
       from time_exceptions e left join time_exception_resources x on x.time_exception_id = e.id
      where e.company_id = $1 and e.from_at < $3 and e.to_at > $2
      group by e.id
      ${resourceFilter}
      union all
     select -g.id, (extract(epoch from g.starts_at) * 1000)::float8, (extract(epoch from g.ends_at) * 1000)::float8, '00:00:00', '00:00:00',
            false, '[]'::jsonb, 'Google Calendar', null, null, true, true, case when g.resource_id is null then '{}'::int[] else array[g.resource_id] end
       from google_busy_times g
      where g.company_id = $1 and g.starts_at < $3 and g.ends_at > $2 ${resourceIds ? 'and (g.resource_id is null or g.resource_id = any($4::int[]))' : ''}
      order by 2, 1`,
    params,
  );
  return rows.map((r) => ({
    Id: r.id,
    From: clock.format(r.f),
    To: clock.format(r.t),
    FromTime: r.from_time,
    ToTime: r.to_time,
    IsRecurring: r.is_recurring,
    DaysOfWeek: days(r.days_of_week),
    ResourceIds: r.resource_ids,
    ReasonText: r.reason_text,
    ReasonTextPublic: r.reason_text_public,
    Color: r.color,
    BlockTime: r.block_time,
    Private: r.private,
  }));
}

/**
 * Bookings holding capacity in [from, to) that concern the service: its own, and any booking on
 * one of `resourceIds` (another service's booking takes the resource completely). They travel as
 * one compact text (`id,service,fromMs,toMs,status,spots,r1 r2;…`): a month of 20,000 bookings
 * costs the drivers one value to convert instead of 20,000 row objects.
 */
export async function loadBookings(db: Db, companyId: number, serviceId: number, resourceIds: readonly number[], from: Instant, to: Instant): Promise<BookingLoad[]> {
  const row = await db.one<{ packed: string | null }>(
    `select string_agg(concat_ws(',', id, service_id, (extract(epoch from starts_at) * 1000)::bigint, (extract(epoch from ends_at) * 1000)::bigint,
                                 status_id, spots, array_to_string(resource_ids, ' ')), ';') as packed
       from bookings b
      where company_id = $1 and starts_at < $3 and ends_at > $2 and ${startsAfterLongest('$2', '$1', 'b')} and status_id <> all($4::int[])
        and (service_id = $5 or resource_ids && $6::int[])`,
    [companyId, new Date(from), new Date(to), FREEING, serviceId, [...resourceIds]],
  );
  if (!row?.packed) return [];
  return row.packed.split(';').map((record): BookingLoad => {
    const [id, service, f, t, status, spots, resources] = record.split(',');
    return {
      id: Number(id),
      serviceId: Number(service),
      from: Number(f),
      to: Number(t),
      statusId: Number(status),
      spots: Number(spots),
      resourceIds: resources ? resources.split(' ').map(Number) : [],
    };
  });
}

/** What availability reads of a service around [from, to) apart from its bookings. */
export type ServiceCalendar = Pick<AvailabilityData, 'recurringSchedules' | 'dateSchedules' | 'exceptions'>;

/** The schedules and exceptions of a service around [from, to), in three indexed queries. */
export async function loadServiceCalendar(db: Db, companyId: number, spec: { service: ServiceSpec; timeZone: string }, from: Instant, to: Instant): Promise<ServiceCalendar> {
  const clock = ZoneClock.of(spec.timeZone);
  const serviceId = spec.service.id;
  const [recurringSchedules, dateSchedules, exceptions] = await Promise.all([
    loadRecurringSchedules(db, companyId, serviceId),
    loadDateSchedules(db, companyId, serviceId, clock, from - DAY, to + DAY),
    loadTimeExceptions(db, companyId, clock, from, to, specResourceIds(spec.service)),
  ]);
  return { recurringSchedules, dateSchedules, exceptions };
}

/** Every resource a service may book. */
export const specResourceIds = (service: ServiceSpec): number[] => [...new Set(service.requirements.flatMap((r) => r.resources.map((x) => x.id)))];

/**
 * Everything availability needs for one service around [from, to), in a few indexed queries: the
 * data the engine's availableTimes, nextFreeTime and isIntervalAvailable read. The booking call
 * runs it inside its transaction.
 * @example
 * const data = await loadAvailabilityData(db, companyId, { service, timeZone }, Date.parse('2026-03-02T00:00Z'), Date.parse('2026-03-09T00:00Z'));
 * availableTimes(data, { From: '2026-03-02', To: '2026-03-08' });
 * `kept`: the schedules and exceptions of an earlier load of the same window, to read its bookings only.
 */
export async function loadAvailabilityData(
  db: Db,
  companyId: number,
  spec: { service: ServiceSpec; timeZone: string },
  from: Instant,
  to: Instant,
  now: Instant = Date.now(),
  kept?: ServiceCalendar,
): Promise<AvailabilityData> {
  const [calendar, bookings] = await Promise.all([
    kept ?? loadServiceCalendar(db, companyId, spec, from, to),
    loadBookings(db, companyId, spec.service.id, specResourceIds(spec.service), from, to),
  ]);
  return { timeZone: spec.timeZone, service: spec.service, ...calendar, bookings, now, showPrivateReasons: true };
}

/**
 * The engine's validation errors as the contract's 400: every field with its message.
 * @example throw availabilityError(err, ctx.lang, timeZone)
 */
export function availabilityError(errors: readonly AvailabilityFieldError[], lang: Lang, timeZone: string): ApiError {
  const out = new ValidationErrors();
  for (const e of errors) {
    switch (e.code) {
      case 'Required':
        out.add(e.field, 'NotEmpty');
        break;
      case 'InvalidFormat':
        out.add(e.field, 'InvalidFormat');
        break;
      case 'InvalidTimeZone':
        out.add(e.field, schedulingKey('InvalidTimeZone'), { zone: timeZone });
        break;
      case 'FromAfterTo':
        out.add(e.field, 'FromAfterTo', { other: 'To' });
        break;
      case 'RangeTooLong':
        out.add(e.field, schedulingKey('RangeOverOneYear'), { other: 'From' });
        break;
      case 'DurationNotAllowed':
        out.add(e.field, schedulingKey('DurationNotAllowed'));
        break;
      case 'UnknownResourceType':
        out.add(e.field, schedulingKey('UnknownSchedulingReference'), { what: schedulingWords.resourceType[lang] });
        break;
      case 'UnknownResource':
        // Not among the service's resources (of another company, inactive, or left out of its picks).
        out.add(e.field, schedulingKey('ResourceNotOfService'));
        break;
      default:
        out.add(e.field, schedulingKey(e.code));
    }
  }
  try {
    out.throwIfAny();
  } catch (err) {
    return err as ApiError;
  }
  return new ApiError(400, 'InvalidValue', '');
}

/** Runs an engine call, turning its validation error into the contract's 400. */
export function withEngineErrors<T>(lang: Lang, timeZone: string, run: () => T): T {
  try {
    return run();
  } catch (err) {
    if (err instanceof AvailabilityValidationError) throw availabilityError(err.errors, lang, timeZone);
    throw err;
  }
}
