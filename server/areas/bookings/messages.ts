import { extendMessages, type ServerMessageKey, type Texts } from '../../shared/messages';
import texts from './messages.json' with { type: 'json' };

/** The bookings area's messages, in the four languages. */
const messages = texts.messages satisfies Record<string, Texts>;

/** Adds this area's messages to the catalogue; the area's plugin calls it when it registers. */
export function registerBookingMessages(): void {
  extendMessages(messages);
}

/** A key of this area's messages, typed for ApiError and ValidationErrors. */
export function bookingKey(key: keyof typeof messages): ServerMessageKey {
  return key as ServerMessageKey;
}

/** Status names and descriptions in the four languages (GET /bookings/status). */
export const statusNames: Record<number, { name: Texts; description: Texts }> = texts.statusNames;

/** Words the messages put in: the action a status refuses. */
export const actionWords: Record<'approve' | 'decline' | 'cancel' | 'markAsPaid' | 'change' | 'paymentRequest', Texts> = texts.actionWords;

export const bookingWords = texts.words satisfies Record<string, Texts>;
