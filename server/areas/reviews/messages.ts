import { areaMessages, type Texts } from '../../shared/messages';
import texts from './messages.json' with { type: 'json' };

/** The reviews area's messages (ResponseStatus texts) and the words of the public review page. */
export const catalogue = areaMessages(texts.messages);
export const reviewKey = catalogue.key;
export const pageWords: Record<keyof typeof texts.page, Texts> = texts.page;
export const messageTexts: Record<keyof typeof texts.messages, Texts> = texts.messages;
