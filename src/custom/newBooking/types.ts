import type { Id, LocalDateTime } from '../../../schema/common';
import type { CustomFieldValueInput } from '../../../schema/customfields';
import type { InvoiceAddress } from '../../../schema/customers';
import type { AvailableTimesResource } from '../../../schema/availability';
import type { PriceQuantity } from '../../../schema/pricing';

/** How a new booking is paid (CONTRACT.md PaymentOption). */
export type PaymentOption = 'DefaultSetting' | 'BookWithoutPayment' | 'BookWithPaymentMessageToCustomer' | 'BookWithManualPayment';

export const PAYMENT_OPTIONS: readonly PaymentOption[] = ['DefaultSetting', 'BookWithoutPayment', 'BookWithPaymentMessageToCustomer', 'BookWithManualPayment'];

/** The four send flags of a booking, in the order the widget shows them. */
export const SEND_FLAGS = ['SendEmailConfirmation', 'SendSmsConfirmation', 'SendEmailReminder', 'SendSmsReminder'] as const;

export type SendFlag = (typeof SEND_FLAGS)[number];

/** One booked time: a start and an end, company-local. */
export interface BookingInterval {
  From: LocalDateTime;
  To: LocalDateTime;
}

/** Body of POST /bookings/repeat (the contract's create booking, with DatesToRepeat). */
export interface RepeatBookingRequest extends BookingInterval, Record<SendFlag, boolean> {
  ServiceId: Id;
  CustomerId: Id;
  Quantities: PriceQuantity[];
  Resources: AvailableTimesResource[];
  RebateCodeIds: Id[];
  BookedComments: string | null;
  CommentsToCustomer: string | null;
  CustomFields: CustomFieldValueInput[];
  InvoiceAddress?: InvoiceAddress;
  PaymentOption: PaymentOption;
  /** The further times of the series; the first is From–To. */
  DatesToRepeat: BookingInterval[];
}

/** One time of a series that could not be booked, and why. */
export interface FailedBooking extends BookingInterval {
  Reason: string;
}

/** Answer of POST /bookings/repeat: the bookings made and the times refused. */
export interface RepeatBookingResponse {
  Created: (BookingInterval & { Id: Id })[];
  Failed: FailedBooking[];
}

/** Body of POST /bookinguserqueue: a customer waiting for a spot at a full time. */
export interface BookingQueueRequest extends BookingInterval {
  ServiceId: Id;
  CustomerId: Id;
  Quantities: PriceQuantity[];
  Resources: AvailableTimesResource[];
}
