import { describe, expect, it } from 'vitest';
import { afterPaymentChange, canDo, changedFields, holdDeadline, quantityLines, refundAmount, refusal, spotsOf, STATUS, statusAfter } from '../../domain/bookings';

describe('booking rules', () => {
  it('a booking marked paid that is no longer paid in full is booked again; other statuses stay', () => {
    expect(afterPaymentChange(STATUS.Payed, 0, 36000)).toBe(STATUS.Booked);
    expect(afterPaymentChange(STATUS.Payed, 35999, 36000)).toBe(STATUS.Booked);
    expect(afterPaymentChange(STATUS.Payed, 36000, 36000)).toBe(STATUS.Payed);
    expect(afterPaymentChange(STATUS.Invoiced, 0, 36000)).toBe(STATUS.Invoiced);
    expect(afterPaymentChange(STATUS.Canceled, 0, 36000)).toBe(STATUS.Canceled);
  });

  it('a full time is a conflict; more spots than are left is a bad request naming Quantities', () => {
    expect(refusal({ available: false, reason: 'NotEnoughSpots', freeSpots: 0 }, 1)).toEqual({ status: 409, code: 'Taken' });
    expect(refusal({ available: false, reason: 'NotEnoughSpots', freeSpots: 2 }, 3)).toMatchObject({ status: 400, field: 'Quantities', freeSpots: 2 });
    expect(refusal({ available: false, reason: 'InThePast', freeSpots: 0 }, 1)).toMatchObject({ status: 400, field: 'From' });
    expect(refusal({ available: true, freeSpots: 4 }, 1)).toBeNull();
  });

  it('allows each action only in the statuses it makes sense in', () => {
    expect(canDo('approve', STATUS.Reserved)).toBe(true);
    expect(canDo('approve', STATUS.Booked)).toBe(false);
    expect(canDo('cancel', STATUS.Canceled)).toBe(false);
    expect(canDo('cancel', STATUS.Payed)).toBe(true);
    expect(canDo('markAsPaid', STATUS.Payed)).toBe(false);
    expect(canDo('changeQuantity', STATUS.Unbooked)).toBe(false);
    expect(statusAfter('decline', STATUS.Reserved)).toBe(STATUS.Unbooked);
    expect(statusAfter('markAsPaid', STATUS.Invoiced)).toBe(STATUS.Invoiced);
  });

  it('holds reserved and unpaid bookings until their deadline only', () => {
    const settings = { reservationHoldMinutes: 60, paymentHoldMinutes: 30 };
    expect(holdDeadline(STATUS.Reserved, settings, 0)).toBe(3_600_000);
    expect(holdDeadline(STATUS.AwaitingPayment, settings, 0)).toBe(1_800_000);
    expect(holdDeadline(STATUS.Booked, settings, 0)).toBeNull();
  });

  it('sums price periods per requested quantity and counts only spot-taking quantities', () => {
    const price = { Id: 7, VAT: 6, Category: 'Vuxen', PriceText: null };
    const lines = quantityLines([
      { quantityIndex: 1, price: { ...price, Id: 8 }, quantity: 1, occupiesSpot: false, beforeRebate: 500, amount: 500, vat: 28 },
      { quantityIndex: 0, price, quantity: 2, occupiesSpot: true, beforeRebate: 10000, amount: 9000, vat: 509 },
      { quantityIndex: 0, price, quantity: 2, occupiesSpot: true, beforeRebate: 5000, amount: 5000, vat: 283 },
    ]);
    expect(lines.map((l) => [l.priceId, l.amount, l.beforeRebate, l.vatAmount])).toEqual([
      [7, 14000, 15000, 792],
      [8, 500, 500, 28],
    ]);
    expect(spotsOf([{ Quantity: 2 }, { Quantity: 3, OccupiesSpot: false }])).toBe(2);
  });

  it('logs only what changed, and refunds at most what is left of a payment', () => {
    expect(changedFields({ StatusId: 1, From: 'a' }, { StatusId: 4, From: 'a' })).toEqual({ before: { StatusId: 1 }, after: { StatusId: 4 } });
    expect(changedFields(null, { StatusId: 1 })).toEqual({ before: null, after: { StatusId: 1 } });
    expect(refundAmount(10000, 2500, undefined)).toEqual({ ok: true, amount: 7500 });
    expect(refundAmount(10000, 2500, 8000)).toEqual({ ok: false, left: 7500 });
    expect(refundAmount(10000, 10000, undefined)).toEqual({ ok: false, left: 0 });
  });
});
