/**
 * The booking shapes the admin reads, as CONTRACT.md names them (PascalCase, as on the wire). Fields the
 * contract leaves open are optional, so that an API answering fewer of them still shows.
 */

/** Booking status ids of the contract. */
export const BOOKING_STATUS = {
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

export const STATUS_IDS: readonly number[] = Object.values(BOOKING_STATUS);

/** One entry of GET /bookings/status. */
export interface BookingStatus {
  Id: number;
  Name: string;
  Description?: string | null;
  Icon?: string | null;
  Color?: string | null;
}

export interface BookingCustomer {
  Id: number;
  Firstname?: string | null;
  Lastname?: string | null;
  Email?: string | null;
  Phone?: string | null;
}

export interface BookingQuantity {
  Id: number;
  Quantity: number;
  Price?: number | null;
  PriceBeforeRebate?: number | null;
  PriceSign?: string | null;
  PriceId?: number | null;
  Category?: string | null;
  VAT?: number | null;
  PriceText?: string | null;
  OccupiesSpot?: boolean;
}

export interface BookedResource {
  Id: number;
  Name: string;
  Color?: string | null;
}

export interface BookedResourceType {
  Id: number;
  Name: string;
  Resources: BookedResource[];
}

export interface BookingCustomFieldValue {
  Id: number;
  Name: string;
  Value?: string | null;
}

export interface BookingInvoiceAddress {
  CorporateIdentityNumber?: string | null;
  InvoiceAddress1?: string | null;
  InvoiceAddress2?: string | null;
  InvoiceCity?: string | null;
  InvoicePostalCode?: string | null;
  InvoiceCountryCode?: string | null;
}

export interface AppliedCode {
  RebateCodeId: number;
  RebateCodeSign: string;
  RebateCodeValue?: number | null;
  RebateCodeType?: { Id: number; Name: string } | null;
  RebateAmount?: number | null;
}

/** One payment of a booking (refund takes its id). */
export interface BookingPaymentLog {
  Id: number;
  Amount: number;
  PriceSign?: string | null;
  Created?: string | null;
  Comment?: string | null;
  PaymentProviderId?: number | null;
  Refunded?: boolean | null;
}

export interface Booking {
  Id: number;
  From: string;
  To: string;
  StatusId: number;
  StatusName?: string | null;
  ServiceId: number;
  ServiceName?: string | null;
  Customer?: BookingCustomer | null;
  Quantities?: BookingQuantity[];
  BookedResourceTypes?: BookedResourceType[];
  CustomFieldValues?: BookingCustomFieldValue[];
  InvoiceAddress?: BookingInvoiceAddress | null;
  SendEmailConfirmation?: boolean;
  SendSmsConfirmation?: boolean;
  SendEmailReminder?: boolean;
  SendSmsReminder?: boolean;
  BookedComments?: string | null;
  UnbookedComments?: string | null;
  CommentsToCustomer?: string | null;
  CreatedDate?: string | null;
  UpdatedDate?: string | null;
  TotalPrice?: number | null;
  PriceSign?: string | null;
  PaymentOption?: string | null;
  IsPaid?: boolean | null;
  AppliedCodes?: AppliedCode[];
  PaymentLogs?: BookingPaymentLog[];
}

/** One row of GET /bookinglog: who changed a booking, when, and what. */
export interface BookingLogEntry {
  Id: number;
  BookingId: number;
  Created: string;
  /** Administrator, Customer or System. */
  ChangedByType?: string | null;
  ChangedByName?: string | null;
  EventType?: string | null;
  Comments?: string | null;
  Changes?: { Field: string; Before?: unknown; After?: unknown }[] | null;
}

/** One queued customer (GET /bookinguserqueue). */
export interface BookingQueueEntry {
  Id: number;
  ServiceId: number;
  ServiceName?: string | null;
  From: string;
  To: string;
  Customer?: BookingCustomer | null;
  CustomerId?: number | null;
  Quantity?: number | null;
  Created?: string | null;
}

export const customerName = (c: BookingCustomer | null | undefined): string =>
  c ? `${c.Firstname ?? ''} ${c.Lastname ?? ''}`.trim() || (c.Email ?? '') : '';

/** The resource names of a booking, joined. */
export const resourceNames = (b: Pick<Booking, 'BookedResourceTypes'>): string =>
  (b.BookedResourceTypes ?? []).flatMap((t) => t.Resources.map((r) => r.Name)).join(', ');

export const totalQuantity = (b: Pick<Booking, 'Quantities'>): number => (b.Quantities ?? []).reduce((n, q) => n + q.Quantity, 0);
