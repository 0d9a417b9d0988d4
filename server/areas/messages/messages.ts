import { extendMessages, type Texts } from '../../shared/messages';
import texts from './messages.json' with { type: 'json' };

/** The messages area's messages, in the four languages. */
const messages = texts.messages satisfies Record<string, Texts>;

export const messageWords = texts.words satisfies Record<string, Texts>;

/** Loads the area's messages into the server catalogue (the plugin calls it once). */
export function registerMessagingMessages(): void {
  extendMessages(messages);
}
