import { describe, expect, it } from 'vitest';
import { allocate, formatMoney, roundDiv, toMajor, toMinor, vatFraction, vatOfGross, VAT_RATE_FRACTIONS } from '../../domain/pricing';

describe('money in minor units', () => {
  it('rounds halves away from zero, exactly', () => {
    expect(roundDiv(5n, 2n)).toBe(3);
    expect(roundDiv(-5n, 2n)).toBe(-3);
    expect(roundDiv(4n, 3n)).toBe(1);
    expect(roundDiv(5n, 3n)).toBe(2);
  });

  it('converts between kronor and öre without float drift', () => {
    expect(toMinor(0.1 + 0.2)).toBe(30);
    expect(toMinor(149.5)).toBe(14950);
    expect(toMajor(1667)).toBe(16.67);
  });

  it('takes the VAT out of a VAT-inclusive price', () => {
    expect(vatOfGross(12500, 25)).toBe(2500);
    expect(vatOfGross(10000, 6)).toBe(566);
    expect(vatOfGross(11200, 12)).toBe(1200);
    expect(vatOfGross(10000, 0)).toBe(0);
  });

  it('gives the spec rates as fractions for accounting', () => {
    expect(VAT_RATE_FRACTIONS).toEqual([0, 0.06, 0.1, 0.12, 0.24, 0.25, 0.255]);
    expect([0, 6, 12, 25].map(vatFraction)).toEqual([0, 0.06, 0.12, 0.25]);
    expect(vatFraction(25.5)).toBe(0.255);
  });

  it('splits an amount in proportion so the parts add up exactly', () => {
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocate(1000, [30000, 10000])).toEqual([750, 250]);
    expect(allocate(0, [5, 5])).toEqual([0, 0]);
    expect(allocate(7, [0, 0])).toEqual([0, 0]);
  });

  it('writes the currency sign after the amount, except $ before', () => {
    expect(formatMoney(14950, 'kr', 'sv')).toBe('149,50 kr');
    expect(formatMoney(15000, 'kr', 'sv')).toBe('150 kr');
    expect(formatMoney(14950, '$', 'en')).toBe('$149.50');
    expect(formatMoney(100000, '€', 'fi')).toBe('1\u00a0000 €');
  });
});
