/**
 * Booking statuses and the actions allowed in each: pure rules, no I/O. Which statuses hold their
 * slot is data (table booking_statuses); the ids and transitions the actions use are here.
 */

export const STATUS = {
  Booked: 1,
  Unbooked: 2,
  Reserved: 3,
  Canceled: 4,
  AwaitingPayment: 5,
  AwaitingPaymentNoTimeLimit: 6,
  Payed: 7,
  AwaitingPaymentRequestFromAdmin: 8,
  AwaitingPaymentFromProvider: 9,
  Invoiced: 10,
} as const;

export type StatusId = (typeof STATUS)[keyof typeof STATUS];

export const STATUS_IDS: readonly StatusId[] = Object.values(STATUS);

/** Statuses whose time is given back: the booking no longer takes part. */
export const RELEASED_STATUSES: readonly number[] = [STATUS.Unbooked, STATUS.Canceled];

/** Statuses that hold their time only until the booking's deadline. */
export const DEADLINE_STATUSES: readonly number[] = [STATUS.Reserved, STATUS.AwaitingPayment];

export type BookingAction = 'approve' | 'decline' | 'cancel' | 'markAsPaid' | 'refund' | 'changeQuantity' | 'changeTime' | 'changeResources' | 'noShow';

/** Whether the booking still takes part (not canceled or unbooked). */
export function isActive(statusId: number): boolean {
  return !RELEASED_STATUSES.includes(statusId);
}

/**
 * Whether an action is allowed on a booking in this status; the route answers 400 naming StatusId
 * otherwise.
 * @example canDo('approve', STATUS.Reserved) // true
 * @example canDo('approve', STATUS.Booked)   // false: nothing to approve
 * @example canDo('cancel', STATUS.Canceled)  // false: already canceled
 */
export function canDo(action: BookingAction, statusId: number): boolean {
  switch (action) {
    case 'approve':
      return statusId === STATUS.Reserved;
    case 'decline':
      return statusId === STATUS.Reserved || statusId === STATUS.AwaitingPayment || statusId === STATUS.AwaitingPaymentNoTimeLimit;
    case 'markAsPaid':
      return isActive(statusId) && statusId !== STATUS.Payed;
    case 'refund':
      return true;
    default:
      return isActive(statusId);
  }
}

/** The status a booking has after a successful action. */
export function statusAfter(action: 'approve' | 'decline' | 'cancel' | 'markAsPaid', statusId: number): StatusId {
  switch (action) {
    case 'approve':
      return STATUS.Booked;
    case 'decline':
      return STATUS.Unbooked;
    case 'cancel':
      return STATUS.Canceled;
    case 'markAsPaid':
      return statusId === STATUS.Invoiced ? STATUS.Invoiced : STATUS.Payed;
  }
}

/**
 * Until when a booking in this status holds its time: reserved bookings for the reservation hold,
 * those awaiting payment for the payment hold; null for every other status (no deadline).
 * @example holdDeadline(3, { reservationHoldMinutes: 60, paymentHoldMinutes: 30 }, now) // now + 1 h
 */
export function holdDeadline(statusId: number, settings: { reservationHoldMinutes: number; paymentHoldMinutes: number }, now: number): number | null {
  if (statusId === STATUS.Reserved) return now + settings.reservationHoldMinutes * 60_000;
  if (statusId === STATUS.AwaitingPayment) return now + settings.paymentHoldMinutes * 60_000;
  return null;
}

/**
 * The status once the paid amount or the price has changed: a booking marked paid that is no longer
 * paid in full (a refund, or more spots at a higher total) is booked again, so the administrator can
 * ask for or record the rest; every other status stays.
 * @example afterPaymentChange(STATUS.Payed, 0, 36000)      // STATUS.Booked: refunded in full
 * @example afterPaymentChange(STATUS.Payed, 36000, 36000)  // STATUS.Payed
 * @example afterPaymentChange(STATUS.Canceled, 0, 36000)   // STATUS.Canceled
 */
export function afterPaymentChange(statusId: number, paidMinor: number, totalMinor: number): number {
  return statusId === STATUS.Payed && paidMinor < totalMinor ? STATUS.Booked : statusId;
}
