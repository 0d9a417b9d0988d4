/**
 * Pure booking rules: what the availability verdict means for the caller, how a priced
 * calculation becomes the booking's quantity lines, what the log records, payment arithmetic.
 */

/** The availability engine's answer for one interval, as far as these rules read it. */
export type VerdictLike<E = { field: string; code: string }> =
  | { available: true; freeSpots: number }
  | { available: false; reason: 'Invalid'; errors: readonly E[] }
  | { available: false; reason: 'InThePast' | 'NotOffered' | 'NotEnoughSpots'; freeSpots: number };

/** What a booking call answers when the interval cannot be booked. */
export type BookingRefusal<E = { field: string; code: string }> =
  | { status: 400; field: string; code: 'InThePast' | 'NotOffered' | 'QuantityOverFreeSpots'; freeSpots?: number }
  | { status: 400; invalid: readonly E[] }
  | { status: 409; code: 'Taken' };

/**
 * Why an interval cannot be booked, or null when it can. A time that is full answers 409 (someone
 * else has it); asking for more spots than are left at a time that still has some answers 400
 * naming Quantities (the request is wrong, not late); a time in the past or off the schedules
 * answers 400 naming From.
 * @example refusal({ available: false, reason: 'NotEnoughSpots', freeSpots: 0 }, 1)  // { status: 409, code: 'Taken' }
 * @example refusal({ available: false, reason: 'NotEnoughSpots', freeSpots: 2 }, 3)  // 400 Quantities
 */
export function refusal<E>(verdict: VerdictLike<E>, spots: number): BookingRefusal<E> | null {
  if (verdict.available) return null;
  switch (verdict.reason) {
    case 'Invalid':
      return { status: 400, invalid: verdict.errors };
    case 'InThePast':
      return { status: 400, field: 'From', code: 'InThePast' };
    case 'NotOffered':
      return { status: 400, field: 'From', code: 'NotOffered' };
    case 'NotEnoughSpots':
      if (verdict.freeSpots > 0 && spots > verdict.freeSpots) return { status: 400, field: 'Quantities', code: 'QuantityOverFreeSpots', freeSpots: verdict.freeSpots };
      return { status: 409, code: 'Taken' };
  }
}

/** One line of a price calculation, as the pricing rules give it (minor units). */
export interface PricedLineLike {
  quantityIndex: number;
  price: { Id: number; VAT: number; Category: string; PriceText: string | null };
  quantity: number;
  occupiesSpot: boolean;
  beforeRebate: number;
  amount: number;
  vat: number;
}

/** A booking's quantity line as stored (minor units). */
export interface QuantityLine {
  priceId: number;
  quantity: number;
  amount: number;
  beforeRebate: number;
  vatAmount: number;
  vat: number;
  category: string;
  priceText: string | null;
  occupiesSpot: boolean;
}

/**
 * The booking's quantity lines: the calculation's lines (one per quantity and price period) summed
 * per requested quantity, in the order requested.
 * @example quantityLines([{ quantityIndex: 0, amount: 10000, ... }, { quantityIndex: 0, amount: 5000, ... }]) // one line of 15000
 */
export function quantityLines(lines: readonly PricedLineLike[]): QuantityLine[] {
  const byIndex = new Map<number, QuantityLine>();
  for (const line of lines) {
    const current = byIndex.get(line.quantityIndex);
    if (current) {
      current.amount += line.amount;
      current.beforeRebate += line.beforeRebate;
      current.vatAmount += line.vat;
      continue;
    }
    byIndex.set(line.quantityIndex, {
      priceId: line.price.Id,
      quantity: line.quantity,
      amount: line.amount,
      beforeRebate: line.beforeRebate,
      vatAmount: line.vat,
      vat: line.price.VAT,
      category: line.price.Category,
      priceText: line.price.PriceText,
      occupiesSpot: line.occupiesSpot,
    });
  }
  return [...byIndex.entries()].sort(([a], [b]) => a - b).map(([, line]) => line);
}

/** Spots the requested quantities occupy (quantities that do not occupy a spot are left out). */
export function spotsOf(quantities: readonly { Quantity: number; OccupiesSpot?: boolean }[]): number {
  return quantities.reduce((sum, q) => sum + (q.OccupiesSpot === false ? 0 : q.Quantity), 0);
}

/**
 * The fields of a log snapshot that differ: `before` and `after` keep only those, so a log entry
 * shows what changed and nothing else.
 * @example changedFields({ StatusId: 1, From: 'a' }, { StatusId: 4, From: 'a' }) // { before: { StatusId: 1 }, after: { StatusId: 4 } }
 */
export function changedFields(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): { before: Record<string, unknown> | null; after: Record<string, unknown> | null } {
  if (!before || !after) return { before, after };
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
    b[key] = before[key] ?? null;
    a[key] = after[key] ?? null;
  }
  return { before: b, after: a };
}

/**
 * How much a refund of a payment may be: the rest of the payment when no amount is given; never
 * more than is left, never zero or less.
 * @example refundAmount(10000, 2500, undefined) // { ok: true, amount: 7500 }
 * @example refundAmount(10000, 2500, 8000)      // { ok: false, left: 7500 }
 */
export function refundAmount(paid: number, refunded: number, requested: number | undefined): { ok: true; amount: number } | { ok: false; left: number } {
  const left = paid - refunded;
  const amount = requested ?? left;
  if (amount <= 0 || amount > left) return { ok: false, left };
  return { ok: true, amount };
}
