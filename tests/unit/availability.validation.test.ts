import { describe, expect, it } from 'vitest';
import { availableTimes, AvailabilityValidationError, validateAvailabilityQuery } from '../../domain/availability';
import type { AvailabilityQuery } from '../../domain/availability';
import { data, requirement, service, ZONE } from './availability.fixtures';

const courts = service({ requirements: [requirement(1, [11, 12]), requirement(2, [21], { customerMayPick: false })] });
const errorsOf = (query: AvailabilityQuery, svc = courts, zone = ZONE) => {
  const result = validateAvailabilityQuery(query, svc, zone);
  return result.ok ? [] : result.errors;
};

describe('validateAvailabilityQuery', () => {
  it('accepts a plain query', () => {
    expect(errorsOf({ From: '2026-03-02T00:00:00', To: '2026-03-09T00:00:00' })).toEqual([]);
  });

  it('rejects From after To', () => {
    expect(errorsOf({ From: '2026-03-10T00:00:00', To: '2026-03-02T00:00:00' })).toEqual([{ field: 'From', code: 'FromAfterTo' }]);
  });

  it('accepts exactly one year and rejects 366 days', () => {
    expect(errorsOf({ From: '2026-01-01T00:00:00', To: '2027-01-01T00:00:00' })).toEqual([]);
    expect(errorsOf({ From: '2026-01-01T00:00:00', To: '2027-01-02T00:00:00' })).toEqual([{ field: 'To', code: 'RangeTooLong' }]);
  });

  it('names missing and malformed times', () => {
    expect(errorsOf({ From: '', To: '2026-03-02T25:00:00' })).toEqual([
      { field: 'From', code: 'Required' },
      { field: 'To', code: 'InvalidFormat' },
    ]);
    expect(errorsOf({ From: '2026-02-30', To: 'tomorrow' })).toEqual([
      { field: 'From', code: 'InvalidFormat' },
      { field: 'To', code: 'InvalidFormat' },
    ]);
  });

  it('rejects unknown resource types and resources, and picks the service does not allow', () => {
    const errors = errorsOf({
      From: '2026-03-02',
      To: '2026-03-03',
      Resources: [
        { ResourceTypeId: 9, ResourceId: 11 },
        { ResourceTypeId: 1, ResourceId: 999 },
        { ResourceTypeId: 2, ResourceId: 21 },
        { ResourceTypeId: 1, ResourceId: 12 },
      ],
    });
    expect(errors).toEqual([
      { field: 'Resources[0].ResourceTypeId', code: 'UnknownResourceType' },
      { field: 'Resources[1].ResourceId', code: 'UnknownResource' },
      { field: 'Resources[2].ResourceId', code: 'ResourceNotPickable' },
    ]);
  });

  it('rejects more picks of a type than a booking takes', () => {
    const picks = [{ ResourceTypeId: 1, ResourceId: 11 }, { ResourceTypeId: 1, ResourceId: 12 }];
    expect(errorsOf({ From: '2026-03-02', To: '2026-03-03', Resources: picks })).toEqual([{ field: 'Resources', code: 'TooManyResources' }]);
  });

  it('accepts only the durations the service allows', () => {
    const flexible = service({ duration: 60, flexibleDuration: true, minDuration: 30, maxDuration: 120, durationInterval: 30 });
    expect(errorsOf({ From: '2026-03-02', To: '2026-03-03', Duration: 90 }, flexible)).toEqual([]);
    expect(errorsOf({ From: '2026-03-02', To: '2026-03-03', Duration: 75 }, flexible)).toEqual([{ field: 'Duration', code: 'DurationNotAllowed' }]);
    expect(errorsOf({ From: '2026-03-02', To: '2026-03-03', Duration: 90 }, service())).toEqual([{ field: 'Duration', code: 'DurationNotAllowed' }]);
    expect(errorsOf({ From: '2026-03-02', To: '2026-03-03', Duration: 0 }, flexible)).toEqual([{ field: 'Duration', code: 'InvalidFormat' }]);
  });

  it('keeps NumberOfResources inside MultipleResource', () => {
    const multi = service({ requirements: [requirement(1, [11, 12, 13])], multipleResource: { min: 1, max: 2 } });
    expect(errorsOf({ From: '2026-03-02', To: '2026-03-03', NumberOfResources: 2 }, multi)).toEqual([]);
    expect(errorsOf({ From: '2026-03-02', To: '2026-03-03', NumberOfResources: 3 }, multi)).toEqual([{ field: 'NumberOfResources', code: 'NumberOfResourcesOutOfRange' }]);
  });

  it('reports an unknown company time zone', () => {
    expect(errorsOf({ From: '2026-03-02', To: '2026-03-03' }, courts, 'Mars/Olympus')).toEqual([{ field: 'TimeZone', code: 'InvalidTimeZone' }]);
  });
});

describe('availableTimes with a bad query', () => {
  it('throws an AvailabilityValidationError carrying the field errors', () => {
    let caught: unknown;
    try {
      availableTimes(data(), { From: '2026-03-10', To: '2026-03-02' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(AvailabilityValidationError);
    expect((caught as AvailabilityValidationError).errors).toEqual([{ field: 'From', code: 'FromAfterTo' }]);
  });
});
