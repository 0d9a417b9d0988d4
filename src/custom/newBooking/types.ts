import type { PaymentOption } from '../../../schema/bookings';

export type {
  Booking,
  BookingInterval,
  BookingSettings,
  BookingUserQueueInput,
  CreateRepeatBooking,
  PaymentOption,
  RepeatBookingFailure,
  RepeatBookingResponse,
} from '../../../schema/bookings';

export const PAYMENT_OPTIONS: readonly PaymentOption[] = ['DefaultSetting', 'BookWithoutPayment', 'BookWithPaymentMessageToCustomer', 'BookWithManualPayment'];

/** The four send flags of a booking, in the order the widget shows them. */
export const SEND_FLAGS = ['SendEmailConfirmation', 'SendSmsConfirmation', 'SendEmailReminder', 'SendSmsReminder'] as const;

export type SendFlag = (typeof SEND_FLAGS)[number];
