import type { TranslateFunction } from 'react-admin';
import { formatMoney } from '../../../domain/pricing/money';
import { currencySign } from '../../i18n/format';
import type { StatisticsFigures } from '../../../schema/statistics';

/** The figures the screen shows, in order; how each is written. */
export const FIGURE_KEYS = ['Bookings', 'RevenueMinor', 'RevenueExVatMinor', 'Occupancy', 'Cancellations', 'NoShows', 'NewCustomers', 'ReturningBookings', 'AverageLeadMinutes'] as const;
export type FigureKey = (typeof FIGURE_KEYS)[number] | 'Spots' | 'VatMinor' | 'OpenMinutes' | 'BookedMinutes';

const numberLocale = (locale: string): string => (locale === 'no' ? 'nb' : locale);

/**
 * One figure as the interface language writes it: money with the currency's sign, occupancy in
 * percent, lead time in days or hours, time in hours, counts as whole numbers; '–' when there is none.
 * @example formatFigure('RevenueMinor', 1234500, 'SEK', 'sv', translate) // '12 345 kr'
 */
export function formatFigure(key: FigureKey, value: number | null, currencyId: string, locale: string, translate: TranslateFunction): string {
  if (value === null) return '–';
  const n = (v: number, digits = 0) => new Intl.NumberFormat(numberLocale(locale), { maximumFractionDigits: digits }).format(v);
  switch (key) {
    case 'RevenueMinor':
    case 'RevenueExVatMinor':
    case 'VatMinor':
      return formatMoney(value, currencySign(currencyId), locale);
    case 'Occupancy':
      return new Intl.NumberFormat(numberLocale(locale), { style: 'percent', maximumFractionDigits: 1 }).format(value);
    case 'AverageLeadMinutes':
      return value >= 1440 ? translate('custom.statistics.lead.days', { days: n(value / 1440, 1) }) : translate('custom.statistics.lead.hours', { hours: n(value / 60, 1) });
    case 'OpenMinutes':
    case 'BookedMinutes':
      return n(value / 60, 1);
    default:
      return n(value);
  }
}

/** A figure's raw value for exports (money in major units, occupancy as a fraction, time in hours). */
export function exportValue(key: FigureKey, value: number | null): number | string {
  if (value === null) return '';
  if (key.endsWith('Minor')) return value / 100;
  if (key === 'OpenMinutes' || key === 'BookedMinutes') return Math.round((value / 60) * 10) / 10;
  if (key === 'Occupancy') return Math.round(value * 10000) / 10000;
  return value;
}

/** The change from `before` to `now` in percent, written with its sign; null when before is 0 or missing. */
export function changeText(now: number | null, before: number | null, locale: string): string | null {
  if (now === null || before === null || before === 0) return null;
  return new Intl.NumberFormat(numberLocale(locale), { style: 'percent', maximumFractionDigits: 1, signDisplay: 'exceptZero' }).format((now - before) / Math.abs(before));
}

export const figureOf = (figures: StatisticsFigures, key: FigureKey): number | null => figures[key];
