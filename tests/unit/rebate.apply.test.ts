import { describe, expect, it } from 'vitest';
import {
  applyTransaction,
  calculatePrice,
  inApplyOrder,
  planConsumption,
  reverseConsumption,
  toCalculatePriceResponse,
  validateManualTransaction,
  type QuantityRequest,
  type RebateCodeRule,
} from '../../domain/pricing';
import { fixed, giftCard, MONDAY, percent, price, punchTicket, valueCard, ZONE } from './pricing.fixtures';

const prices = [
  price({ Id: 1, Price: 150, Category: 'Adult' }),
  price({ Id: 2, Price: 80, Category: 'Child' }),
  price({ Id: 3, Price: 30, Category: 'Racket', VAT: 25 }),
  price({ Id: 4, Price: 1000, Category: 'Court' }),
];

function priced(quantities: QuantityRequest[], codes: RebateCodeRule[]) {
  const calculation = calculatePrice({
    prices,
    zone: ZONE,
    interval: { From: `${MONDAY}T10:00:00`, To: `${MONDAY}T11:00:00` },
    quantities,
    codes,
  });
  return { calculation, wire: toCalculatePriceResponse(calculation) };
}

const court = [{ PriceId: 4, Quantity: 1 }];
const family = [
  { PriceId: 1, Quantity: 2 },
  { PriceId: 2, Quantity: 1 },
  { PriceId: 3, Quantity: 3, OccupiesSpot: false },
];

describe('what each code type takes off', () => {
  it('percent: 20 % of 1000 kr is 200 kr, and the VAT follows the lower price', () => {
    const { wire } = priced(court, [percent(1, 20)]);
    expect(wire).toMatchObject({ TotalPriceBeforeRebate: 1000, TotalPrice: 800, TotalVatAmount: 160 });
    expect(wire.AppliedCodes).toEqual([
      { RebateCodeId: 1, RebateCodeSign: 'CODE1X', RebateCodeValue: 20, RebateCodeType: { Id: 1, Name: 'Percent' }, RebateAmount: 200, Usage: 1 },
    ]);
  });

  it('percent: 100 % takes everything and no more', () => {
    expect(priced(court, [percent(1, 100)]).wire.TotalPrice).toBe(0);
  });

  it('fixed amount: 50 kr off, but never more than the price', () => {
    expect(priced(court, [fixed(1, 50)]).wire.TotalPrice).toBe(950);
    const { wire } = priced([{ PriceId: 2, Quantity: 1 }], [fixed(1, 200)]);
    expect(wire.TotalPrice).toBe(0);
    expect(wire.AppliedCodes[0].RebateAmount).toBe(80);
  });

  it('punch ticket: one punch per booked spot, the dearest first; extras are not covered', () => {
    const two = priced(family, [punchTicket(1, 2)]).wire;
    expect(two.AppliedCodes[0]).toMatchObject({ RebateAmount: 300, Usage: 2 });
    expect(two.TotalPrice).toBe(80 + 90);
    const plenty = priced(family, [punchTicket(1, 10)]).wire;
    expect(plenty.AppliedCodes[0]).toMatchObject({ RebateAmount: 380, Usage: 3 });
    expect(plenty.TotalPrice).toBe(90);
  });

  it('value card: draws from what is left on the card, at most the price', () => {
    expect(priced(court, [valueCard(1, 500)]).wire).toMatchObject({ TotalPrice: 500, AppliedCodes: [{ RebateAmount: 500 }] });
    expect(priced([{ PriceId: 1, Quantity: 1 }], [valueCard(1, 500)]).wire).toMatchObject({
      TotalPrice: 0,
      TotalVatAmount: 0,
      AppliedCodes: [{ RebateAmount: 150 }],
    });
    expect(priced(court, [valueCard(1, 500, { RemainingAmount: 120.5 })]).wire.TotalPrice).toBe(879.5);
  });

  it('gift card: like a value card', () => {
    expect(priced(court, [giftCard(1, 250)]).wire).toMatchObject({ TotalPrice: 750, AppliedCodes: [{ RebateCodeType: { Id: 5, Name: 'GiftCard' } }] });
  });

  it('spreads a rebate over lines with different VAT so lines and totals still agree', () => {
    const { wire } = priced(family, [fixed(1, 100)]);
    const sum = (pick: (d: (typeof wire.PriceDetails)[number]) => number) => wire.PriceDetails.reduce((s, d) => s + Math.round(pick(d) * 100), 0);
    expect(sum((d) => d.Price)).toBe(Math.round(wire.TotalPrice * 100));
    expect(sum((d) => d.VatAmount)).toBe(Math.round(wire.TotalVatAmount * 100));
    expect(wire.TotalPrice).toBe(370);
  });
});

describe('several codes together', () => {
  it('a value card of 500 kr and a 20 % code on 1000 kr: the percent first, the card pays from what is left', () => {
    const card = valueCard(1, 500);
    const twenty = percent(2, 20);
    const one = priced(court, [card, twenty]).wire;
    const other = priced(court, [twenty, card]).wire;
    expect(one).toEqual(other);
    expect(one.TotalPrice).toBe(300);
    expect(one.AppliedCodes.map((c) => [c.RebateCodeType.Name, c.RebateAmount])).toEqual([
      ['Percent', 200],
      ['ValueCard', 500],
    ]);
  });

  it('a punch ticket pays the visit before a percent code, which then only sees the extras', () => {
    const { wire } = priced(family, [percent(2, 50), punchTicket(1, 3)]);
    expect(wire.AppliedCodes.map((c) => [c.RebateCodeType.Name, c.RebateAmount, c.Usage])).toEqual([
      ['PunchTicket', 380, 3],
      ['Percent', 45, 1],
    ]);
    expect(wire.TotalPrice).toBe(45);
  });

  it('order: punch tickets, percent, fixed amounts, gift cards, value cards; the first to expire first', () => {
    const codes = [valueCard(1, 10), giftCard(2, 10), fixed(3, 10), percent(4, 10), punchTicket(5, 1), valueCard(6, 10, { ValidTo: '2025-12-31' })];
    expect(inApplyOrder(codes).map((c) => c.Id)).toEqual([5, 4, 3, 2, 6, 1]);
  });

  it('two cards: the one expiring first is drawn first, the other pays the rest', () => {
    const later = valueCard(1, 800, { ValidTo: '2026-12-31' });
    const sooner = valueCard(2, 700, { ValidTo: '2025-12-31' });
    const { wire } = priced(court, [later, sooner]);
    expect(wire.AppliedCodes.map((c) => [c.RebateCodeId, c.RebateAmount])).toEqual([
      [2, 700],
      [1, 300],
    ]);
    expect(wire.TotalPrice).toBe(0);
  });

  it('codes that have nothing left to take are listed with 0 and use nothing', () => {
    const { calculation, wire } = priced(court, [fixed(1, 1000), percent(2, 10)]);
    expect(wire.AppliedCodes.map((c) => [c.RebateCodeId, c.RebateAmount, c.Usage])).toEqual([
      [2, 100, 1],
      [1, 900, 1],
    ]);
    const nothingLeft = priced(court, [percent(1, 100), valueCard(2, 50)]);
    expect(planConsumption(nothingLeft.calculation.applied, 7)).toEqual([
      { RebateCodeId: 1, Amount: 1000, Usage: 1, ChangeType: 'Decrease', BookingId: 7 },
    ]);
    expect(calculation.total).toBe(0);
  });
});

describe('consumption and transactions', () => {
  it('plans one Decrease per code that took something off', () => {
    const { calculation } = priced(family, [punchTicket(1, 5), valueCard(2, 500)]);
    expect(planConsumption(calculation.applied, 42)).toEqual([
      { RebateCodeId: 1, Amount: 380, Usage: 3, ChangeType: 'Decrease', BookingId: 42 },
      { RebateCodeId: 2, Amount: 90, Usage: 1, ChangeType: 'Decrease', BookingId: 42 },
    ]);
  });

  it('a punch ticket with one punch left can be used once; then it is used up', () => {
    const ticket = punchTicket(1, 10, { RemainingUsage: 1 });
    const [draft] = planConsumption(priced([{ PriceId: 1, Quantity: 2 }], [ticket]).calculation.applied, 1);
    expect(draft.Usage).toBe(1);
    const after = applyTransaction(ticket, draft);
    expect(after).toMatchObject({ ok: true, balance: { RemainingUsage: 0, NumberOfUsesUsed: 1 } });
    expect(applyTransaction(after.ok ? after.balance : ticket, draft)).toMatchObject({ ok: false, problem: { field: 'Usage', code: 'InsufficientBalance' } });
  });

  it('a value card balance moves by the amount and comes back when the booking is cancelled', () => {
    const card = valueCard(1, 500);
    const drafts = planConsumption(priced([{ PriceId: 1, Quantity: 1 }], [card]).calculation.applied, 3);
    const used = applyTransaction(card, drafts[0]);
    expect(used).toMatchObject({ ok: true, balance: { RemainingAmount: 350, NumberOfUsesUsed: 1 } });
    const back = applyTransaction(used.ok ? used.balance : card, reverseConsumption(drafts)[0]);
    expect(back).toMatchObject({ ok: true, balance: { RemainingAmount: 500, NumberOfUsesUsed: 0 } });
  });

  it('manual transactions change only cards and punch tickets, never below zero', () => {
    expect(validateManualTransaction(valueCard(1, 500), { Amount: 100, ChangeType: 'Increase' })).toEqual([]);
    expect(validateManualTransaction(valueCard(1, 500), { Amount: 600, ChangeType: 'Decrease' })).toMatchObject([{ field: 'Amount', code: 'InsufficientBalance' }]);
    expect(validateManualTransaction(valueCard(1, 500), { Amount: 10.555, ChangeType: 'Increase' })).toMatchObject([{ code: 'TooManyDecimals' }]);
    expect(validateManualTransaction(valueCard(1, 500), { ChangeType: 'Increase' })).toMatchObject([{ field: 'Amount', code: 'Required' }]);
    expect(validateManualTransaction(punchTicket(1, 5), { Usage: 2, ChangeType: 'Decrease' })).toEqual([]);
    expect(validateManualTransaction(punchTicket(1, 5), { Usage: 1.5, ChangeType: 'Increase' })).toMatchObject([{ field: 'Usage', code: 'NotWholeNumber' }]);
    expect(validateManualTransaction(punchTicket(1, 5), { Usage: 0, ChangeType: 'Increase' })).toMatchObject([{ field: 'Usage', code: 'MustBePositive' }]);
    expect(validateManualTransaction(percent(1, 10), { Amount: 10, ChangeType: 'Increase' })).toMatchObject([{ field: 'RebateCodeId', code: 'NoBalance' }]);
  });
});
