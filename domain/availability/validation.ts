import { normalizeDurations, durationOptions } from '../durations';
import { DAY, isValidTimeZone, parseLocal, ZoneClock } from './clock';
import type {
  AvailabilityFieldError,
  AvailabilityQuery,
  NormalizedQuery,
  NormalizedRequirement,
  ResourceRequirement,
  ServiceSpec,
} from './types';

export type Validated<T> = { ok: true; value: T } | { ok: false; errors: AvailabilityFieldError[] };

/**
 * The durations a customer may ask for: for flexible services the editor's options (../durations:
 * MinDuration, default Duration, to MaxDuration, default three times Duration, in DurationInterval
 * steps, default Duration, a max off the step cut to the last step) plus Duration itself; fixed
 * services allow only their Duration.
 * @example allowedDurations({ ...svc, duration: 60, flexibleDuration: true, minDuration: 60, maxDuration: 150, durationInterval: 30 })
 * // [60, 90, 120, 150]
 */
export function allowedDurations(service: Pick<ServiceSpec, 'duration' | 'flexibleDuration' | 'minDuration' | 'maxDuration' | 'durationInterval'>): number[] {
  if (!service.flexibleDuration) return [service.duration];
  const { durations } = normalizeDurations({
    Duration: service.duration,
    MinDuration: service.minDuration,
    MaxDuration: service.maxDuration,
    DurationInterval: service.durationInterval && service.durationInterval > 0 ? service.durationInterval : null,
  });
  const options = durationOptions(durations);
  return options.includes(service.duration) ? options : [...options, service.duration].sort((a, b) => a - b);
}

function isWholePositive(n: unknown): n is number {
  return typeof n === 'number' && Number.isInteger(n) && n >= 1;
}

/**
 * Checks an availability query against the service and turns it into instants and resolved
 * resource requirements. Every problem is reported with the wire field it concerns.
 * Rules: From and To required, yyyy-MM-dd or yyyy-MM-ddTHH:mm[:ss] (a To without a time means the
 * end of that day); From not after To; To at most one calendar year after From; Duration one of
 * allowedDurations; NumberOfResources inside MultipleResource (or at most the resources of each
 * type); each Resources entry names a resource type the service needs and, when ResourceId is set,
 * an active resource of that type the customer may pick; no more picks per type than it needs.
 * @example
 * validateAvailabilityQuery({ From: '2026-03-10', To: '2026-03-02' }, service, 'Europe/Stockholm')
 * // { ok: false, errors: [{ field: 'From', code: 'FromAfterTo' }] }
 */
export function validateAvailabilityQuery(query: AvailabilityQuery, service: ServiceSpec, timeZone: string): Validated<NormalizedQuery> {
  const errors: AvailabilityFieldError[] = [];
  if (!isValidTimeZone(timeZone)) return { ok: false, errors: [{ field: 'TimeZone', code: 'InvalidTimeZone' }] };

  const readDate = (field: 'From' | 'To', text: unknown): number | null => {
    if (text === undefined || text === null || text === '') {
      errors.push({ field, code: 'Required' });
      return null;
    }
    const parsed = typeof text === 'string' ? parseLocal(text) : null;
    if (!parsed) {
      errors.push({ field, code: 'InvalidFormat' });
      return null;
    }
    return field === 'To' && !parsed.hasTime ? parsed.local + DAY : parsed.local;
  };
  const fromLocal = readDate('From', query.From);
  const toLocal = readDate('To', query.To);
  if (fromLocal !== null && toLocal !== null) {
    if (fromLocal > toLocal) errors.push({ field: 'From', code: 'FromAfterTo' });
    else {
      const limit = new Date(fromLocal);
      limit.setUTCFullYear(limit.getUTCFullYear() + 1);
      if (toLocal > limit.getTime()) errors.push({ field: 'To', code: 'RangeTooLong' });
    }
  }

  let duration = service.duration;
  if (query.Duration !== undefined && query.Duration !== null) {
    if (!isWholePositive(query.Duration)) errors.push({ field: 'Duration', code: 'InvalidFormat' });
    else if (!allowedDurations(service).includes(query.Duration)) errors.push({ field: 'Duration', code: 'DurationNotAllowed' });
    else duration = query.Duration;
  }

  const requirements = resolveRequirements(query, service, errors);

  if (errors.length > 0 || fromLocal === null || toLocal === null) return { ok: false, errors };
  const clock = ZoneClock.of(timeZone);
  return {
    ok: true,
    value: {
      from: clock.toInstantLenient(fromLocal),
      to: clock.toInstantLenient(toLocal),
      duration,
      insideSearchInterval: query.InsideSearchInterval === true,
      showPerResource: query.ShowPerResource === true,
      requirements,
    },
  };
}

function byAssignmentOrder(requirement: ResourceRequirement): number[] {
  return requirement.resources
    .filter((r) => r.active)
    .sort((a, b) => a.priority - b.priority || a.id - b.id)
    .map((r) => r.id);
}

function resolveRequirements(query: AvailabilityQuery, service: ServiceSpec, errors: AvailabilityFieldError[]): NormalizedRequirement[] {
  const requirements = service.requirements.map(
    (req): NormalizedRequirement => ({ resourceTypeId: req.resourceTypeId, count: req.count, picked: [], candidates: byAssignmentOrder(req) }),
  );

  const wanted = query.NumberOfResources;
  if (wanted !== undefined && wanted !== null) {
    const fewestCandidates = requirements.length === 0 ? 1 : Math.min(...requirements.map((r) => r.candidates.length));
    const limit = service.multipleResource ?? { min: 1, max: fewestCandidates };
    if (!isWholePositive(wanted)) errors.push({ field: 'NumberOfResources', code: 'InvalidFormat' });
    else if (wanted < limit.min || wanted > limit.max) errors.push({ field: 'NumberOfResources', code: 'NumberOfResourcesOutOfRange' });
    else for (const r of requirements) r.count = wanted;
  }

  (query.Resources ?? []).forEach((pick, index) => {
    const at = `Resources[${index}]`;
    const requirement = service.requirements.find((r) => r.resourceTypeId === pick.ResourceTypeId);
    const target = requirements.find((r) => r.resourceTypeId === pick.ResourceTypeId);
    if (!requirement || !target) {
      errors.push({ field: `${at}.ResourceTypeId`, code: 'UnknownResourceType' });
      return;
    }
    if (pick.ResourceId === undefined || pick.ResourceId === null || pick.ResourceId === 0) return;
    const resource = requirement.resources.find((r) => r.id === pick.ResourceId);
    if (!resource || !resource.active) errors.push({ field: `${at}.ResourceId`, code: 'UnknownResource' });
    else if (!requirement.customerMayPick) errors.push({ field: `${at}.ResourceId`, code: 'ResourceNotPickable' });
    else if (!target.picked.includes(resource.id)) target.picked.push(resource.id);
  });
  for (const r of requirements) {
    if (r.picked.length > r.count) errors.push({ field: 'Resources', code: 'TooManyResources' });
  }
  return requirements;
}
