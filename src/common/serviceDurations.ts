import { allowedDurations } from '../../domain/availability';
import type { Service } from '../../schema/services';

/**
 * The lengths, in minutes, a service can be booked for, worked out by the same rule the server
 * checks a booking's length with (the domain's allowedDurations): the new-booking widget offers
 * them and the scheduler snaps a resized booking to them. A fixed-length service has its one length.
 * @example serviceDurations({ Duration: 60, DurationTypeId: 2, MinDuration: 60, MaxDuration: 130, DurationInterval: 30 }) // [60, 90, 120]
 */
export function serviceDurations(service: Pick<Service, 'Duration' | 'DurationTypeId' | 'MinDuration' | 'MaxDuration' | 'DurationInterval'>): number[] {
  return allowedDurations({
    duration: service.Duration,
    flexibleDuration: service.DurationTypeId === 2 || service.DurationTypeId === 3,
    minDuration: service.MinDuration,
    maxDuration: service.MaxDuration,
    durationInterval: service.DurationInterval,
  });
}
