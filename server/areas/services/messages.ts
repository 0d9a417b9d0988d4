import { extendMessages, type ServerMessageKey, type Texts } from '../../shared/messages';
import texts from './messages.json' with { type: 'json' };

/** Server messages of the catalogue areas (services, prices, articles, custom fields). */
const messages = texts.messages satisfies Record<string, Texts>;

/** Loads this area's messages into the server catalogue (the area's plugin calls it). */
export function registerServicesMessages(): void {
  extendMessages(messages);
}

/** A key of the catalogue's messages, typed for ApiError and ValidationErrors. */
export function catalogKey(key: keyof typeof messages): ServerMessageKey {
  return key as string as ServerMessageKey;
}

/** Words used inside messages ('{what}'), per language. */
export const catalogWords = texts.words satisfies Record<string, Texts>;
