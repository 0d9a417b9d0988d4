import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../server/shared/messages';
import {
  calculatePrice,
  CodeNotApplicableError,
  notApplicableMessages,
  PricingError,
  whyNotApplicable,
  type ApplicabilityContext,
  type NotApplicableReason,
  type RebateCodeRule,
} from '../../domain/pricing';
import { MONDAY, SATURDAY, ZONE, at, code, giftCard, price, punchTicket, valueCard } from './pricing.fixtures';

const mondayMorning: ApplicabilityContext = { at: at(`${MONDAY}T10:00:00`), serviceId: 3, customerId: 9, customerUses: 0 };

describe('whyNotApplicable', () => {
  it('accepts an active code within all its limits', () => {
    const limited = code({
      Id: 1,
      ValidFrom: MONDAY,
      ValidTo: MONDAY,
      DaysOfWeek: [1],
      FromTime: '09:00:00',
      ToTime: '12:00:00',
      Services: [{ Id: 3 }],
      Customers: [{ Id: 9 }],
    });
    expect(whyNotApplicable(limited, mondayMorning)).toBeNull();
  });

  const cases: [NotApplicableReason, RebateCodeRule, Partial<ApplicabilityContext>?][] = [
    ['Inactive', code({ Id: 1, RebateCodeStatusId: 2 })],
    ['NotYetValid', code({ Id: 1, ValidFrom: '2025-06-03' })],
    ['Expired', code({ Id: 1, ValidTo: '2025-06-01' })],
    ['WrongDay', code({ Id: 1, DaysOfWeek: [6, 7] })],
    ['WrongTime', code({ Id: 1, FromTime: '12:00', ToTime: '15:00' })],
    ['NotForService', code({ Id: 1, Services: [{ Id: 4 }] })],
    ['NotForCustomer', code({ Id: 1, Customers: [{ Id: 10 }] })],
    ['NotForCustomer', code({ Id: 1, Customers: [{ Id: 9 }] }), { customerId: null }],
    ['UsedUp', code({ Id: 1, MaxNumberOfUses: 5, NumberOfUsesUsed: 5 })],
    ['UsedUp', punchTicket(1, 10, { RemainingUsage: 0 })],
    ['UsedUpForCustomer', code({ Id: 1, MaxNumberOfUsesPerCustomer: 1 }), { customerUses: 1 }],
    ['NoRemainingAmount', valueCard(1, 500, { RemainingAmount: 0 })],
    ['NoRemainingAmount', giftCard(1, 200, { RemainingAmount: 0 })],
  ];
  it.each(cases)('says %s', (reason, rule, context) => {
    expect(whyNotApplicable(rule, { ...mondayMorning, ...context })).toBe(reason);
  });

  it('judges dates and times at the booking start, ValidTo including its whole last day', () => {
    const june = code({ Id: 1, ValidTo: '2025-06-30' });
    expect(whyNotApplicable(june, { at: at('2025-06-30T23:30:00') })).toBeNull();
    expect(whyNotApplicable(june, { at: at('2025-07-01T00:00:00') })).toBe('Expired');
    const weekend = code({ Id: 2, DaysOfWeek: [6, 7] });
    expect(whyNotApplicable(weekend, { at: at(`${SATURDAY}T10:00:00`) })).toBeNull();
  });

  it('does not judge the time of day when only a date is known', () => {
    const evenings = code({ Id: 1, FromTime: '17:00', ToTime: '22:00' });
    expect(whyNotApplicable(evenings, { at: at(`${MONDAY}T00:00:00`), dateOnly: true })).toBeNull();
    expect(whyNotApplicable(evenings, { at: at(`${MONDAY}T00:00:00`) })).toBe('WrongTime');
  });

  it('skips the service check when no service is named and the per-customer limit when no customer is known', () => {
    const reserved = code({ Id: 1, Services: [{ Id: 4 }], MaxNumberOfUsesPerCustomer: 1 });
    expect(whyNotApplicable(reserved, { at: at(`${MONDAY}T10:00:00`), customerUses: 3 })).toBeNull();
  });

  it('has a message for every reason in sv, en, fi and no', () => {
    for (const [reason] of cases) {
      for (const lang of LANGUAGES) expect(notApplicableMessages[reason][lang]).toMatch(/\S/);
    }
  });
});

describe('codes in a price calculation', () => {
  const base = {
    prices: [price({ Id: 1, Price: 150 })],
    zone: ZONE,
    interval: { From: `${MONDAY}T10:00:00`, To: `${MONDAY}T11:00:00` },
    serviceId: 3,
  };

  it('refuses a code that does not apply, with the reason', () => {
    const expired = code({ Id: 5, ValidTo: '2025-01-01' });
    try {
      calculatePrice({ ...base, codes: [expired] });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(CodeNotApplicableError);
      expect(error).toMatchObject({ field: 'RebateCodeIds', code: 'Expired', rebateCodeId: 5 });
    }
  });

  it('refuses the same code twice: code already applied', () => {
    const twice = () => calculatePrice({ ...base, codes: [code({ Id: 5 }), code({ Id: 5 })] });
    expect(twice).toThrow(PricingError);
    expect(twice).toThrow(/CodeAlreadyApplied/);
  });

  it('counts the customer’s earlier uses per code', () => {
    const once = code({ Id: 5, MaxNumberOfUsesPerCustomer: 1 });
    expect(() => calculatePrice({ ...base, customerId: 9, customerUses: new Map([[5, 1]]), codes: [once] })).toThrow(/UsedUpForCustomer/);
    expect(calculatePrice({ ...base, customerId: 9, customerUses: new Map([[6, 1]]), codes: [once] }).total).toBe(13500);
  });
});
