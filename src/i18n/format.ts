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

const DATE_LOCALES: Record<string, string> = { sv: 'sv', en: 'en-US', fi: 'fi', no: 'nb' };

/**
 * A wire date (`yyyy-MM-dd`) or date-time (`yyyy-MM-ddTHH:mm:ss`, the company's local time) as the
 * interface language writes it, the same way the date pickers do: sv 2026-11-21 14:00,
 * fi 21.11.2026 14.00, no 21.11.2026, 14:00, en 11/21/2026, 2:00 PM. Anything else comes back as given.
 * @example
 * formatWireDate('2026-11-21T14:00:00', 'sv') // '2026-11-21 14:00'
 * formatWireDate('2026-11-21', 'fi') // '21.11.2026'
 */
export function formatWireDate(value: string, locale: string): string {
  // Read as UTC so that a wall-clock time the browser's own zone skips (a DST gap) stays as written.
  const parsed = DateTime.fromISO(value, { zone: 'utc' });
  if (!parsed.isValid) return value;
  const withTime = value.length > 10;
  return parsed.setLocale(DATE_LOCALES[locale] ?? locale).toLocaleString(withTime ? DateTime.DATETIME_SHORT : DateTime.DATE_SHORT);
}
