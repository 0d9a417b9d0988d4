import type { AvailableTimesQuery, DateSchedule, RecurringSchedule, TimeException } from '../../schema/availability';

/** Milliseconds since the Unix epoch: an instant, independent of any zone. */
export type Instant = number;

/** How one booking of the service uses resources of one type. */
export interface ResourceRequirement {
  resourceTypeId: number;
  /** Resources of this type one booking takes (1 = one of them; 2 = two at the same time…). */
  count: number;
  /** Whether the customer may name the resources (AvailableTimesQuery.Resources). */
  customerMayPick: boolean;
  /** The resources of this type connected to the service. */
  resources: ResourceInfo[];
}

export interface ResourceInfo {
  id: number;
  active: boolean;
  /** Lower first when the engine assigns resources; ties by id. */
  priority: number;
}

/** What the engine needs to know about the service. */
export interface ServiceSpec {
  id: number;
  /** Minutes; the duration used when the query names none. */
  duration: number;
  /** Whether the customer may choose the duration (slider or dropdown). */
  flexibleDuration: boolean;
  minDuration?: number | null;
  maxDuration?: number | null;
  /** Step between allowed flexible durations, minutes. */
  durationInterval?: number | null;
  /**
   * Spots per time: without resource requirements the service's own capacity, with them the
   * capacity of each resource (a group class on one instructor, a lane for one party…).
   */
  totalSpots: number;
  /** Resource types a booking needs; empty = the service is booked on its own. */
  requirements: ResourceRequirement[];
  /** When set, NumberOfResources must lie within; it replaces every requirement's count. */
  multipleResource?: { min: number; max: number } | null;
}

/**
 * A booking as far as capacity is concerned. Bookings of another service that share a resource
 * take that resource completely for their time.
 */
export interface BookingLoad {
  id: number;
  serviceId: number;
  from: Instant;
  to: Instant;
  statusId: number;
  /** Spots the booking occupies (the sum of its quantities that occupy a spot). */
  spots: number;
  resourceIds: readonly number[];
}

/** Everything one availability call looks at, as plain data. */
export interface AvailabilityData {
  /** The company's IANA zone; schedules and the wire's local times are read in it. */
  timeZone: string;
  service: ServiceSpec;
  recurringSchedules: readonly RecurringSchedule[];
  dateSchedules: readonly DateSchedule[];
  exceptions: readonly TimeException[];
  /** Any order; ordered by From (as a query with ORDER BY gives them) is the fastest. */
  bookings: readonly BookingLoad[];
  /** Times starting before now are not offered; NumberOfScheduleDays counts from now's local date. */
  now: Instant;
  /** Administrators also see the private ReasonText of exceptions. */
  showPrivateReasons?: boolean;
}

/** The wire query minus the ids the route already resolved. */
export type AvailabilityQuery = Omit<AvailableTimesQuery, 'ServiceId' | 'CompanyId'>;

/** The query after validation: instants and resolved requirements. */
export interface NormalizedQuery {
  from: Instant;
  to: Instant;
  duration: number;
  insideSearchInterval: boolean;
  showPerResource: boolean;
  requirements: NormalizedRequirement[];
}

export interface NormalizedRequirement {
  resourceTypeId: number;
  count: number;
  /** Resources the customer asked for: each one must take part. */
  picked: number[];
  /** Every usable (active) resource of the type, picked ones included, in assignment order. */
  candidates: number[];
}

/** A field the validation rejected, named as on the wire. */
export interface AvailabilityFieldError {
  field: string;
  code: AvailabilityErrorCode;
}

export type AvailabilityErrorCode =
  | 'Required'
  | 'InvalidFormat'
  | 'InvalidTimeZone'
  | 'FromAfterTo'
  | 'RangeTooLong'
  | 'DurationNotAllowed'
  | 'UnknownResourceType'
  | 'UnknownResource'
  | 'ResourceNotPickable'
  | 'TooManyResources'
  | 'NumberOfResourcesOutOfRange';

/** Thrown by the engine's entry points for a query that does not validate. */
export class AvailabilityValidationError extends Error {
  constructor(readonly errors: AvailabilityFieldError[]) {
    super(errors.map((e) => `${e.field}: ${e.code}`).join('; '));
    this.name = 'AvailabilityValidationError';
  }
}
