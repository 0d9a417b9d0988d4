/** A service's duration settings as the editor sends them (minutes; optional ones may be null). */
export interface DurationInput {
  Duration: number;
  MinDuration?: number | null;
  MaxDuration?: number | null;
  DurationInterval?: number | null;
}

export interface Durations {
  duration: number;
  minDuration: number;
  maxDuration: number;
  interval: number;
}

/** A broken rule: the field it is about and the field it is compared with. */
export interface DurationProblem {
  field: 'MinDuration' | 'Duration' | 'MaxDuration';
  other: 'Duration' | 'MaxDuration';
}

/**
 * Fills in and checks a service's flexible duration (spec core §5): the minimum defaults to the
 * duration, the maximum to three times the duration, the interval to the duration; a maximum not
 * reached from the minimum in whole steps is trimmed to the last step that is; then
 * MinDuration ≤ Duration ≤ MaxDuration must hold.
 * @example
 * normalizeDurations({ Duration: 60, MinDuration: 60, MaxDuration: 130, DurationInterval: 30 })
 * // → { durations: { duration: 60, minDuration: 60, maxDuration: 120, interval: 30 }, problems: [] }
 */
export function normalizeDurations(input: DurationInput): { durations: Durations; problems: DurationProblem[] } {
  const duration = input.Duration;
  const minDuration = input.MinDuration ?? duration;
  const interval = input.DurationInterval ?? duration;
  const requestedMax = input.MaxDuration ?? duration * 3;
  const maxDuration = requestedMax >= minDuration ? trimToStep(minDuration, requestedMax, interval) : requestedMax;
  const problems: DurationProblem[] = [];
  if (minDuration > duration) problems.push({ field: 'MinDuration', other: 'Duration' });
  if (duration > maxDuration) problems.push({ field: 'Duration', other: 'MaxDuration' });
  return { durations: { duration, minDuration, maxDuration, interval }, problems };
}

/** The last value min + k·step that does not exceed max. */
export function trimToStep(min: number, max: number, step: number): number {
  return min + Math.floor((max - min) / step) * step;
}

/**
 * The durations a customer may choose: from min to max in steps of the interval.
 * @example
 * durationOptions({ minDuration: 60, maxDuration: 120, interval: 30 }) // → [60, 90, 120]
 */
export function durationOptions(d: Pick<Durations, 'minDuration' | 'maxDuration' | 'interval'>): number[] {
  const out: number[] = [];
  for (let m = d.minDuration; m <= d.maxDuration; m += d.interval) out.push(m);
  return out;
}
