import { extendMessages, type Texts } from '../../shared/messages';
import texts from './messages.json' with { type: 'json' };

/** The newsletters area's error messages, in the four languages. */
const messages = texts.messages satisfies Record<string, Texts>;

/** Words the area writes into answers and mails. */
export const newsletterWords = texts.words satisfies Record<string, Texts>;

/** Loads the area's messages into the server catalogue (the plugin calls it). */
export function registerNewsletterMessages(): void {
  extendMessages(messages);
}
