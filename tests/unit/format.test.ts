import { afterEach, describe, expect, it } from 'vitest';
import { Settings } from 'luxon';
import { getContrastRatio } from '@mui/material/styles';
import { formatAmount, formatWireDate, formatWireSpan, formatWireTime } from '../../src/i18n/format';
import { readableTextOn } from '../../src/common/readableText';

describe('formatWireDate: dates as the interface language writes them, like the pickers', () => {
  it.each([
    ['sv', '2026-11-21 14:05', '2026-11-21'],
    ['en', '21/11/2026, 14:05', '21/11/2026'],
    ['fi', '21.11.2026 klo 14.05', '21.11.2026'],
    ['no', '21.11.2026, 14:05', '21.11.2026'],
  ])('%s', (locale, dateTime, date) => {
    expect(formatWireDate('2026-11-21T14:05:00', locale)).toMatch(dateTime);
    expect(formatWireDate('2026-11-21', locale)).toBe(date);
  });

  afterEach(() => {
    Settings.defaultZone = 'system';
  });

  it('keeps the wall-clock time of the wire in a browser whose zone skips that hour', () => {
    Settings.defaultZone = 'Europe/Stockholm';
    expect(formatWireDate('2026-03-29T02:30:00', 'sv')).toBe('2026-03-29 02:30');
  });

  it('gives back what it cannot read', () => {
    expect(formatWireDate('soon', 'sv')).toBe('soon');
  });
});

describe('formatAmount: the locale decimal mark, the sign after the amount except $', () => {
  it.each([
    ['sv', 149.5, 'kr', '149,50 kr'],
    ['en', 149.5, 'kr', '149.50 kr'],
    ['fi', 150, '€', '150 €'],
    ['en', 10, '$', '$10'],
  ])('%s %d %s', (locale, amount, sign, text) => {
    expect(formatAmount(amount, sign, locale)).toBe(text);
  });
});

describe('formatWireTime and formatWireSpan: times and spans the same way as formatWireDate', () => {
  it.each([
    ['sv', '14:05', '2030-01-14 10:00–11:00', '2030-01-14 22:00–2030-01-15 06:00'],
    ['en', '14:05', '14/01/2030 10:00–11:00', '14/01/2030 22:00–15/01/2030 06:00'],
    ['fi', '14.05', '14.1.2030 10.00–11.00', '14.1.2030 22.00–15.1.2030 6.00'],
    ['no', '14:05', '14.1.2030 10:00–11:00', '14.1.2030 22:00–15.1.2030 06:00'],
  ])('%s', (locale, time, span, overnight) => {
    expect(formatWireTime('14:05:00', locale)).toMatch(time);
    expect(formatWireTime('2026-11-21T14:05:00', locale)).toMatch(time);
    expect(formatWireSpan('2030-01-14T10:00:00', '2030-01-14T11:00:00', locale)).toMatch(span);
    expect(formatWireSpan('2030-01-14T22:00:00', '2030-01-15T06:00:00', locale)).toMatch(overnight);
  });
});

describe('readableTextOn: text on a colour an administrator chose', () => {
  it('reaches 4.5:1 on every colour of the demo and on dark ones picks white', () => {
    for (const bg of ['#4fc3f7', '#81c784', '#ffb74d', '#e57373', '#ba68c8', '#4db6ac', '#f06292', '#9575cd', '#aed581']) {
      expect(getContrastRatio(readableTextOn(bg), bg), bg).toBeGreaterThanOrEqual(4.5);
    }
    expect(readableTextOn('#1565c0')).toBe('#ffffff');
    expect(readableTextOn('#ba68c8')).toBe('#000000');
  });
});
