/**
 * The availability engine: pure functions from schedules, exceptions, bookings and resources to
 * free times. No SQL, no HTTP; the routes load plain data and call these. Rules: ./README.md.
 */
export { availableTimes, nextFreeTime } from './availableTimes';
export { isIntervalAvailable, type IntervalRequest, type IntervalVerdict, type AssignedResources } from './intervalCheck';
export { validateAvailabilityQuery, allowedDurations, type Validated } from './validation';
export { evaluateSlots, type EvaluatedSlot, type ResourceShare, type EvaluateOptions } from './slots';
export { holdsCapacity, bookingsThatFit, CAPACITY_FREEING_STATUSES } from './capacity';
export { exceptionText, expandExceptions, type ExceptionInterval } from './exceptions';
export { expandSchedules, type OpeningPiece } from './calendar';
export { ZoneClock, parseLocal, parseTimeOfDay, isValidTimeZone } from './clock';
export * from './types';
