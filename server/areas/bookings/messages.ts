import { areaMessages, type Texts } from '../../shared/messages';
import texts from './messages.json' with { type: 'json' };

/** The bookings area's messages, in the four languages (./messages.json). */
const catalogue = areaMessages(texts.messages);

/** Adds this area's messages to the catalogue; the area's plugin calls it when it registers. */
export const registerBookingMessages = catalogue.register;

/** A key of this area's messages, typed for ApiError and ValidationErrors. */
export const bookingKey = catalogue.key;

/** Status names and descriptions in the four languages (GET /bookings/status). */
export const statusNames: Record<number, { name: Texts; description: Texts }> = texts.statusNames;

/** Words the messages put in: the action a status refuses. */
export const actionWords: Record<'approve' | 'decline' | 'cancel' | 'markAsPaid' | 'change' | 'paymentRequest' | 'noShow', Texts> = texts.actionWords;

export const bookingWords = texts.words satisfies Record<string, Texts>;
