import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../server/shared/messages';
import {
  generateSign,
  initialBalance,
  normaliseSign,
  pricingAndRebateMessages,
  resolveDefaults,
  SIGN_ALPHABET,
  validateRebateCodeInput,
  validateSign,
} from '../../domain/pricing';

describe('signs', () => {
  it('must be more than four characters of letters, digits and dashes', () => {
    expect(validateSign('ABCD')).toEqual([{ field: 'RebateCodeSign', code: 'SignTooShort', params: { limit: 4 } }]);
    expect(validateSign('  ABCD  ')).toMatchObject([{ code: 'SignTooShort' }]);
    expect(validateSign('ABCDE')).toEqual([]);
    expect(validateSign('sommar-2025')).toEqual([]);
    expect(validateSign('VÅRREA')).toEqual([]);
    expect(validateSign('TEN OFF')).toMatchObject([{ code: 'SignInvalidCharacters' }]);
    expect(validateSign('50%OFF')).toMatchObject([{ code: 'SignInvalidCharacters' }]);
    expect(validateSign('A'.repeat(51))).toMatchObject([{ code: 'SignTooLong' }]);
  });

  it('compare case-insensitively through one normal form', () => {
    expect(normaliseSign('  Sommar25 ')).toBe('SOMMAR25');
    expect(normaliseSign('sommar25')).toBe(normaliseSign('SOMMAR25'));
    expect(normaliseSign('va\u0308rde')).toBe('VÄRDE');
  });

  it('are generated readable: 8 characters without 0, O, 1, I or L', () => {
    const signs = Array.from({ length: 200 }, () => generateSign());
    for (const sign of signs) {
      expect(sign).toMatch(/^[A-HJKMNP-Z2-9]{8}$/);
      expect(validateSign(sign)).toEqual([]);
    }
    expect(new Set(signs).size).toBeGreaterThan(190);
    expect(SIGN_ALPHABET).not.toMatch(/[01OIL]/);
    expect(generateSign({ length: 4, prefix: 'gift-', randomInt: () => 0 })).toBe('GIFT-AAAA');
  });
});

describe('code input', () => {
  it('accepts a plain code of every type', () => {
    for (const [type, value] of [[1, 20], [2, 50], [3, 10], [4, 500], [5, 249.5]] as const) {
      expect(validateRebateCodeInput({ RebateCodeTypeId: type, RebateCodeValue: value, RebateCodeSign: 'SUMMER' })).toEqual([]);
    }
  });

  it('names the field of every problem at once', () => {
    const problems = validateRebateCodeInput({
      RebateCodeSign: 'ABC',
      RebateCodeTypeId: 1,
      RebateCodeValue: 120,
      ValidFrom: '2025-07-01',
      ValidTo: '2025-06-01',
      FromTime: '18:00',
      ToTime: '09:00',
      MaxNumberOfUses: 0,
      MaxNumberOfUsesPerCustomer: 0,
    });
    expect(problems.map((p) => [p.field, p.code])).toEqual([
      ['RebateCodeSign', 'SignTooShort'],
      ['RebateCodeValue', 'PercentOver100'],
      ['ValidFrom', 'FromAfterTo'],
      ['FromTime', 'FromAfterTo'],
      ['MaxNumberOfUses', 'MinValue'],
      ['MaxNumberOfUsesPerCustomer', 'MinValue'],
    ]);
  });

  it('refuses negative values, fractional punches and sub-öre amounts', () => {
    expect(validateRebateCodeInput({ RebateCodeTypeId: 4, RebateCodeValue: -1 })).toMatchObject([{ field: 'RebateCodeValue', code: 'Negative' }]);
    expect(validateRebateCodeInput({ RebateCodeTypeId: 3, RebateCodeValue: 2.5 })).toMatchObject([{ code: 'NotWholeNumber' }]);
    expect(validateRebateCodeInput({ RebateCodeTypeId: 3, RebateCodeValue: 0 })).toMatchObject([{ code: 'MustBePositive' }]);
    expect(validateRebateCodeInput({ RebateCodeTypeId: 2, RebateCodeValue: 10.005 })).toMatchObject([{ code: 'TooManyDecimals' }]);
    expect(validateRebateCodeInput({ RebateCodeTypeId: 1, RebateCodeValue: 12.5 })).toEqual([]);
  });

  it('allows a one-day code but not an empty time window', () => {
    expect(validateRebateCodeInput({ RebateCodeTypeId: 1, RebateCodeValue: 5, ValidFrom: '2025-06-01', ValidTo: '2025-06-01' })).toEqual([]);
    expect(validateRebateCodeInput({ RebateCodeTypeId: 1, RebateCodeValue: 5, FromTime: '10:00', ToTime: '10:00' })).toMatchObject([{ field: 'FromTime' }]);
  });

  it('fills defaults: 9999 uses; one per customer for discounts, unlimited per customer for tickets and cards', () => {
    expect(resolveDefaults({ RebateCodeTypeId: 1, RebateCodeValue: 10 })).toEqual({
      RebateCodeTypeId: 1,
      RebateCodeValue: 10,
      MaxNumberOfUses: 9999,
      MaxNumberOfUsesPerCustomer: 1,
      RebateCodeStatusId: 1,
    });
    expect(resolveDefaults({ RebateCodeTypeId: 4, RebateCodeValue: 500 }).MaxNumberOfUsesPerCustomer).toBe(9999);
    expect(resolveDefaults({ RebateCodeTypeId: 3, RebateCodeValue: 10, MaxNumberOfUsesPerCustomer: 2 }).MaxNumberOfUsesPerCustomer).toBe(2);
  });

  it('starts cards with their value and tickets with their punches', () => {
    expect(initialBalance(4, 500)).toEqual({ RemainingAmount: 500, RemainingUsage: null });
    expect(initialBalance(3, 10)).toEqual({ RemainingAmount: null, RemainingUsage: 10 });
    expect(initialBalance(1, 20)).toEqual({ RemainingAmount: null, RemainingUsage: null });
  });
});

describe('messages', () => {
  it('exist in sv, en, fi and no for every pricing and rebate problem, each language its own', () => {
    for (const [key, texts] of Object.entries(pricingAndRebateMessages)) {
      for (const lang of LANGUAGES) expect(texts[lang], `${key}.${lang}`).toMatch(/\S/);
      expect(texts.sv, key).not.toBe(texts.en);
    }
  });
});
