import type { DateSchedule, RecurringSchedule, TimeException } from '../../schema/availability';
import { parseLocal, ZoneClock } from '../../domain/availability/clock';
import type { AvailabilityData, BookingLoad, ResourceRequirement, ServiceSpec } from '../../domain/availability/types';

export const ZONE = 'Europe/Stockholm';
export const clock = new ZoneClock(ZONE);
const DAY_NAMES = ['', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** Company-local wire time → instant. */
export function at(local: string): number {
  const parsed = parseLocal(local);
  if (!parsed) throw new Error(`bad local time ${local}`);
  return clock.toInstantLenient(parsed.local);
}

export function days(...ids: number[]): RecurringSchedule['DaysOfWeek'] {
  return ids.map((id) => ({ DayOfWeekId: id, DotNetDayOfWeekId: id % 7, DayOfWeek: DAY_NAMES[id] }));
}

export const WEEKDAYS = [1, 2, 3, 4, 5];
export const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7];

export function recurring(overrides: Partial<RecurringSchedule> = {}): RecurringSchedule {
  return {
    Id: 1,
    Name: 'Opening hours',
    Description: null,
    Active: true,
    TimeInterval: 15,
    ValidFrom: null,
    ValidTo: null,
    StartTime: '09:00:00',
    EndTime: '18:00:00',
    NumberOfScheduleDays: null,
    IsResourceSpecific: false,
    EnableBookingUntilClosingTime: false,
    DaysOfWeek: days(...WEEKDAYS),
    Exceptions: [],
    ScheduleDates: [],
    Resources: [],
    Services: [],
    ...overrides,
  };
}

export function dated(overrides: Partial<DateSchedule> = {}): DateSchedule {
  return { Id: 100, Name: 'Dates', Description: null, Active: true, TimeInterval: 30, ScheduleDates: [], Resources: [], Services: [], ...overrides };
}

export function exception(overrides: Partial<TimeException> = {}): TimeException {
  return {
    Id: 1,
    From: '2026-03-02T12:00:00',
    To: '2026-03-02T13:00:00',
    FromTime: '00:00:00',
    ToTime: '00:00:00',
    IsRecurring: false,
    DaysOfWeek: [],
    ResourceIds: [],
    ReasonText: null,
    ReasonTextPublic: null,
    Color: null,
    BlockTime: true,
    Private: false,
    ...overrides,
  };
}

export function requirement(resourceTypeId: number, ids: number[], overrides: Partial<ResourceRequirement> = {}): ResourceRequirement {
  return {
    resourceTypeId,
    count: 1,
    customerMayPick: true,
    resources: ids.map((id) => ({ id, active: true, priority: 99 })),
    ...overrides,
  };
}

export function service(overrides: Partial<ServiceSpec> = {}): ServiceSpec {
  return { id: 1, duration: 60, flexibleDuration: false, totalSpots: 1, requirements: [], ...overrides };
}

let nextBookingId = 1;
export function booking(from: string, to: string, overrides: Partial<BookingLoad> = {}): BookingLoad {
  return { id: nextBookingId++, serviceId: 1, from: at(from), to: at(to), statusId: 1, spots: 1, resourceIds: [], ...overrides };
}

export function data(overrides: Partial<AvailabilityData> = {}): AvailabilityData {
  return {
    timeZone: ZONE,
    service: service(),
    recurringSchedules: [recurring()],
    dateSchedules: [],
    exceptions: [],
    bookings: [],
    now: at('2026-01-01T00:00:00'),
    ...overrides,
  };
}
