import type { DayOfWeek, DayOfWeekId, Id, IdName, Integer, LocalDate, LocalDateTime, QueryBase, TimeOfDay } from './common';

/**
 * Resources, schedules, time exceptions and free times (issue 3).
 * Field names are the contract's (../shared/CONTRACT.md), PascalCase as on the wire.
 */

/** A bookable resource: a court, a room, a person. */
export interface Resource {
  Id: Id;
  Name: string;
  Description: string | null;
  Active: boolean;
  /** CSS colour, e.g. #3f51b5. New resources get a default colour. */
  Color: string;
  Email: string | null;
  MobilePhone: string | null;
  ImageUrl: string | null;
  /** Lower numbers are chosen first when the system assigns a resource; 99 inside a type by default. */
  Priority: number;
  EmailNotification: boolean;
  SMSNotification: boolean;
}

/** A group of interchangeable resources; a service needs resources of some types. */
export interface ResourceType {
  Id: Id;
  Name: string;
  Description: string | null;
  Active: boolean;
  Resources: Resource[];
}

/** A break inside a recurring schedule's day, e.g. lunch 12:00–13:00. */
export interface ScheduleException {
  StartTime: TimeOfDay;
  EndTime: TimeOfDay;
}

/**
 * A fixed set time of a recurring schedule: the one start offered inside StartTime–EndTime.
 * With Date it applies on that date only, with DayOfWeekId on that weekday only, otherwise on
 * every day of the schedule.
 */
export interface RecurringScheduleDate {
  Id?: Id;
  Date?: LocalDate | null;
  DayOfWeekId?: DayOfWeekId | null;
  StartTime: TimeOfDay;
  EndTime: TimeOfDay;
}

/**
 * Opening hours that repeat every week.
 * @example interval 15 min, a 1 h service, open 09–18 gives 09:00–10:00, 09:15–10:15 … 17:00–18:00.
 */
export interface RecurringSchedule {
  Id: Id;
  Name: string;
  Description: string | null;
  Active: boolean;
  /** Minutes between two slot starts. @minimum 1 @maximum 1440 @asType integer */
  TimeInterval: number;
  /** First date the schedule applies (inclusive); null = always. */
  ValidFrom: LocalDate | null;
  /** Last date the schedule applies (inclusive); null = open-ended. */
  ValidTo: LocalDate | null;
  StartTime: TimeOfDay;
  /** An EndTime at or before StartTime ends on the next day (00:00:00 = midnight). */
  EndTime: TimeOfDay;
  /** Bookable this many days ahead, counting today; null or 0 = no limit. */
  NumberOfScheduleDays: number | null;
  /** Only the listed Resources follow this schedule; otherwise every resource of the service does. */
  IsResourceSpecific: boolean;
  /** A slot may start until closing time and run past it (see domain/availability/README.md). */
  EnableBookingUntilClosingTime: boolean;
  /** Fixed set times instead of a grid: the slots start only at ScheduleDates' StartTime. */
  IsFixedTimes?: boolean;
  DaysOfWeek: DayOfWeek[];
  Exceptions: ScheduleException[];
  ScheduleDates: RecurringScheduleDate[];
  Resources: IdName[];
  Services: IdName[];
  Created?: LocalDateTime;
}

/** Body of POST /schedules/recurring and PUT /schedules/recurring/{Id}. */
export interface RecurringScheduleInput {
  /** @minLength 1 @maxLength 100 */
  Name: string;
  /** @maxLength 1000 */
  Description?: string | null;
  Active?: boolean;
  /** @minimum 1 @maximum 1440 @asType integer */
  TimeInterval: number;
  ValidFrom?: LocalDate | null;
  ValidTo?: LocalDate | null;
  StartTime: TimeOfDay;
  EndTime: TimeOfDay;
  /** @minimum 0 @maximum 3650 */
  NumberOfScheduleDays?: Integer | null;
  IsResourceSpecific?: boolean;
  EnableBookingUntilClosingTime?: boolean;
  IsFixedTimes?: boolean;
  /** @maxItems 7 */
  DaysOfWeek: DayOfWeekId[];
  /** @maxItems 50 */
  Exceptions?: ScheduleException[];
  /** @maxItems 500 */
  ScheduleDates?: RecurringScheduleDate[];
  /** @maxItems 1000 */
  Resources?: { Id: Id }[];
  /** @maxItems 1000 */
  Services?: { Id: Id }[];
}

/** One opening of a date schedule, a local From–To range. */
export interface DateScheduleDate {
  Id?: Id;
  From: LocalDateTime;
  To: LocalDateTime;
}

/** Opening hours on explicit dates. */
export interface DateSchedule {
  Id: Id;
  Name: string;
  Description: string | null;
  Active: boolean;
  /** Minutes between two slot starts. @minimum 1 @maximum 1440 @asType integer */
  TimeInterval: number;
  /** When absent, a schedule with Resources is specific to them. */
  IsResourceSpecific?: boolean;
  ScheduleDates: DateScheduleDate[];
  Resources: IdName[];
  Services: IdName[];
  Created?: LocalDateTime;
}

/** Body of POST /schedules/date and PUT /schedules/date/{Id}. */
export interface DateScheduleInput {
  /** @minLength 1 @maxLength 100 */
  Name: string;
  /** @maxLength 1000 */
  Description?: string | null;
  Active?: boolean;
  /** @minimum 1 @maximum 1440 @asType integer */
  TimeInterval?: number;
  IsResourceSpecific?: boolean;
  /** @maxItems 1000 */
  ScheduleDates: DateScheduleDate[];
  /** @maxItems 1000 */
  Resources?: { Id: Id }[];
  /** @maxItems 1000 */
  Services?: { Id: Id }[];
}

/**
 * Closed (BlockTime) or annotated time. Non-recurring: the continuous range From–To.
 * Recurring: on each date From…To (inclusive) whose weekday is in DaysOfWeek (none = every day),
 * FromTime–ToTime (a ToTime at or before FromTime ends the next day).
 */
export interface TimeException {
  Id: Id;
  From: LocalDateTime;
  To: LocalDateTime;
  FromTime: TimeOfDay;
  ToTime: TimeOfDay;
  IsRecurring: boolean;
  DaysOfWeek: DayOfWeek[];
  /** Resources it applies to; none = every resource (and the service itself). */
  ResourceIds: Id[];
  /** Private note, only for administrators. */
  ReasonText: string | null;
  /** Shown to customers as ExceptionTexts. */
  ReasonTextPublic: string | null;
  Color: string | null;
  /** true: nothing can be booked in it; false: informational only. */
  BlockTime: boolean;
  /** Hidden from customers: no ExceptionTexts unless private reasons are asked for. */
  Private: boolean;
}

/** Body of POST /timeexceptions and PUT /timeexceptions/{Id}. */
export interface TimeExceptionInput {
  From: LocalDateTime;
  To: LocalDateTime;
  FromTime?: TimeOfDay;
  ToTime?: TimeOfDay;
  IsRecurring?: boolean;
  /** @maxItems 7 */
  DaysOfWeek?: DayOfWeekId[];
  /** @maxItems 1000 */
  ResourceIds?: Id[];
  /** @maxLength 1000 */
  ReasonText?: string | null;
  /** @maxLength 1000 */
  ReasonTextPublic?: string | null;
  /** @maxLength 30 */
  Color?: string | null;
  BlockTime?: boolean;
  Private?: boolean;
}

/** A resource the customer asks for, or any resource of a type (ResourceId 0 or absent). */
export interface AvailableTimesResource {
  ResourceTypeId: Id;
  /** @minimum 0 @asType integer */
  ResourceId?: number;
}

/** Query of GET /services/{ServiceId}/availabletimes and /nextfreetime. */
export interface AvailableTimesQuery {
  ServiceId: Id;
  CompanyId?: Id;
  From: LocalDateTime | LocalDate;
  /** A date without a time means the end of that day. */
  To: LocalDateTime | LocalDate;
  /** Minutes; for flexible services one of MinDuration…MaxDuration in DurationInterval steps. @minimum 1 @asType integer */
  Duration?: number;
  /** @maxItems 100 */
  Resources?: AvailableTimesResource[];
  /** How many resources of each required type one booking takes. @minimum 1 @maximum 1000 @asType integer */
  NumberOfResources?: number;
  /** Add the free spots of each resource to every time. */
  ShowPerResource?: boolean;
  /** true: the whole time must lie inside From–To; default: only its start. */
  InsideSearchInterval?: boolean;
}

/** Why a time is closed or annotated, from the time exceptions overlapping it. */
export interface ExceptionText {
  /** The private ReasonText, only for administrators; null for customers. */
  Reason: string | null;
  ReasonPublic: string | null;
}

/** One resource's share of a time (ShowPerResource). */
export interface AvailableTimeResource {
  ResourceTypeId: Id;
  ResourceId: Id;
  Free: boolean;
  FreeSpots: number;
}

export interface AvailableTime {
  From: LocalDateTime;
  To: LocalDateTime;
  Free: boolean;
  /** How many more one-spot bookings fit in this time. */
  FreeSpots: number;
  ExceptionTexts: ExceptionText[];
  Resources?: AvailableTimeResource[];
}

export interface AvailableTimesResponse {
  CompanyId: Id;
  ServiceId: Id;
  Times: AvailableTime[];
}

/** Answer of GET /services/{ServiceId}/nextfreetime: the first free time, or none. */
export interface NextFreeTimeResponse {
  CompanyId: Id;
  ServiceId: Id;
  Time: AvailableTime | null;
}

export interface ResourceTypeQuery extends QueryBase {
  Id?: Id;
  IncludeResources?: boolean;
  Active?: boolean;
}

export interface TimeExceptionQuery extends QueryBase {
  Id?: Id;
  From?: LocalDateTime | LocalDate;
  To?: LocalDateTime | LocalDate;
  /** @maxItems 1000 */
  ResourceIds?: Id[];
}
