/** Duration units of the service editor (spec core.md §9): 60 minutes per hour, 1440 per day. */
export const DURATION_UNITS = { minutes: 1, hours: 60, days: 1440 } as const;

export type DurationUnit = keyof typeof DURATION_UNITS;

/**
 * The largest unit that expresses a number of minutes exactly.
 * @example unitOf(120) === 'hours'; unitOf(90) === 'minutes'; unitOf(2880) === 'days'
 */
export function unitOf(minutes: number | null | undefined): DurationUnit {
  if (!minutes) return 'minutes';
  if (minutes % DURATION_UNITS.days === 0) return 'days';
  if (minutes % DURATION_UNITS.hours === 0) return 'hours';
  return 'minutes';
}

/**
 * Minutes as a number and its unit, e.g. for a list cell.
 * @example splitDuration(120) // { amount: 2, unit: 'hours' }
 */
export function splitDuration(minutes: number): { amount: number; unit: DurationUnit } {
  const unit = unitOf(minutes);
  return { amount: minutes / DURATION_UNITS[unit], unit };
}
