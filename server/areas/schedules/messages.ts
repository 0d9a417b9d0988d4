import { extendMessages, type ServerMessageKey, type Texts } from '../../shared/messages';
import texts from './messages.json' with { type: 'json' };

/** Server messages of resources, schedules, time exceptions and free times. */
const messages = texts.messages satisfies Record<string, Texts>;

/** Loads this area's messages into the server catalogue (the area's plugin calls it). */
export function registerSchedulesMessages(): void {
  extendMessages(messages);
}

/** A key of the scheduling messages, typed for ApiError and ValidationErrors. */
export function schedulingKey(key: keyof typeof messages): ServerMessageKey {
  return key as string as ServerMessageKey;
}

/** Words used inside messages ('{what}'), per language. */
export const schedulingWords = texts.words satisfies Record<string, Texts>;
