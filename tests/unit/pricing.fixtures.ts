import { DateTime } from 'luxon';
import type { PriceRule, RebateCodeRule } from '../../domain/pricing';

export const ZONE = 'Europe/Stockholm';

/** Monday 2 June 2025. */
export const MONDAY = '2025-06-02';
/** Saturday 7 June 2025. */
export const SATURDAY = '2025-06-07';

export function at(local: string): DateTime {
  return DateTime.fromISO(local, { zone: ZONE });
}

/** A price valid always unless told otherwise: 100 kr, whole duration, 25 % VAT, SEK. */
export function price(overrides: Partial<PriceRule> & { Id: number }): PriceRule {
  return {
    Price: 100,
    CalculationTypeId: 1,
    CurrencyId: 'SEK',
    PriceSign: 'kr',
    VAT: 25,
    Category: '',
    PriceText: '',
    From: null,
    To: null,
    DaysOfWeek: [],
    FromTime: null,
    ToTime: null,
    ...overrides,
  };
}

/** An active code usable by anyone on any day: a 10 % code unless told otherwise. */
export function code(overrides: Partial<RebateCodeRule> & { Id: number }): RebateCodeRule {
  return {
    RebateCodeSign: `CODE${overrides.Id}X`,
    RebateCodeTypeId: 1,
    RebateCodeValue: 10,
    ValidFrom: null,
    ValidTo: null,
    FromTime: null,
    ToTime: null,
    MaxNumberOfUses: 9999,
    MaxNumberOfUsesPerCustomer: 1,
    NumberOfUsesUsed: 0,
    RemainingAmount: null,
    RemainingUsage: null,
    RebateCodeStatusId: 1,
    DaysOfWeek: [],
    Services: [],
    Customers: [],
    ...overrides,
  };
}

export const percent = (Id: number, value: number, extra: Partial<RebateCodeRule> = {}) =>
  code({ Id, RebateCodeTypeId: 1, RebateCodeValue: value, ...extra });
export const fixed = (Id: number, value: number, extra: Partial<RebateCodeRule> = {}) =>
  code({ Id, RebateCodeTypeId: 2, RebateCodeValue: value, ...extra });
export const punchTicket = (Id: number, punches: number, extra: Partial<RebateCodeRule> = {}) =>
  code({ Id, RebateCodeTypeId: 3, RebateCodeValue: punches, RemainingUsage: punches, MaxNumberOfUsesPerCustomer: 9999, ...extra });
export const valueCard = (Id: number, amount: number, extra: Partial<RebateCodeRule> = {}) =>
  code({ Id, RebateCodeTypeId: 4, RebateCodeValue: amount, RemainingAmount: amount, MaxNumberOfUsesPerCustomer: 9999, ...extra });
export const giftCard = (Id: number, amount: number, extra: Partial<RebateCodeRule> = {}) =>
  code({ Id, RebateCodeTypeId: 5, RebateCodeValue: amount, RemainingAmount: amount, MaxNumberOfUsesPerCustomer: 9999, ...extra });
