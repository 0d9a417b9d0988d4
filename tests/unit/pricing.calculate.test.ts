import { describe, expect, it } from 'vitest';
import { calculatePrice, PricingError, toCalculatePriceResponse, type PriceRule, type QuantityRequest } from '../../domain/pricing';
import { MONDAY, SATURDAY, ZONE, price } from './pricing.fixtures';

function calc(prices: PriceRule[], from: string, to: string, quantities?: QuantityRequest[]) {
  return toCalculatePriceResponse(calculatePrice({ prices, zone: ZONE, interval: { From: from, To: to }, quantities }));
}

function failure(run: () => unknown): { field: string; code: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof PricingError) return { field: error.field, code: error.code };
    throw error;
  }
  throw new Error('expected a PricingError');
}

describe('calculation types', () => {
  it('per hour: 100 kr an hour for 90 minutes is 150 kr, 30 kr of it VAT', () => {
    const result = calc([price({ Id: 1, Price: 100, CalculationTypeId: 3 })], `${MONDAY}T10:00:00`, `${MONDAY}T11:30:00`);
    expect(result).toMatchObject({ TotalPrice: 150, TotalVatAmount: 30, TotalPriceBeforeRebate: 150, PriceSign: 'kr', CurrencyId: 'SEK' });
    expect(result.PriceDetails).toHaveLength(1);
    expect(result.PriceDetails[0]).toMatchObject({ PriceId: 1, UnitPrice: 150, Quantity: 1, Price: 150, VatAmount: 30 });
  });

  it('per hour for 10 minutes rounds to the öre', () => {
    const result = calc([price({ Id: 1, Price: 100, CalculationTypeId: 3 })], `${MONDAY}T10:00:00`, `${MONDAY}T10:10:00`);
    expect(result.TotalPrice).toBe(16.67);
  });

  it('per minute: 2 kr a minute for 45 minutes is 90 kr', () => {
    const result = calc([price({ Id: 1, Price: 2, CalculationTypeId: 2 })], `${MONDAY}T10:00:00`, `${MONDAY}T10:45:00`);
    expect(result.TotalPrice).toBe(90);
  });

  it('per day: 500 kr a day over 2 days is 1000 kr, also across the change to summer time', () => {
    const daily = [price({ Id: 1, Price: 500, CalculationTypeId: 4 })];
    expect(calc(daily, `${MONDAY}T10:00:00`, '2025-06-04T10:00:00').TotalPrice).toBe(1000);
    expect(calc(daily, '2025-03-29T10:00:00', '2025-03-31T10:00:00').TotalPrice).toBe(1000);
    expect(calc(daily, `${MONDAY}T10:00:00`, '2025-06-03T22:00:00').TotalPrice).toBe(750);
  });

  it('per hour counts the hours that really pass on the night clocks go forward', () => {
    const hourly = [price({ Id: 1, Price: 100, CalculationTypeId: 3 })];
    expect(calc(hourly, '2025-03-30T01:00:00', '2025-03-30T04:00:00').TotalPrice).toBe(200);
  });

  it('whole duration: the price, however long the booking', () => {
    const result = calc([price({ Id: 1, Price: 300, CalculationTypeId: 1 })], `${MONDAY}T10:00:00`, `${MONDAY}T13:00:00`);
    expect(result.TotalPrice).toBe(300);
  });
});

describe('which price is valid', () => {
  const weekday = price({ Id: 1, Price: 200, CalculationTypeId: 3, DaysOfWeek: [1, 2, 3, 4, 5] });
  const weekend = price({ Id: 2, Price: 300, CalculationTypeId: 3, DaysOfWeek: [{ DayOfWeekId: 6, DotNetDayOfWeekId: 6, DayOfWeek: 'Saturday' }, 7] });

  it('takes the weekday or weekend price by the day of the booking', () => {
    expect(calc([weekday, weekend], `${MONDAY}T10:00:00`, `${MONDAY}T11:00:00`).TotalPrice).toBe(200);
    expect(calc([weekday, weekend], `${SATURDAY}T10:00:00`, `${SATURDAY}T11:00:00`).TotalPrice).toBe(300);
  });

  it('honours validity dates, both ends inclusive', () => {
    const summer = price({ Id: 1, Price: 150, From: '2025-06-01', To: '2025-06-30' });
    const rest = price({ Id: 2, Price: 100, From: '2025-07-01', To: null });
    expect(calc([summer, rest], '2025-06-30T20:00:00', '2025-06-30T21:00:00').TotalPrice).toBe(150);
    expect(calc([summer, rest], '2025-07-01T08:00:00', '2025-07-01T09:00:00').TotalPrice).toBe(100);
    expect(failure(() => calc([summer, rest], '2025-05-31T08:00:00', '2025-05-31T09:00:00'))).toEqual({ field: 'Quantities', code: 'NoPriceValid' });
  });

  it('a time window running over midnight covers the night', () => {
    const night = price({ Id: 1, Price: 50, FromTime: '22:00:00', ToTime: '06:00:00' });
    const day = price({ Id: 2, Price: 80, FromTime: '06:00:00', ToTime: '22:00:00' });
    expect(calc([night, day], `${MONDAY}T23:00:00`, '2025-06-03T00:30:00').TotalPrice).toBe(50);
    expect(calc([night, day], `${MONDAY}T12:00:00`, `${MONDAY}T13:00:00`).TotalPrice).toBe(80);
  });
});

describe('a booking that spans price periods', () => {
  const offPeak = price({ Id: 1, Price: 200, CalculationTypeId: 3, FromTime: '07:00:00', ToTime: '17:00:00', PriceText: 'Off-peak' });
  const peak = price({ Id: 2, Price: 300, CalculationTypeId: 3, FromTime: '17:00:00', ToTime: '22:00:00', PriceText: 'Peak' });

  it('is charged per period: 16–18 is one hour off-peak and one hour peak', () => {
    const result = calc([offPeak, peak], `${MONDAY}T16:00:00`, `${MONDAY}T18:00:00`);
    expect(result.TotalPrice).toBe(500);
    expect(result.PriceDetails.map((d) => [d.PriceId, d.From, d.To, d.Price])).toEqual([
      [1, `${MONDAY}T16:00:00`, `${MONDAY}T17:00:00`, 200],
      [2, `${MONDAY}T17:00:00`, `${MONDAY}T18:00:00`, 300],
    ]);
  });

  it('a named price follows its category into the next period', () => {
    const result = calc([offPeak, peak], `${MONDAY}T16:00:00`, `${MONDAY}T18:00:00`, [{ PriceId: 1, Quantity: 2 }]);
    expect(result.TotalPrice).toBe(1000);
    expect(result.PriceDetails.map((d) => d.PriceId)).toEqual([1, 2]);
  });

  it('adults and children keep their own rates in each period', () => {
    const prices = [
      price({ Id: 1, Price: 200, CalculationTypeId: 3, Category: 'Adult', FromTime: '07:00', ToTime: '17:00' }),
      price({ Id: 2, Price: 300, CalculationTypeId: 3, Category: 'Adult', FromTime: '17:00', ToTime: '22:00' }),
      price({ Id: 3, Price: 100, CalculationTypeId: 3, Category: 'Child', FromTime: '07:00', ToTime: '17:00' }),
      price({ Id: 4, Price: 150, CalculationTypeId: 3, Category: 'Child', FromTime: '17:00', ToTime: '22:00' }),
    ];
    const result = calc(prices, `${MONDAY}T16:00:00`, `${MONDAY}T18:00:00`, [
      { PriceId: 1, Quantity: 2 },
      { PriceId: 3, Quantity: 1 },
    ]);
    expect(result.TotalPrice).toBe(1250);
    expect(result.PriceDetails.map((d) => [d.QuantityIndex, d.PriceId, d.Price])).toEqual([
      [0, 1, 400],
      [0, 2, 600],
      [1, 3, 100],
      [1, 4, 150],
    ]);
  });

  it('a whole-duration price valid at the start prices the whole booking', () => {
    const fixedDay = price({ Id: 1, Price: 250, CalculationTypeId: 1, FromTime: '07:00', ToTime: '17:00' });
    const result = calc([fixedDay, peak], `${MONDAY}T16:00:00`, `${MONDAY}T18:00:00`);
    expect(result.TotalPrice).toBe(250);
    expect(result.PriceDetails).toHaveLength(1);
  });

  it('a period without a price is refused, naming the moment', () => {
    expect(failure(() => calc([offPeak, peak], `${MONDAY}T21:00:00`, `${MONDAY}T23:00:00`))).toEqual({ field: 'Quantities', code: 'NoPriceValid' });
  });
});

describe('VAT and quantities', () => {
  it('lines with 6 % and 25 % VAT add up exactly to the totals', () => {
    const prices = [price({ Id: 1, Price: 99, VAT: 6, Category: 'Class' }), price({ Id: 2, Price: 125, VAT: 25, Category: 'Towel' })];
    const result = calc(prices, `${MONDAY}T10:00:00`, `${MONDAY}T11:00:00`, [
      { PriceId: 1, Quantity: 3 },
      { PriceId: 2, Quantity: 1 },
    ]);
    expect(result.PriceDetails.map((d) => [d.Price, d.VatAmount])).toEqual([
      [297, 16.81],
      [125, 25],
    ]);
    expect(result.TotalPrice).toBe(422);
    expect(result.TotalVatAmount).toBe(41.81);
  });

  it('categories: PriceId 0 is refused when several prices apply; named prices add up and only spot quantities count', () => {
    const prices = [
      price({ Id: 1, Price: 150, Category: 'Adult' }),
      price({ Id: 2, Price: 80, Category: 'Child' }),
      price({ Id: 3, Price: 30, Category: 'Racket' }),
    ];
    expect(failure(() => calc(prices, `${MONDAY}T10:00:00`, `${MONDAY}T11:00:00`, [{ PriceId: 0, Quantity: 1 }]))).toEqual({
      field: 'Quantities[0].PriceId',
      code: 'SeveralPricesValid',
    });
    const calculation = calculatePrice({
      prices,
      zone: ZONE,
      interval: { From: `${MONDAY}T10:00:00`, To: `${MONDAY}T11:00:00` },
      quantities: [
        { PriceId: 1, Quantity: 2 },
        { PriceId: 2, Quantity: 1 },
        { PriceId: 3, Quantity: 2, OccupiesSpot: false },
        { PriceId: 2, Quantity: 0 },
      ],
    });
    expect(calculation.total).toBe(44000);
    expect(calculation.spots).toBe(3);
    expect(calculation.lines.map((l) => l.quantityIndex)).toEqual([0, 1, 2]);
  });

  it('no quantities means one of the price valid then', () => {
    expect(calc([price({ Id: 1, Price: 120 })], `${MONDAY}T10:00:00`, `${MONDAY}T11:00:00`, []).TotalPrice).toBe(120);
  });
});

describe('refused input', () => {
  const prices = [price({ Id: 1 })];
  it('names the field', () => {
    expect(failure(() => calc(prices, `${MONDAY}T11:00:00`, `${MONDAY}T10:00:00`))).toEqual({ field: 'Interval.To', code: 'ToBeforeFrom' });
    expect(failure(() => calc(prices, 'yesterday', `${MONDAY}T10:00:00`))).toEqual({ field: 'Interval.From', code: 'InvalidDateTime' });
    expect(failure(() => calc(prices, '2025-01-01T10:00:00', '2026-06-01T10:00:00'))).toEqual({ field: 'Interval.To', code: 'IntervalTooLong' });
    expect(failure(() => calc(prices, `${MONDAY}T10:00:00`, `${MONDAY}T11:00:00`, [{ PriceId: 9, Quantity: 1 }]))).toEqual({
      field: 'Quantities[0].PriceId',
      code: 'UnknownPrice',
    });
    expect(failure(() => calc(prices, `${MONDAY}T10:00:00`, `${MONDAY}T11:00:00`, [{ PriceId: 1, Quantity: -1 }]))).toEqual({
      field: 'Quantities[0].Quantity',
      code: 'NegativeQuantity',
    });
  });

  it('refuses a named price outside its period', () => {
    const evening = price({ Id: 2, FromTime: '17:00', ToTime: '22:00' });
    expect(failure(() => calc([...prices, evening], `${MONDAY}T10:00:00`, `${MONDAY}T11:00:00`, [{ PriceId: 2, Quantity: 1 }]))).toEqual({
      field: 'Quantities[0].PriceId',
      code: 'PriceNotValid',
    });
  });

  it('refuses to add up different currencies', () => {
    const euro = price({ Id: 2, CurrencyId: 'EUR', PriceSign: '€', Category: 'B' });
    const sek = price({ Id: 1, Category: 'A' });
    expect(
      failure(() => calc([sek, euro], `${MONDAY}T10:00:00`, `${MONDAY}T11:00:00`, [{ PriceId: 1, Quantity: 1 }, { PriceId: 2, Quantity: 1 }])),
    ).toEqual({ field: 'Quantities', code: 'MixedCurrencies' });
  });
});
