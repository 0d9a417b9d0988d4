import type { DateSchedule, DateScheduleInput, RecurringSchedule, RecurringScheduleInput } from '../../../schema/availability';
import type { IdName } from '../../../schema/common';

/** Spec areas.md §9: the redirect after a schedule save waits this long. */
export const SCHEDULE_REDIRECT_DELAY_MS = 300;

/** Minutes a tested time lasts unless the user picks another length. */
export const DEFAULT_TEST_DURATION = 30;

/** Slot step offered before GET /schedules/recurring/intervals answers, and for new schedules. */
export const DEFAULT_TIME_INTERVAL = 15;

export interface FixedTimeValues {
  DayOfWeekId: number | null;
  StartTime: string;
  EndTime: string;
}

/** What the recurring schedule form edits; times as HH:mm, dates as yyyy-MM-dd. */
export interface RecurringFormValues {
  Name: string;
  Description: string | null;
  Active: boolean;
  DaysOfWeek: number[];
  StartTime: string;
  EndTime: string;
  TimeInterval: number;
  ValidFrom: string | null;
  ValidTo: string | null;
  Exceptions: { StartTime: string; EndTime: string }[];
  NumberOfScheduleDays: number | null;
  EnableBookingUntilClosingTime: boolean;
  validForAllResources: boolean;
  ResourceIds: number[];
  ServiceIds: number[];
  IsFixedTimes: boolean;
  ScheduleDates: FixedTimeValues[];
}

/** What the date schedule form edits; From/To as yyyy-MM-ddTHH:mm. */
export interface DateFormValues {
  Name: string;
  Description: string | null;
  Active: boolean;
  TimeInterval: number;
  ScheduleDates: { From: string; To: string }[];
  validForAllResources: boolean;
  ResourceIds: number[];
  ServiceIds: number[];
}

const hhmm = (time: string | null | undefined): string => (time ?? '').slice(0, 5);
const withSeconds = (time: string): string => (time.length === 5 ? `${time}:00` : time);
const ids = (items: readonly IdName[] | undefined): number[] => (items ?? []).map((i) => i.Id);
const refs = (list: readonly number[] | undefined): { Id: number }[] => (list ?? []).map((Id) => ({ Id }));
const dateOrNull = (value: string | null | undefined): string | null => (value ? value.slice(0, 10) : null);

export const NEW_RECURRING: RecurringFormValues = {
  Name: '',
  Description: null,
  Active: true,
  DaysOfWeek: [1, 2, 3, 4, 5],
  StartTime: '09:00',
  EndTime: '17:00',
  TimeInterval: DEFAULT_TIME_INTERVAL,
  ValidFrom: null,
  ValidTo: null,
  Exceptions: [],
  NumberOfScheduleDays: null,
  EnableBookingUntilClosingTime: false,
  validForAllResources: true,
  ResourceIds: [],
  ServiceIds: [],
  IsFixedTimes: false,
  ScheduleDates: [],
};

export const NEW_DATE_SCHEDULE: DateFormValues = {
  Name: '',
  Description: null,
  Active: true,
  TimeInterval: DEFAULT_TIME_INTERVAL,
  ScheduleDates: [],
  validForAllResources: true,
  ResourceIds: [],
  ServiceIds: [],
};

/**
 * A recurring schedule as read from the API → the form's values.
 * @example recurringToForm(schedule).DaysOfWeek // [1, 2, 3]
 */
export function recurringToForm(record: RecurringSchedule): RecurringFormValues {
  return {
    Name: record.Name,
    Description: record.Description,
    Active: record.Active,
    DaysOfWeek: record.DaysOfWeek.map((d) => d.DayOfWeekId),
    StartTime: hhmm(record.StartTime),
    EndTime: hhmm(record.EndTime),
    TimeInterval: record.TimeInterval,
    ValidFrom: dateOrNull(record.ValidFrom),
    ValidTo: dateOrNull(record.ValidTo),
    Exceptions: record.Exceptions.map((e) => ({ StartTime: hhmm(e.StartTime), EndTime: hhmm(e.EndTime) })),
    NumberOfScheduleDays: record.NumberOfScheduleDays,
    EnableBookingUntilClosingTime: record.EnableBookingUntilClosingTime,
    validForAllResources: !record.IsResourceSpecific,
    ResourceIds: ids(record.Resources),
    ServiceIds: ids(record.Services),
    IsFixedTimes: record.IsFixedTimes ?? false,
    ScheduleDates: record.ScheduleDates.map((d) => ({ DayOfWeekId: d.DayOfWeekId ?? null, StartTime: hhmm(d.StartTime), EndTime: hhmm(d.EndTime) })),
  };
}

/**
 * The form's values → body of POST /schedules/recurring, PUT /schedules/recurring/{Id} and the test call.
 * @example recurringToBody({ ...NEW_RECURRING, Name: 'Weekdays' }).StartTime // '09:00:00'
 */
export function recurringToBody(values: RecurringFormValues): RecurringScheduleInput {
  const specific = !values.validForAllResources;
  return {
    Name: values.Name?.trim() ?? '',
    Description: values.Description || null,
    Active: values.Active ?? true,
    TimeInterval: Number(values.TimeInterval) || DEFAULT_TIME_INTERVAL,
    ValidFrom: dateOrNull(values.ValidFrom),
    ValidTo: dateOrNull(values.ValidTo),
    StartTime: withSeconds(values.StartTime),
    EndTime: withSeconds(values.EndTime),
    NumberOfScheduleDays: values.NumberOfScheduleDays == null || String(values.NumberOfScheduleDays) === '' ? null : Number(values.NumberOfScheduleDays),
    IsResourceSpecific: specific,
    EnableBookingUntilClosingTime: values.EnableBookingUntilClosingTime ?? false,
    IsFixedTimes: values.IsFixedTimes ?? false,
    DaysOfWeek: [...new Set(values.DaysOfWeek ?? [])].sort((a, b) => a - b),
    Exceptions: (values.Exceptions ?? []).filter((e) => e?.StartTime && e?.EndTime).map((e) => ({ StartTime: withSeconds(e.StartTime), EndTime: withSeconds(e.EndTime) })),
    ScheduleDates: values.IsFixedTimes
      ? (values.ScheduleDates ?? [])
          .filter((d) => d?.StartTime && d?.EndTime)
          .map((d) => ({ DayOfWeekId: d.DayOfWeekId || null, StartTime: withSeconds(d.StartTime), EndTime: withSeconds(d.EndTime) }))
      : [],
    Resources: specific ? refs(values.ResourceIds) : [],
    Services: refs(values.ServiceIds),
  };
}

/**
 * Spec areas.md §5: a fixed schedule needs at least one set time, otherwise nothing is saved.
 * @example missingFixedTimes({ ...NEW_RECURRING, IsFixedTimes: true }) // true
 */
export function missingFixedTimes(values: RecurringFormValues): boolean {
  return !!values.IsFixedTimes && recurringToBody(values).ScheduleDates?.length === 0;
}

/** yyyy-MM-ddTHH:mm[:ss] → the wire's yyyy-MM-ddTHH:mm:ss. */
const wireDateTime = (value: string): string => (value.length === 16 ? `${value}:00` : value.slice(0, 19));

/**
 * A date schedule as read from the API → the form's values.
 * @example dateToForm(schedule).ScheduleDates[0].From // '2025-06-01T09:00'
 */
export function dateToForm(record: DateSchedule): DateFormValues {
  return {
    Name: record.Name,
    Description: record.Description,
    Active: record.Active,
    TimeInterval: record.TimeInterval,
    ScheduleDates: record.ScheduleDates.map((d) => ({ From: d.From.slice(0, 16), To: d.To.slice(0, 16) })),
    validForAllResources: !(record.IsResourceSpecific ?? record.Resources.length > 0),
    ResourceIds: ids(record.Resources),
    ServiceIds: ids(record.Services),
  };
}

/**
 * The form's values → body of POST /schedules/date, PUT /schedules/date/{Id} and the test call.
 * Entries whose From and To fall on the same day are dropped (spec areas.md §5).
 * @example dateToBody({ ...NEW_DATE_SCHEDULE, ScheduleDates: [{ From: '2025-06-01T09:00', To: '2025-06-01T17:00' }] }).ScheduleDates // []
 */
export function dateToBody(values: DateFormValues): DateScheduleInput {
  const specific = !values.validForAllResources;
  return {
    Name: values.Name?.trim() ?? '',
    Description: values.Description || null,
    Active: values.Active ?? true,
    TimeInterval: Number(values.TimeInterval) || DEFAULT_TIME_INTERVAL,
    IsResourceSpecific: specific,
    ScheduleDates: (values.ScheduleDates ?? [])
      .filter((d) => d?.From && d?.To && d.From.slice(0, 10) !== d.To.slice(0, 10))
      .map((d) => ({ From: wireDateTime(d.From), To: wireDateTime(d.To) })),
    Resources: specific ? refs(values.ResourceIds) : [],
    Services: refs(values.ServiceIds),
  };
}
