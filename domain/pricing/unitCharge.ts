import type { DateTime } from 'luxon';
import { roundDiv, type Minor } from './money';

/** 1 whole duration, 2 per minute, 3 per hour, 4 per day. */
export type CalculationTypeId = 1 | 2 | 3 | 4;

const MS_PER_MINUTE = 60_000n;
const MS_PER_HOUR = 3_600_000n;
const MS_PER_DAY = 86_400_000n;

/**
 * What one of the quantity costs for [from, to) at `price` minor units per unit of the calculation type,
 * rounded to the öre:
 * - 1 whole duration: the price, however long;
 * - 2 per minute and 3 per hour: in proportion to the time that really passes (a DST night has 1 h less or more);
 * - 4 per day: in proportion to calendar days in the company's zone (Monday 10:00 to Wednesday 10:00 is
 *   2 days even across a DST change), a part day in proportion to its hours.
 * @example
 * unitCharge(10000, 3, from, from.plus({ minutes: 90 })) // 15000 (100 kr per hour for 90 minutes)
 */
export function unitCharge(price: Minor, calculationTypeId: CalculationTypeId, from: DateTime, to: DateTime): Minor {
  const amount = BigInt(price);
  switch (calculationTypeId) {
    case 1:
      return price;
    case 2:
      return roundDiv(amount * BigInt(to.toMillis() - from.toMillis()), MS_PER_MINUTE);
    case 3:
      return roundDiv(amount * BigInt(to.toMillis() - from.toMillis()), MS_PER_HOUR);
    case 4: {
      const { days, milliseconds } = to.diff(from, ['days', 'milliseconds']).toObject();
      const ms = BigInt(days ?? 0) * MS_PER_DAY + BigInt(Math.round(milliseconds ?? 0));
      return roundDiv(amount * ms, MS_PER_DAY);
    }
  }
}
