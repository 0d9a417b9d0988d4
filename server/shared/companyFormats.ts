import type { SystemSettings } from '../../schema/systemSettings';

export type DateFormat = SystemSettings['DateFormat'];
export type NumberFormat = SystemSettings['NumberFormat'];

/** How a company of each country writes dates and numbers until it chooses otherwise in the system settings. */
const COUNTRY_FORMATS: Record<string, { date: DateFormat; number: NumberFormat }> = {
  SE: { date: 'yyyy-MM-dd', number: 'space-comma' },
  FI: { date: 'dd.MM.yyyy', number: 'space-comma' },
  NO: { date: 'dd.MM.yyyy', number: 'space-comma' },
  DK: { date: 'dd.MM.yyyy', number: 'dot-comma' },
};

/**
 * How a company of the country writes dates and numbers until it saves its own in the system
 * settings (issue 36); Swedish for a country not listed.
 * @example defaultFormats('FI') // { date: 'dd.MM.yyyy', number: 'space-comma' }
 */
export const defaultFormats = (countryId: string | null | undefined) => COUNTRY_FORMATS[(countryId ?? '').toUpperCase()] ?? COUNTRY_FORMATS.SE!;

/** The group and decimal marks of each number format; the space is a no-break space, as Intl writes it. */
const MARKS: Record<NumberFormat, { group: string; decimal: string }> = {
  'space-comma': { group: '\u00a0', decimal: ',' },
  'dot-comma': { group: '.', decimal: ',' },
  'comma-dot': { group: ',', decimal: '.' },
};

/**
 * A number formatted by `format` (the language's currency placement and words) with the company's
 * group and decimal marks.
 * @example withMarks(new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'SEK' }), 1234.5, 'space-comma') // 'SEK 1 234,50'
 */
export function withMarks(format: Intl.NumberFormat, value: number, numberFormat: NumberFormat): string {
  const marks = MARKS[numberFormat];
  return format
    .formatToParts(value)
    .map((p) => (p.type === 'group' ? marks.group : p.type === 'decimal' ? marks.decimal : p.value))
    .join('');
}
