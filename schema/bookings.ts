import type { Id, LocalDate, LocalDateTime, QueryBase } from './common';
import type { InvoiceAddress } from './customers';

/**
 * Booking status ids: 1 Booked, 2 Unbooked, 3 Reserved, 4 Canceled, 5 AwaitingPayment,
 * 6 AwaitingPaymentNoTimeLimit, 7 Payed, 8 AwaitingPaymentRequestFromAdmin,
 * 9 AwaitingPaymentFromProvider, 10 Invoiced.
 * @minimum 1 @maximum 10 @asType integer
 */
export type BookingStatusId = number;

/** GET /bookings/status: one status with its name in the caller's language. */
export interface BookingStatus {
  Id: BookingStatusId;
  Name: string;
  Description: string;
  Icon: string;
  Color: string;
  /** Whether a booking in this status holds its time (canceled and unbooked do not). */
  HoldsSlot: boolean;
  /** Reserved and awaiting payment hold their time only until the booking's HoldUntil. */
  HoldsUntilDeadline: boolean;
}

export interface BookingStatusQuery {
  /** @minimum 1 */
  CompanyId?: number;
}

export type PaymentOption = 'DefaultSetting' | 'BookWithoutPayment' | 'BookWithPaymentMessageToCustomer' | 'BookWithManualPayment';

/** One priced quantity line of a booking. */
export interface BookingQuantity {
  Id: Id;
  PriceId: number | null;
  Quantity: number;
  /** What is left to pay for the line after codes, major units. */
  Price: number;
  PriceBeforeRebate: number;
  PriceSign: string;
  Category: string;
  VAT: number;
  PriceText: string | null;
  OccupiesSpot: boolean;
}

/** One quantity of a new booking or a quantity change. */
export interface BookingQuantityInput {
  /** 0 = the single price valid at that time. @minimum 0 @maximum 2147483647 @asType integer */
  PriceId: number;
  /** @minimum 0 @maximum 10000 @asType integer */
  Quantity: number;
  /** Whether these count toward the service's spots (default true). */
  OccupiesSpot?: boolean;
}

/** A resource a booking takes. */
export interface BookingResource {
  ResourceTypeId: Id;
  ResourceTypeName: string;
  ResourceId: Id;
  ResourceName: string;
}

/** Resources of one type a booking takes (the contract's BookedResourceTypes). */
export interface BookedResourceType {
  Id: Id;
  Name: string;
  Resources: { Id: Id; Name: string; Color: string | null }[];
}

export interface BookingResourceInput {
  ResourceTypeId: Id;
  /** @minimum 1 @maximum 2147483647 @asType integer */
  ResourceId: number;
}

export interface BookingCustomer {
  Id: Id;
  Firstname: string;
  Lastname: string;
  Email: string | null;
  Phone: string | null;
}

export interface BookingCustomFieldValue {
  Id: Id;
  Value: string;
}

export interface BookingCustomFieldInput {
  /** @minimum 1 @maximum 2147483647 @asType integer */
  Id: number;
  /** @maxLength 4000 */
  Value: string;
}

/** A code used in a booking. */
export interface BookingRebateCode {
  RebateCodeId: Id;
  RebateCodeSign: string;
  /** What the code took off, major units. */
  Amount: number;
  Usage: number;
}

/** A payment or refund of a booking (the payment log). */
export interface BookingPayment {
  Id: Id;
  Kind: 'Payment' | 'Refund';
  Amount: number;
  /** Payments: how much of it was refunded. */
  Refunded: number;
  RefundOf: number | null;
  Comment: string | null;
  Created: LocalDateTime;
  /**
   * A refund of a payment made through a payment provider: where the provider's refund stands.
   * Unknown: a try may have reached a provider that cannot be asked again safely (Billmate); check
   * there. Message: the provider's words when it refused. Null for other entries.
   */
  ProviderRefund: BookingProviderRefund | null;
}

export interface BookingProviderRefund {
  Status: 'Queued' | 'Sending' | 'Succeeded' | 'Failed' | 'Unknown';
  Message: string | null;
}

export interface Booking {
  Id: Id;
  From: LocalDateTime;
  To: LocalDateTime;
  StatusId: BookingStatusId;
  StatusName: string;
  /** Reserved and awaiting payment: the time is given back after this. */
  HoldUntil: LocalDateTime | null;
  ServiceId: Id;
  ServiceName: string;
  CustomerId: number | null;
  CustomerName: string | null;
  /** The name of the booking's first resource (by name); the list sorts by it. */
  ResourceName: string | null;
  Customer: BookingCustomer | null;
  Quantities: BookingQuantity[];
  /** Spots the booking occupies. */
  Spots: number;
  Resources: BookingResource[];
  BookedResourceTypes: BookedResourceType[];
  CustomFieldValues: BookingCustomFieldValue[];
  InvoiceAddress: InvoiceAddress | null;
  PaymentOption: PaymentOption;
  SendEmailConfirmation: boolean;
  SendSmsConfirmation: boolean;
  SendEmailReminder: boolean;
  SendSmsReminder: boolean;
  AllowBookingOutsideSchedules: boolean;
  BookedComments: string | null;
  UnbookedComments: string | null;
  CommentsToCustomer: string | null;
  TotalPrice: number;
  TotalVatAmount: number;
  TotalPriceBeforeRebate: number;
  PriceSign: string;
  CurrencyId: string | null;
  PaidAmount: number;
  RebateCodes: BookingRebateCode[];
  PaymentLog: BookingPayment[];
  /** The customer did not come: marked after the start (PUT /bookings/{Id}/noshow); statistics count it. */
  NoShow: boolean;
  CreatedDate: LocalDateTime;
  UpdatedDate: LocalDateTime;
}

/** The customer of a new booking, created with it. */
export interface NewBookingCustomer {
  /** @minLength 1 @maxLength 100 */
  Firstname: string;
  /** @minLength 1 @maxLength 100 */
  Lastname: string;
  /** @maxLength 200 @format email */
  Email?: string | null;
  /** @maxLength 30 @pattern ^[+0-9 ()-]*$ */
  Phone?: string | null;
  SubscribedToNewsletter?: boolean;
}

/** A time of a repeated booking. */
export interface BookingInterval {
  /** Company-local yyyy-MM-ddTHH:mm[:ss]. @maxLength 30 @pattern ^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$ */
  From: string;
  /** Left out or empty: From plus the service's duration. @maxLength 30 @pattern ^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?)?$ */
  To?: string;
}

/** Body of POST /bookings (and, with DatesToRepeat, POST /bookings/repeat). */
export interface CreateBooking {
  /** @minimum 1 */
  CompanyId?: number;
  /** @minimum 1 @maximum 2147483647 @asType integer */
  ServiceId: number;
  /** An existing customer of the company; or Customer to create one. @minimum 1 @maximum 2147483647 @asType integer */
  CustomerId?: number;
  Customer?: NewBookingCustomer;
  /** Company-local yyyy-MM-ddTHH:mm[:ss]. @maxLength 30 @pattern ^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$ */
  From: string;
  /** Left out or empty: From plus the service's duration. @maxLength 30 @pattern ^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?)?$ */
  To?: string;
  /** Left out: one of the price valid then. @maxItems 50 */
  Quantities?: BookingQuantityInput[];
  /** Resources the booking must take (any type the service needs). @maxItems 50 */
  Resources?: BookingResourceInput[];
  /** @maxItems 10 */
  RebateCodeIds?: Id[];
  /** @maxLength 4000 */
  BookedComments?: string | null;
  /** @maxLength 4000 */
  CommentsToCustomer?: string | null;
  /** @maxItems 100 */
  CustomFields?: BookingCustomFieldInput[];
  InvoiceAddress?: InvoiceAddress;
  SendEmailConfirmation?: boolean;
  SendSmsConfirmation?: boolean;
  SendEmailReminder?: boolean;
  SendSmsReminder?: boolean;
  PaymentOption?: PaymentOption;
  /** Administrators: book off the schedules (overlaps are still refused). */
  AllowBookingOutsideSchedules?: boolean;
  /** Left out: the booking settings' default (1 Booked or 3 Reserved). */
  StatusId?: 1 | 3 | 5 | 6 | 7 | 8 | 9;
}

/** Body of POST /bookings/repeat: one booking per entry of DatesToRepeat (or From/To when empty). */
export interface CreateRepeatBooking extends CreateBooking {
  /** @maxItems 366 */
  DatesToRepeat?: BookingInterval[];
}

export interface RepeatBookingFailure {
  From: string;
  To: string;
  Reason: string;
}

/** Answer of POST /bookings/repeat. */
export interface RepeatBookingResponse {
  Created: Booking[];
  Failed: RepeatBookingFailure[];
}

/** Body of PUT /bookings/{Id}: a new time (checked again) and the texts. */
export interface UpdateBooking {
  /** @maxLength 30 */
  From?: string;
  /** @maxLength 30 */
  To?: string;
  /** @maxLength 4000 */
  BookedComments?: string | null;
  /** @maxLength 4000 */
  CommentsToCustomer?: string | null;
  /** @maxItems 100 */
  CustomFields?: BookingCustomFieldInput[];
  InvoiceAddress?: InvoiceAddress;
  SendEmailConfirmation?: boolean;
  SendSmsConfirmation?: boolean;
  SendEmailReminder?: boolean;
  SendSmsReminder?: boolean;
  AllowBookingOutsideSchedules?: boolean;
  /**
   * A new time or resources: whether the customer is told by e-mail (and SendSmsAboutChange by SMS).
   * Left out, the booking's confirmation flags decide; the flags kept on the booking do not change.
   */
  SendEmailAboutChange?: boolean;
  SendSmsAboutChange?: boolean;
}

/** Query of DELETE /bookings/{Id} (cancel) and body of PUT /bookings/{Id}/decline. */
export interface CancelBooking {
  /** The reason, kept on the booking and in its log. @maxLength 4000 */
  UnbookedComments?: string;
  /** The message to the customer. @maxLength 4000 */
  CommentsToCustomer?: string;
  /** Whether the customer is told (by the messaging area). */
  SendEmail?: boolean;
  SendSms?: boolean;
}

export interface ApproveBooking {
  /** @maxLength 4000 */
  CommentsToCustomer?: string;
}

export interface MarkBookingAsPaid {
  /** Left out: what is left to pay. @minimum 0 @maximum 100000000 */
  Amount?: number;
  /** @maxLength 1000 */
  Comment?: string;
}

/** Body of PUT /bookings/{Id}/noshow: true marks a started booking as a no-show, false undoes the mark. */
export interface MarkBookingNoShow {
  NoShow: boolean;
  /** Kept in the booking log. @maxLength 1000 */
  Comment?: string;
}

export interface RefundBooking {
  /** Left out: everything not yet refunded of the payment. @minimum 0 @maximum 100000000 */
  Amount?: number;
  /** @maxLength 1000 */
  Comment?: string;
}

export interface ChangeBookingQuantity {
  /** @minItems 1 @maxItems 50 */
  Quantities: BookingQuantityInput[];
}

/** Body of POST /bookings/{Id}/resource (add) and PUT (change: OldResourceId becomes ResourceId). */
export interface BookingResourceChange {
  ResourceTypeId: Id;
  /** @minimum 1 @maximum 2147483647 @asType integer */
  ResourceId: number;
  /** PUT: the resource to replace. @minimum 1 @maximum 2147483647 @asType integer */
  OldResourceId?: number;
}

/** Query of DELETE /bookings/{Id}/resource. */
export interface BookingResourceRemove {
  /** @minimum 1 @maximum 2147483647 @asType integer */
  ResourceId: number;
  /** @minimum 1 @maximum 2147483647 @asType integer */
  ResourceTypeId?: number;
}

/** Body of PUT /bookings/resources/move: the booking moves from one resource to another (and optionally in time). */
export interface MoveBookingResource {
  /** @minimum 1 @maximum 2147483647 @asType integer */
  BookingId: number;
  /** @minimum 1 @maximum 2147483647 @asType integer */
  FromResourceId: number;
  /** @minimum 1 @maximum 2147483647 @asType integer */
  ToResourceId: number;
  /** @maxLength 30 */
  From?: string;
  /** @maxLength 30 */
  To?: string;
  /** As on PUT /bookings/{Id}: the move skips the schedule check (never the overlap check) and the booking keeps the flag. */
  AllowBookingOutsideSchedules?: boolean;
  /** As on PUT /bookings/{Id}: whether the customer is told of the move; left out, the booking's confirmation flags decide. */
  SendEmailAboutChange?: boolean;
  SendSmsAboutChange?: boolean;
}

/** GET /bookings/{Id}/resources/available: the resources the booking could take at its time. */
export interface AvailableBookingResource {
  ResourceTypeId: Id;
  ResourceTypeName: string;
  ResourceId: Id;
  ResourceName: string;
  /** Whether the resource is free for the booking's time (apart from the booking itself). */
  Available: boolean;
  /** Whether the booking already has it. */
  Booked: boolean;
}

export interface AvailableBookingResourcesQuery {
  /** @minimum 1 @maximum 2147483647 @asType integer */
  ResourceTypeId?: number;
}

export interface BookingQuery extends QueryBase {
  /** @maxItems 1000 */
  Id?: Id[];
  /** @maxItems 10 */
  StatusIds?: BookingStatusId[];
  /** @maxItems 100 */
  ServiceIds?: Id[];
  /** @minimum 1 @maximum 2147483647 @asType integer */
  CustomerId?: number;
  /** @maxItems 100 */
  ResourceIds?: Id[];
  /** Bookings that end after this (a date: its start). */
  BookingStart?: LocalDate;
  /** Bookings that start before this (a date: the end of that day). */
  BookingEnd?: LocalDate;
  CreatedFrom?: LocalDate;
  CreatedTo?: LocalDate;
  /** Customer name, e-mail, phone, service name or booking id. @maxLength 200 */
  Search?: string;
}

export interface BookingLogEntry {
  Id: Id;
  BookingId: Id;
  Event: string;
  /** Who: Administrator, Customer or System. */
  ActorType: 'Administrator' | 'Customer' | 'System';
  UserId: number | null;
  ActorName: string | null;
  Comment: string | null;
  Before: Record<string, unknown> | null;
  After: Record<string, unknown> | null;
  Created: LocalDateTime;
}

export interface BookingLogQuery extends QueryBase {
  /** @minimum 1 @maximum 2147483647 @asType integer */
  BookingId?: number;
  /** @maxLength 50 */
  Event?: string;
  CreatedFrom?: LocalDate;
  CreatedTo?: LocalDate;
}

export interface BookingUserQueueEntry {
  Id: Id;
  ServiceId: Id;
  ServiceName: string;
  CustomerId: Id;
  CustomerName: string;
  CustomerEmail: string | null;
  From: LocalDateTime;
  To: LocalDateTime;
  Quantity: number;
  Comment: string | null;
  Created: LocalDateTime;
}

/** Body of POST /bookinguserqueue. */
export interface BookingUserQueueInput {
  /** @minimum 1 @maximum 2147483647 @asType integer */
  ServiceId: number;
  /** @minimum 1 @maximum 2147483647 @asType integer */
  CustomerId?: number;
  Customer?: NewBookingCustomer;
  /** Company-local yyyy-MM-ddTHH:mm[:ss]. @maxLength 30 @pattern ^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$ */
  From: string;
  /** Left out or empty: From plus the service's duration. @maxLength 30 @pattern ^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?)?$ */
  To?: string;
  /** @minimum 1 @maximum 10000 @asType integer */
  Quantity?: number;
  /** @maxLength 4000 */
  Comment?: string;
}

export interface BookingUserQueueQuery extends QueryBase {
  /** @maxItems 1000 */
  Id?: Id[];
  /** @minimum 1 @maximum 2147483647 @asType integer */
  ServiceId?: number;
  /** @minimum 1 @maximum 2147483647 @asType integer */
  CustomerId?: number;
  /** Queued for times that end after this (a date: its start). */
  From?: LocalDate;
  /** Queued for times that start before this (a date: the end of that day). */
  To?: LocalDate;
}

export interface BookingSettings {
  /** 1 Booked or 3 Reserved (awaiting approval). */
  DefaultStatusId: 1 | 3;
  /** How long a reserved booking holds its time. @minimum 1 @maximum 43200 @asType integer */
  ReservationHoldMinutes: number;
  /** How long a booking awaiting payment holds its time. @minimum 1 @maximum 43200 @asType integer */
  PaymentHoldMinutes: number;
  /** Customers may cancel until this many hours before the start. @minimum 0 @maximum 8760 @asType integer */
  CancellationDeadlineHours: number;
  CustomersMayChooseResources: boolean;
  SendEmailConfirmation: boolean;
  SendSmsConfirmation: boolean;
  SendEmailReminder: boolean;
  SendSmsReminder: boolean;
  QueueEnabled: boolean;
}

export type BookingSettingsInput = Partial<BookingSettings>;

/** PUT /payment/payson/v2/checkout/{Id}/sendpaymentrequest: asks the booking's customer to pay what is left (sent by messaging). */
export interface SendPaymentRequest {
  /** A note to the customer with the request. @maxLength 4000 */
  Comment?: string;
  /** @minimum 1 @maximum 2147483647 @asType integer */
  CompanyId?: number;
}

export interface PaymentRequestResponse {
  BookingId: Id;
  /** What the customer is asked to pay. */
  Amount: number;
  CurrencyId: string;
  /** The address the request goes to. */
  Email: string | null;
  StatusId: BookingStatusId;
}

/** GET /bookings/reports: the receipt options the booking page's "send receipt" offers. */
export interface BookingReportOption {
  Id: Id;
  Name: string;
  /** Whether it is the company's own printout (else the standard receipt). */
  IsPrintout: boolean;
}

export interface BookingReportOptionQuery {
  /** @minimum 1 @maximum 2147483647 @asType integer */
  CompanyId?: number;
}

/** POST /bookings/bulk: one action on the chosen bookings, or on every booking a list filter matches. */
export interface BookingBulkAction {
  Action: 'Cancel' | 'MarkAsPaid';
  /** The chosen bookings. @maxItems 1000 */
  Ids?: Id[];
  /** Instead of Ids: the list's filter (as GET /bookings takes it); bookings are taken in id order after AfterId, up to 200 a call. */
  Filter?: BookingQuery;
  /** With Filter: continue after this id (the previous answer's LastId). @minimum 0 @maximum 2147483647 @asType integer */
  AfterId?: number;
  /** Cancel: the reason. @maxLength 4000 */
  UnbookedComments?: string;
  /** Cancel: the message to the customer. @maxLength 4000 */
  CommentsToCustomer?: string;
  SendEmail?: boolean;
  SendSms?: boolean;
}

export interface BookingBulkFailure {
  Id: Id;
  Message: string;
}

export interface BookingBulkResponse {
  Succeeded: Id[];
  Failed: BookingBulkFailure[];
  /** With Filter: the last id this call looked at, and whether more bookings match after it. */
  LastId: number | null;
  More: boolean;
}

/** POST /bookinguserqueue/{Id}/book: the queued customer gets a booking when a spot has freed up. */
export interface BookQueuedCustomer {
  /** Resources to book; left out: the engine picks. @maxItems 20 */
  Resources?: { ResourceTypeId: Id; ResourceId: Id }[];
  /** Price lines; left out: the queue entry's quantity on the service's first price. @maxItems 50 */
  Quantities?: { PriceId: Id; Quantity: number }[];
  SendEmailConfirmation?: boolean;
  SendSmsConfirmation?: boolean;
}
