import { areaMessages, type Texts } from '../../shared/messages';
import texts from './messages.json' with { type: 'json' };

/** The payments area's messages (ResponseStatus texts) and the words of its pages, in every language. */
export const catalogue = areaMessages(texts.messages);
export const paymentKey = catalogue.key;
export const words: Record<keyof typeof texts.words, Texts> = texts.words;
