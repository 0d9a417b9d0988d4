import type { StatisticsGroupBy, StatisticsQuery } from '../../../schema/statistics';
import { addDays } from '../../common/dates';

export const PRESETS = ['last7', 'last30', 'last90', 'year', 'custom'] as const;
export type Preset = (typeof PRESETS)[number];
export const COMPARES = ['previous', 'lastYear'] as const;
export type Compare = (typeof COMPARES)[number];
export const GROUPS: readonly StatisticsGroupBy[] = ['service', 'resource', 'administrator', 'customerGroup'];

const PRESET_DAYS: Record<Exclude<Preset, 'custom'>, number> = { last7: 7, last30: 30, last90: 90, year: 365 };
/** The longest range the server answers, in days (both ends included). */
export const MAX_RANGE_DAYS = 1096;
/** The most ids the server takes per filter. */
const MAX_IDS = 100;
const MAX_ID = 2147483647;

/** What the statistics screen shows: the range, the comparison, the grouping and the filters. */
export interface StatisticsChoices {
  preset: Preset;
  /** The range's first and last day (company zone); a preset's are reckoned from today. */
  from: string;
  to: string;
  compare: Compare;
  groupBy: StatisticsGroupBy;
  serviceIds: number[];
  resourceIds: number[];
}

const DEFAULTS = { preset: 'last30', compare: 'previous', groupBy: 'service' } as const;

/** A real calendar day written yyyy-MM-dd (2026-02-30 is not). */
export function isDay(text: string | null | undefined): text is string {
  if (!text || !/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const [y, m, d] = text.split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return y >= 1 && date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** Days from `from` to `to`, both included. */
export function daysIn(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T): T => (value !== null && (values as readonly string[]).includes(value) ? (value as T) : fallback);

/** Positive ids from `services=1,2` or `services=1&services=2`, in order, each once; anything else left out. */
function idsOf(values: string[]): number[] {
  const ids = values
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter((v) => /^\d+$/.test(v))
    .map(Number)
    .filter((n) => n > 0 && n <= MAX_ID);
  return [...new Set(ids)].sort((a, b) => a - b).slice(0, MAX_IDS);
}

/**
 * The screen's choices as the URL gives them; a missing or invalid value is the default (the last
 * 30 days beside the range before, per service, no filter). Custom dates that are not real days, out
 * of order or longer than the server answers fall back to the last 30 days.
 * @example
 * readChoices(new URLSearchParams('range=custom&from=2026-01-01&to=2026-01-31&services=3,1'), '2026-04-10')
 * // { preset: 'custom', from: '2026-01-01', to: '2026-01-31', compare: 'previous', groupBy: 'service', serviceIds: [1, 3], resourceIds: [] }
 */
export function readChoices(params: URLSearchParams, today: string): StatisticsChoices {
  let preset = oneOf(PRESETS, params.get('range'), DEFAULTS.preset);
  let from = addDays(today, -29);
  let to = today;
  if (preset === 'custom') {
    const f = params.get('from');
    const t = params.get('to');
    if (isDay(f) && isDay(t) && f <= t && daysIn(f, t) <= MAX_RANGE_DAYS) {
      from = f;
      to = t;
    } else preset = DEFAULTS.preset;
  } else from = addDays(today, 1 - PRESET_DAYS[preset]);
  return {
    preset,
    from,
    to,
    compare: oneOf(COMPARES, params.get('compare'), DEFAULTS.compare),
    groupBy: oneOf(GROUPS, params.get('groupBy'), DEFAULTS.groupBy),
    serviceIds: idsOf(params.getAll('services')),
    resourceIds: idsOf(params.getAll('resources')),
  };
}

const KEYS = ['range', 'from', 'to', 'compare', 'groupBy', 'services', 'resources'];

/**
 * The URL's query for the choices, the page's other parameters kept; defaults are left out, so the
 * plain screen's address stays /statistics, and ids are listed with plain commas.
 * @example writeChoices(new URLSearchParams(), { ...choices, groupBy: 'resource', serviceIds: [1, 3] }) // 'groupBy=resource&services=1,3'
 */
export function writeChoices(current: URLSearchParams, choices: StatisticsChoices): string {
  const next = new URLSearchParams(current);
  for (const key of KEYS) next.delete(key);
  if (choices.preset !== DEFAULTS.preset) next.set('range', choices.preset);
  if (choices.preset === 'custom') {
    next.set('from', choices.from);
    next.set('to', choices.to);
  }
  if (choices.compare !== DEFAULTS.compare) next.set('compare', choices.compare);
  if (choices.groupBy !== DEFAULTS.groupBy) next.set('groupBy', choices.groupBy);
  if (choices.serviceIds.length) next.set('services', [...choices.serviceIds].sort((a, b) => a - b).join(','));
  if (choices.resourceIds.length) next.set('resources', [...choices.resourceIds].sort((a, b) => a - b).join(','));
  return next.toString().replace(/%2C/gi, ',');
}

const lastYear = (day: string): string => `${Number(day.slice(0, 4)) - 1}${day.slice(4)}`.replace(/-02-29$/, '-02-28');

/** The querystring of GET /statistics for the choices. */
export function statisticsQuery(choices: StatisticsChoices): StatisticsQuery {
  const query: StatisticsQuery = { From: choices.from, To: choices.to, GroupBy: choices.groupBy };
  if (choices.compare === 'lastYear') Object.assign(query, { CompareFrom: lastYear(choices.from), CompareTo: lastYear(choices.to) });
  if (choices.serviceIds.length) query.ServiceIds = choices.serviceIds;
  if (choices.resourceIds.length) query.ResourceIds = choices.resourceIds;
  return query;
}
