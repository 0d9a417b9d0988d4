import { DateTime } from 'luxon';
import { formatMoney, toMinor } from '../../domain/pricing/money';

/**
 * An amount (major units, as on the wire) with its currency sign in the interface language: the
 * spec's one money rule (core.md §9), written once in the pricing domain's `formatMoney`: the sign
 * after the amount except '$', which goes before; the locale's decimal mark; whole amounts without decimals.
 * @example
 * formatAmount(149.5, 'kr', 'sv') // '149,50 kr'
 * formatAmount(10, '$', 'en') // '$10'
 */
export function formatAmount(amount: number, sign: string, locale: string): string {
  return formatMoney(toMinor(amount), sign, locale);
}

const CURRENCY_SIGNS: Record<string, string> = { SEK: 'kr', NOK: 'kr', DKK: 'kr', EUR: '€' };

/**
 * The sign written with an amount of a currency (ISO code): kr, €; the code itself for one not listed.
 * @example currencySign('SEK') // 'kr'
 */
export const currencySign = (currencyId: string): string => CURRENCY_SIGNS[currencyId] ?? currencyId;

/**
 * The locale dates and times are written in for each interface language. English follows the
 * conventions of the companies the product serves (the Nordic countries: day before month, 24-hour
 * clock), as British English writes them, not the US ones (issue 30); the server's mails do the same.
 */
const DATE_LOCALES: Record<string, string> = { sv: 'sv', en: 'en-GB', fi: 'fi', no: 'nb' };

/**
 * The locale to write dates and times in for an interface language (DATE_LOCALES).
 * @example DateTime.now().setLocale(dateLocale('en')).toLocaleString(DateTime.DATE_SHORT) // '21/11/2026'
 */
export const dateLocale = (locale: string): string => DATE_LOCALES[locale] ?? locale;

/**
 * A wire date (`yyyy-MM-dd`) or date-time (`yyyy-MM-ddTHH:mm:ss`, the company's local time) as the
 * interface language writes it, the same way the date pickers do: sv 2026-11-21 14:00,
 * fi 21.11.2026 14.00, no 21.11.2026, 14:00, en 21/11/2026, 14:00. Anything else comes back as given.
 * @example
 * formatWireDate('2026-11-21T14:00:00', 'sv') // '2026-11-21 14:00'
 * formatWireDate('2026-11-21', 'fi') // '21.11.2026'
 */
export function formatWireDate(value: string, locale: string): string {
  // Read as UTC so that a wall-clock time the browser's own zone skips (a DST gap) stays as written.
  const parsed = DateTime.fromISO(value, { zone: 'utc' });
  if (!parsed.isValid) return value;
  const withTime = value.length > 10;
  return parsed.setLocale(dateLocale(locale)).toLocaleString(withTime ? DateTime.DATETIME_SHORT : DateTime.DATE_SHORT);
}

/**
 * The time of a wire date-time or time (`HH:mm[:ss]`) as the interface language writes it, as in
 * formatWireDate: sv 14:00, fi 14.00, no 14:00, en 14:00.
 * @example formatWireTime('2026-11-21T14:00:00', 'fi') // '14.00'
 */
export function formatWireTime(value: string, locale: string): string {
  const time = value.length > 8 ? value.slice(11) : value;
  const parsed = DateTime.fromISO(`2000-01-01T${time}`, { zone: 'utc' });
  if (!parsed.isValid) return value;
  return parsed.setLocale(dateLocale(locale)).toLocaleString(DateTime.TIME_SIMPLE);
}

/**
 * A span between two wire date-times, the day written once when both fall on it:
 * sv '2026-11-21 10:00–11:00', en '21/11/2026 10:00–22/11/2026 09:00'. `separator` goes between the two ends.
 * @example formatWireSpan('2030-01-14T10:00:00', '2030-01-14T11:00:00', 'sv') // '2030-01-14 10:00–11:00'
 */
export function formatWireSpan(from: string, to: string, locale: string, separator = '–'): string {
  const day = (v: string) => formatWireDate(v.slice(0, 10), locale);
  const sameDay = from.slice(0, 10) === to.slice(0, 10);
  return `${day(from)} ${formatWireTime(from, locale)}${separator}${sameDay ? '' : `${day(to)} `}${formatWireTime(to, locale)}`;
}
