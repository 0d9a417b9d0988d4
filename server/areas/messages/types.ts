import { type Lang, type Texts } from '../../shared/messages';
import texts from './messages.json' with { type: 'json' };
import type { BookingEventKind } from '../../shared/bookingEvents';

/** The messages the product sends (GET /messages/templates/types). */
export const MESSAGE_TYPE = {
  Confirmation: 1,
  Reminder: 2,
  Cancellation: 3,
  ChangedTime: 4,
  QueueSpotFree: 5,
  PaymentRequest: 6,
  Receipt: 7,
  Declined: 8,
  /** After the booking has taken place: the customer's rating and comment through a link (off by default, issue 36). */
  ReviewRequest: 9,
} as const;

export const EMAIL = 1;
export const SMS = 2;

interface TypeInfo {
  name: Texts;
  description: Texts;
}

export const MESSAGE_TYPES: Record<number, TypeInfo> = texts.types;

/** The template type a booking event sends, if any. */
export const EVENT_TYPES: Partial<Record<BookingEventKind, number>> = {
  created: MESSAGE_TYPE.Confirmation,
  approved: MESSAGE_TYPE.Confirmation,
  changed: MESSAGE_TYPE.ChangedTime,
  canceled: MESSAGE_TYPE.Cancellation,
  declined: MESSAGE_TYPE.Declined,
};

/** The kind a caught message carries, e.g. 'booking_confirmation'. */
export const TYPE_KINDS: Record<number, string> = {
  1: 'booking_confirmation',
  2: 'booking_reminder',
  3: 'booking_cancellation',
  4: 'booking_changed',
  5: 'queue_spot_free',
  6: 'payment_request',
  7: 'receipt',
  8: 'booking_declined',
  9: 'review_request',
};

export { languageOfCountry } from '../../shared/messages';

export function typeName(typeId: number, lang: Lang): string {
  return MESSAGE_TYPES[typeId]?.name[lang] ?? String(typeId);
}
