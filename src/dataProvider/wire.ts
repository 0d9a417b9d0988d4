/** The browser's IANA zone, sent as the Timezone header. */
export function resolveTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'Europe/Stockholm';
}

/**
 * A Date as the wire's zone-less local time `yyyy-MM-ddTHH:mm:ss` in `zone`.
 * @example
 * toWireDateTime(new Date('2025-03-30T08:00:00Z'), 'Europe/Stockholm'); // '2025-03-30T10:00:00'
 */
export function toWireDateTime(date: Date, zone: string = resolveTimeZone()): string {
  // Intl's zone data instead of luxon keeps the first bundle small; the data provider only needs this one conversion.
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${part('year').padStart(4, '0')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}:${part('second')}`;
}

/** Replaces every Date inside a JSON value by its wire form; other values pass through. */
export function serializeDates(value: unknown, zone: string): unknown {
  if (value instanceof Date) return toWireDateTime(value, zone);
  if (Array.isArray(value)) return value.map((v) => serializeDates(v, zone));
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, serializeDates(v, zone)]));
  }
  return value;
}

type QueryValue = string | number | boolean | null | undefined | (string | number | boolean)[];

function toQueryValue(value: unknown, zone: string): QueryValue {
  if (value === null || value === undefined || value === '') return undefined;
  if (value instanceof Date) return toWireDateTime(value, zone);
  if (Array.isArray(value)) {
    const items = value
      .map((v) => toQueryValue(v, zone))
      .filter((v): v is string | number | boolean => v !== undefined && v !== null && !Array.isArray(v));
    return items.length ? items : undefined;
  }
  if (typeof value === 'object') return JSON.stringify(value);
  return value as string | number | boolean;
}

/**
 * Builds the query string of a call: arrays repeated, null/undefined/'' left out, Dates as wire local times.
 * @example
 * buildQuery({ StatusIds: [1, 5], Search: '', Take: 25 }, 'Europe/Stockholm'); // 'StatusIds=1&StatusIds=5&Take=25'
 */
export function buildQuery(params: Record<string, unknown>, zone: string): string {
  const prepared: Record<string, QueryValue> = {};
  for (const [key, value] of Object.entries(params)) {
    const v = toQueryValue(value, zone);
    if (v !== undefined) prepared[key] = v;
  }
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(prepared)) {
    for (const item of Array.isArray(value) ? value : [value]) if (item !== null && item !== undefined) search.append(key, String(item));
  }
  // URLSearchParams writes a space as '+' (a literal '+' as %2B); the API gets %20 as before.
  return search.toString().replace(/\+/g, '%20');
}

/** Joins base, path and query: withQuery('/api', '/services', 'Id=1') → '/api/services?Id=1'. */
export function withQuery(base: string, path: string, query: string): string {
  const url = `${base}${path.startsWith('/') ? '' : '/'}${path}`;
  return query ? `${url}${url.includes('?') ? '&' : '?'}${query}` : url;
}

/**
 * A server FieldName as a react-hook-form path: `Prices[0].Price` → `Prices.0.Price`.
 * @example
 * toFormPath('GroupBooking.Min'); // 'GroupBooking.Min'
 */
export function toFormPath(fieldName: string): string {
  return fieldName.replace(/\[(\d+)\]/g, '.$1').replace(/^\./, '');
}
