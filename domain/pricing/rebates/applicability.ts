import type { DateTime } from 'luxon';
import { inTimeWindow } from '../localTime';
import { inDateRange, onDays } from '../priceRules';
import { toMinor } from '../money';
import { isCard, PUNCH_TICKET, STATUS_OFF, type RebateCodeRule } from './codeTypes';

/** Why a code cannot be used for a booking. Each has a message in ../messages.ts. */
export type NotApplicableReason =
  | 'Inactive'
  | 'NotYetValid'
  | 'Expired'
  | 'WrongDay'
  | 'WrongTime'
  | 'NotForService'
  | 'NotForCustomer'
  | 'UsedUp'
  | 'UsedUpForCustomer'
  | 'NoRemainingAmount';

/** The booking a code is checked against. */
export interface ApplicabilityContext {
  /** When the booking starts, in the company's zone. Dates, days and times of a code are judged here. */
  at: DateTime;
  /** The booked service; null/undefined = not known yet (the service check is skipped). */
  serviceId?: number | null;
  /** The booking customer; null/undefined = unknown (codes reserved for customers then do not apply). */
  customerId?: number | null;
  /** Bookings this customer has already used the code in (checked against MaxNumberOfUsesPerCustomer when the customer is known). */
  customerUses?: number;
  /** Set when only a date is known (getbysign with Date = yyyy-MM-dd): the time-of-day window is not checked. */
  dateOnly?: boolean;
}

/**
 * Null when the code can be used for the booking, otherwise the first reason it cannot, checked in
 * this order: Inactive, NotYetValid, Expired, WrongDay, WrongTime, NotForService, NotForCustomer,
 * UsedUp, UsedUpForCustomer, NoRemainingAmount. ValidFrom and ValidTo are inclusive dates; FromTime
 * and ToTime bound the booking's start time [FromTime, ToTime). A punch ticket without punches left is
 * UsedUp; a value or gift card with nothing left is NoRemainingAmount.
 * @example
 * whyNotApplicable(code, { at: DateTime.fromISO('2025-06-07T10:00', { zone }), serviceId: 3, customerId: 9, customerUses: 0 })
 * // null, or e.g. 'WrongDay'
 */
export function whyNotApplicable(code: RebateCodeRule, context: ApplicabilityContext): NotApplicableReason | null {
  const { at } = context;
  if (code.RebateCodeStatusId === STATUS_OFF) return 'Inactive';
  if (code.ValidFrom && !inDateRange(at, code.ValidFrom, null)) return 'NotYetValid';
  if (code.ValidTo && !inDateRange(at, null, code.ValidTo)) return 'Expired';
  if (!onDays(at, code.DaysOfWeek)) return 'WrongDay';
  if (!context.dateOnly && !inTimeWindow(at, code.FromTime, code.ToTime)) return 'WrongTime';
  if (context.serviceId != null && code.Services.length > 0 && !code.Services.some((s) => s.Id === context.serviceId)) {
    return 'NotForService';
  }
  if (code.Customers.length > 0 && (context.customerId == null || !code.Customers.some((c) => c.Id === context.customerId))) {
    return 'NotForCustomer';
  }
  if (code.NumberOfUsesUsed >= code.MaxNumberOfUses) return 'UsedUp';
  if (code.RebateCodeTypeId === PUNCH_TICKET && (code.RemainingUsage ?? 0) <= 0) return 'UsedUp';
  if (context.customerId != null && (context.customerUses ?? 0) >= code.MaxNumberOfUsesPerCustomer) return 'UsedUpForCustomer';
  if (isCard(code.RebateCodeTypeId) && toMinor(code.RemainingAmount ?? 0) <= 0) return 'NoRemainingAmount';
  return null;
}

/**
 * Thrown when a code given for a booking cannot be used; the route answers 400 naming RebateCodeIds
 * with the reason as ErrorCode and its message.
 * @example
 * throw new CodeNotApplicableError('Expired', code.Id, code.RebateCodeSign);
 */
export class CodeNotApplicableError extends Error {
  readonly field = 'RebateCodeIds';
  readonly params: Record<string, string | number>;
  constructor(
    readonly code: NotApplicableReason,
    readonly rebateCodeId: number,
    sign: string,
  ) {
    super(`Rebate code ${sign}: ${code}`);
    this.name = 'CodeNotApplicableError';
    this.params = { sign, id: rebateCodeId };
  }
}
