import type { AvailableTime, DateScheduleInput, RecurringScheduleInput, Resource, TimeExceptionInput } from './availability';
import type { DayOfWeekId, Id, IdName, LocalDate, LocalDateTime, QueryBase, TimeOfDay } from './common';

/**
 * Requests and answers of the scheduling API (issue 3) around the engine's types in
 * ./availability.ts: resources, resource types, what a service needs of them, schedules, time
 * exceptions and free times. Field names are the contract's, PascalCase as on the wire.
 */

/** A resource as GET /resource lists it, with the resource types it belongs to. */
export interface ResourceDetails extends Resource {
  ResourceTypes: IdName[];
  Created: LocalDateTime;
  Updated: LocalDateTime;
}

/** Body of POST /resource and PUT /resource/{Id}. */
export interface ResourceInput {
  /** @minLength 1 @maxLength 100 */
  Name: string;
  /** @maxLength 1000 */
  Description?: string | null;
  Active?: boolean;
  /** CSS hex colour; a new resource without one gets the next colour of the palette. @pattern ^#[0-9a-fA-F]{6}$ */
  Color?: string | null;
  /** @maxLength 200 @pattern ^[^\s@]+@[^\s@]+\.[^\s@]+$ */
  Email?: string | null;
  /** @maxLength 50 @pattern ^[0-9 +()-]*$ */
  MobilePhone?: string | null;
  /** @maxLength 1000 */
  ImageUrl?: string | null;
  /** Lower first when the system assigns a resource; 99 when not given. @minimum 0 @maximum 9999 @asType integer */
  Priority?: number;
  EmailNotification?: boolean;
  SMSNotification?: boolean;
  /** The resource types (groups) it belongs to; left as they are when absent. @maxItems 100 */
  ResourceTypeIds?: Id[];
  /** When present it must be the caller's company. @minimum 1 */
  CompanyId?: number;
}

export interface ResourceQuery extends QueryBase {
  /** @maxItems 1000 */
  Id?: Id[];
  Active?: boolean;
  /** Matches name, description, e-mail and phone. @maxLength 200 */
  Search?: string;
  /** Only resources of these types. @maxItems 100 */
  ResourceTypeId?: Id[];
}

/** A member of a resource type as its body names it. */
export interface ResourceTypeMember {
  Id: Id;
  /** Sets the resource's Priority. @minimum 0 @maximum 9999 @asType integer */
  Priority?: number;
}

/** Body of POST /resourcetypes and PUT /resourcetypes/{Id}. */
export interface ResourceTypeInput {
  /** @minLength 1 @maxLength 100 */
  Name: string;
  /** @maxLength 1000 */
  Description?: string | null;
  Active?: boolean;
  /** Its resources; replaces the members when present. @maxItems 1000 */
  Resources?: ResourceTypeMember[];
  /** When present it must be the caller's company. @minimum 1 */
  CompanyId?: number;
}

export interface ResourceTypeListQuery extends QueryBase {
  /** @maxItems 1000 */
  Id?: Id[];
  Active?: boolean;
  /** @maxLength 200 */
  Search?: string;
}

/** A resource type a service needs (Service.ResourceTypes), with the resources it may use. */
export interface ServiceResourceType {
  /** The resource type's id. */
  Id: Id;
  Name: string;
  /** Resources of this type one booking takes. */
  NumberOfResources: number;
  /** Whether the customer may pick the resource. */
  SelectableByUser: boolean;
  /** true: every resource of the type; false: only Resources. */
  AllResources: boolean;
  Resources: IdName[];
}

/** Body of POST /services/{Id}/resourcetypes and PUT /services/{Id}/resourcetypes/{ResourceTypeId}. */
export interface ServiceResourceTypeInput {
  ResourceTypeId: Id;
  /** @minimum 1 @maximum 1000 @asType integer */
  NumberOfResources?: number;
  SelectableByUser?: boolean;
  /** Only these resources of the type; absent or null = all of them. */
  Resources?: ServiceResourcePicks | null;
  /** When present it must be the caller's company. @minimum 1 */
  CompanyId?: number;
}

/** @maxItems 1000 */
export type ServiceResourcePicks = { Id: Id }[];

/** A schedule a service follows (Service.Schedules). */
export interface ServiceSchedule {
  Id: Id;
  Name: string;
  ScheduleType: 'RecurringSchedule' | 'DateSchedule';
  Active: boolean;
}

/** Body of POST /services/{Id}/recurringschedules and /services/{Id}/dateschedules. */
export interface ServiceScheduleInput {
  ScheduleId: Id;
  /** When present it must be the caller's company. @minimum 1 */
  CompanyId?: number;
}

/** Body of POST /schedules/recurring and PUT /schedules/recurring/{Id}. */
export interface RecurringScheduleWrite extends RecurringScheduleInput {
  /** When present it must be the caller's company. @minimum 1 */
  CompanyId?: number;
}

export interface RecurringScheduleQuery extends QueryBase {
  /** @maxItems 1000 */
  Id?: Id[];
  Active?: boolean;
  /** @maxLength 200 */
  Search?: string;
  /** Schedules of these services. @maxItems 100 */
  ServiceId?: Id[];
}

/** Window and slot length of a schedule test (POST /schedules/…/test). */
export interface ScheduleTestWindow {
  /** Minutes each listed time lasts; default 30. @minimum 1 @maximum 1440 @asType integer */
  Duration?: number;
  From: LocalDateTime | LocalDate;
  /** A date without a time means the end of that day. */
  To: LocalDateTime | LocalDate;
}

/** Body of POST /schedules/recurring/test: an unsaved recurring schedule and the window to show. */
export interface RecurringScheduleTest extends ScheduleTestWindow, Omit<RecurringScheduleInput, 'Name'> {
  /** @maxLength 100 */
  Name?: string;
  /** @minimum 1 */
  CompanyId?: number;
}

/** Body of POST /schedules/date and PUT /schedules/date/{Id}. */
export interface DateScheduleWrite extends DateScheduleInput {
  /** When present it must be the caller's company. @minimum 1 */
  CompanyId?: number;
}

export interface DateScheduleQuery extends QueryBase {
  /** @maxItems 1000 */
  Id?: Id[];
  Active?: boolean;
  /** @maxLength 200 */
  Search?: string;
  /** @maxItems 100 */
  ServiceId?: Id[];
}

/** Body of POST /schedules/date/test. */
export interface DateScheduleTest extends ScheduleTestWindow {
  /** @maxLength 100 */
  Name?: string;
  /** @maxLength 1000 */
  Description?: string | null;
  Active?: boolean;
  /** @minimum 1 @maximum 1440 @asType integer */
  TimeInterval?: number;
  IsResourceSpecific?: boolean;
  /** @maxItems 1000 */
  ScheduleDates: DateScheduleInput['ScheduleDates'];
  /** @maxItems 1000 */
  Resources?: { Id: Id }[];
  /** @maxItems 1000 */
  Services?: { Id: Id }[];
  /** @minimum 1 */
  CompanyId?: number;
}

/** The times an unsaved schedule would offer. */
export interface ScheduleTestResponse {
  Times: AvailableTime[];
}

/** Body of POST /timeexceptions and PUT /timeexceptions/{Id}. */
export interface TimeExceptionWrite extends TimeExceptionInput {
  /** Save even when bookings collide (otherwise 409 with CollidingEvents). */
  Force?: boolean;
  /** When present it must be the caller's company. @minimum 1 */
  CompanyId?: number;
}

/** Query of GET /timeexceptions/collidingevents: an exception that is not saved yet. */
export interface CollidingEventsQuery {
  /** None = every resource. @maxItems 1000 */
  ResourceIds?: Id[];
  From: LocalDateTime | LocalDate;
  To: LocalDateTime | LocalDate;
  FromTime?: TimeOfDay;
  ToTime?: TimeOfDay;
  /** @maxItems 7 */
  DaysOfWeek?: DayOfWeekId[];
  /** Default: recurring when FromTime, ToTime or DaysOfWeek is given. */
  IsRecurring?: boolean;
  /** The exception being edited: its own bookings check is the same. */
  TimeExceptionId?: Id;
  /** @minimum 1 */
  CompanyId?: number;
}

/** A booking that lies in a time exception. */
export interface CollidingEvent {
  Id: Id;
  From: LocalDateTime;
  To: LocalDateTime;
  ServiceId: Id;
  ServiceName: string;
  StatusId: number;
  CustomerId: Id | null;
  CustomerName: string | null;
  Resources: IdName[];
}

/** Query of GET /timeexceptions/report. */
export interface TimeExceptionReportQuery {
  From: LocalDateTime | LocalDate;
  /** A date without a time means the end of that day; at most one year after From. */
  To: LocalDateTime | LocalDate;
  /** Exceptions of these resources and those for every resource. @maxItems 1000 */
  ResourceIds?: Id[];
  /** @minimum 1 */
  CompanyId?: number;
}

/** One occurrence of a time exception in the report (a recurring one appears once per day). */
export interface TimeExceptionOccurrence {
  TimeExceptionId: Id;
  From: LocalDateTime;
  To: LocalDateTime;
  IsRecurring: boolean;
  BlockTime: boolean;
  Private: boolean;
  ReasonText: string | null;
  ReasonTextPublic: string | null;
  Color: string | null;
  /** Empty = every resource. */
  Resources: IdName[];
  /** 'GoogleCalendar': a busy time read from a connected Google calendar (issue 33), with no exception of its own to open (TimeExceptionId is 0). */
  Source?: 'GoogleCalendar';
}

/**
 * Query of GET /services/{Id}/availabletimes. Resources entries are `{"ResourceTypeId":1,"ResourceId":2}`
 * (JSON, or the same without quotes) or `1:2`; ResourceId 0 or absent = any resource of the type.
 */
export interface AvailableTimesRequest {
  /** @pattern ^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2})?)?$ */
  From: string;
  /** A date without a time means the end of that day. @pattern ^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2})?)?$ */
  To: string;
  /** @minimum 1 @maximum 525600 @asType integer */
  Duration?: number;
  /** @maxItems 100 */
  Resources?: AvailableTimesResourceParam[];
  /** @minimum 1 @maximum 1000 @asType integer */
  NumberOfResources?: number;
  ShowPerResource?: boolean;
  InsideSearchInterval?: boolean;
  /** @minimum 1 */
  CompanyId?: number;
}

/** @maxLength 100 */
export type AvailableTimesResourceParam = string;

/** Query of GET /services/{Id}/nextfreetime: From defaults to now, To to one year after From. */
export interface NextFreeTimeRequest extends Omit<AvailableTimesRequest, 'From' | 'To'> {
  /** @pattern ^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2})?)?$ */
  From?: string;
  /** @pattern ^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2})?)?$ */
  To?: string;
}
