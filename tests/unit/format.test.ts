import { afterEach, describe, expect, it } from 'vitest';
import { Settings } from 'luxon';
import { formatAmount, formatWireDate } from '../../src/i18n/format';

describe('formatWireDate: dates as the interface language writes them, like the pickers', () => {
  it.each([
    ['sv', '2026-11-21 14:05', '2026-11-21'],
    ['en', /^11\/21\/2026, 2:05\sPM$/, '11/21/2026'],
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
