import { areaMessages, type Texts } from '../../shared/messages';
import texts from './messages.json' with { type: 'json' };

/** Words the area writes into answers and mails. */
export const newsletterWords = texts.words satisfies Record<string, Texts>;

/** Loads the area's error messages (./messages.json) into the server catalogue (the plugin calls it). */
export const registerNewsletterMessages = areaMessages(texts.messages).register;
