import { DateTime } from 'luxon';
import { formatWireDate, dateLocale } from '../../i18n/format';


/**
 * A booking's time in the interface language, from the wire's company-local times: the end as a time of
 * day when it falls on the same day.
 * @example formatRange('2026-11-21T14:00:00', '2026-11-21T15:00:00', 'sv') // '2026-11-21 14:00 – 15:00'
 */
export function formatRange(from: string, to: string, locale: string): string {
  const start = formatWireDate(from, locale);
  if (from.slice(0, 10) !== to.slice(0, 10)) return `${start} – ${formatWireDate(to, locale)}`;
  const end = DateTime.fromISO(to, { zone: 'utc' });
  if (!end.isValid) return start;
  return `${start} – ${end.setLocale(dateLocale(locale)).toLocaleString(DateTime.TIME_SIMPLE)}`;
}
