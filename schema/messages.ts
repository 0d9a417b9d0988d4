import type { LocalDateTime, QueryBase } from './common';

/** 1 e-mail, 2 SMS. */
export type SendMethodId = 1 | 2;

/** A message type and the send method of a template (spec: MessageType {Id, SendMethodId}). */
export interface MessageTypeRef {
  Id: number;
  Name: string;
  SendMethodId: SendMethodId;
}

/** A message template: one per type, send method and language, optionally for some services only. */
export interface MessageTemplate {
  Id: number;
  /** 1 booking confirmation, 2 reminder, 3 cancellation, 4 changed time, 5 queue spot free, 6 payment request, 7 receipt, 8 declined. */
  TypeId: number;
  MessageType: MessageTypeRef;
  SendMethodId: SendMethodId;
  /** sv, en, fi or no. */
  Language: string;
  /** E-mail subject with merge fields (empty for SMS). */
  Subject: string;
  /** E-mail: rich text (HTML, sanitized on save and on view); SMS: plain text. Merge fields as {{ Customer.Firstname }}. */
  Body: string;
  Active: boolean;
  /** The services it is used for; none means every service without a template of its own. */
  Services: { Id: number; Name: string }[];
  Created: LocalDateTime;
  Updated: LocalDateTime;
}

/** Body of POST /messages/templates and PUT /messages/templates/{Id}. */
export interface MessageTemplateInput {
  /** @minimum 1 @maximum 100 */
  TypeId: number;
  /** @minimum 1 @maximum 2 */
  SendMethodId: number;
  /** @pattern ^(sv|en|fi|no)$ */
  Language?: string;
  /** @maxLength 300 */
  Subject?: string;
  /** @maxLength 200000 */
  Body: string;
  Active?: boolean;
  /** Service ids. @maxItems 1000 */
  Services?: number[];
}

export interface MessageTemplateQuery extends QueryBase {
  /** @maxItems 1000 */
  Id?: number[];
  TypeId?: number;
  SendMethodId?: number;
  /** @maxLength 2 */
  Language?: string;
  ServiceId?: number;
}

/** GET /messages/templates/types: the messages the product sends. */
export interface MessageType {
  Id: number;
  Name: string;
  Description: string;
  /** The send methods a template may have for this type. */
  SendMethods: SendMethodId[];
}

/** GET /messages/fieldtranslations: a merge field and its name in the caller's language. */
export interface MessageFieldTranslation {
  /** E.g. Customer.Firstname. */
  Id: string;
  /** What goes into a template: {{ Customer.Firstname }}. */
  Field: string;
  Name: string;
}

/** Body of POST /messages/templates/test and /messages/templates/preview. */
export interface MessageTemplateTest {
  /** @minimum 1 @maximum 100 */
  TypeId?: number;
  /** @minimum 1 @maximum 2 */
  SendMethodId: number;
  /** @maxLength 300 */
  Subject?: string;
  /** @maxLength 200000 */
  Body: string;
  /** A booking of the company whose data fills the merge fields; without it the latest booking (or sample data). @minimum 1 */
  BookingId?: number;
  /** E-mail address or phone number; required for a test send. @maxLength 200 */
  Receiver?: string;
}

/** What a template looks like for a booking (preview, test). */
export interface RenderedMessage {
  Subject: string;
  /** Sanitized HTML for e-mail; the text for SMS. */
  Body: string;
  Text: string;
  BookingId: number | null;
  /** The caught message, after a test send. */
  MessageId?: number;
}

/** queued, sent, failed, or canceled (not sent: it no longer fit its booking, see CancelReason). */
export type MessageStatus = 'queued' | 'sent' | 'failed' | 'canceled';

/**
 * Why a message was not sent: its booking was canceled, declined or released after its deadline
 * (expired), moved to another time (a reminder for the old time), has started (a reminder too late),
 * or no longer exists.
 */
export type MessageCancelReason = 'BookingCanceled' | 'BookingDeclined' | 'BookingExpired' | 'BookingMoved' | 'BookingPassed' | 'BookingGone';

/** A message log entry (GET /messages/log, GET /messages/log/{Id}). */
export interface MessageLogEntry {
  Id: number;
  TypeId: number;
  TypeName: string;
  SendMethodId: SendMethodId;
  Receiver: string;
  Subject: string;
  /** The rendered body, sanitized (empty until it has been rendered). */
  Body: string;
  Status: MessageStatus;
  /** Status canceled: why. */
  CancelReason: MessageCancelReason | null;
  /** A test send from the template editor: not a message to a customer. */
  IsTest: boolean;
  Attempts: number;
  LastError: string | null;
  BookingId: number | null;
  Created: LocalDateTime;
  Sent: LocalDateTime | null;
  /** Status canceled: when. */
  Canceled: LocalDateTime | null;
  ModifiedDate: LocalDateTime;
}

export interface MessageLogQuery extends QueryBase {
  /** @maxItems 1000 */
  Id?: number[];
  BookingId?: number;
  TypeId?: number;
  SendMethodId?: number;
  /** @pattern ^(queued|sent|failed|canceled)$ */
  Status?: string;
  /** true: only test sends; false: only messages to customers. */
  IsTest?: boolean;
  /** Receiver contains. @maxLength 200 */
  Search?: string;
  CreatedFrom?: LocalDateTime;
  CreatedTo?: LocalDateTime;
}

/** GET /messages/dashboard: counts of messages to customers per status and day (test sends are left out). */
export interface MessageDashboard {
  Days: { Date: string; Queued: number; Sent: number; Failed: number; Canceled: number }[];
  Totals: { Queued: number; Sent: number; Failed: number; Canceled: number };
}

export interface MessageDashboardQuery {
  /** yyyy-MM-dd; default 30 days ago. @maxLength 30 */
  From?: string;
  /** yyyy-MM-dd; default today. @maxLength 30 */
  To?: string;
}

/** A caught message on the outbox page (GET /messages/outbox, /messages/outbox/{Id}). */
export interface CaughtMessage {
  Id: number;
  Channel: 'email' | 'sms';
  Transport: string;
  From: string;
  To: string;
  Subject: string;
  Text: string;
  /** Sanitized for display. */
  Html: string | null;
  Kind: string | null;
  Created: LocalDateTime;
  /** Base64 only on GET /messages/outbox/{Id}. */
  Attachments: { FileName: string; ContentType: string; Size: number; Base64?: string }[];
  /** Extra headers the mail was sent with, e.g. List-Unsubscribe (only on GET /messages/outbox/{Id}). */
  Headers?: { [name: string]: string };
}

export interface CaughtMessageQuery {
  /** @minimum 0 */
  Skip?: number;
  /** @minimum 1 @maximum 200 */
  Take?: number;
  /** @pattern ^(email|sms)$ */
  Channel?: string;
  /** @maxLength 200 */
  To?: string;
}

/** GET, PUT /messages/settings: when reminders go out. */
export interface MessageSettings {
  /** Hours before the booking's start, whole hours. @minimum 1 @maximum 720 @asType integer */
  ReminderHoursBefore: number;
  /** Whether customers are asked for a review after their booking (message type 9; off by default). Left out: unchanged. */
  ReviewRequests?: boolean;
  /** Hours after the booking's end that the review request goes out (default 2). Left out: unchanged. @minimum 0 @maximum 720 @asType integer */
  ReviewHoursAfter?: number;
}
