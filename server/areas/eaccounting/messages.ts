import { areaMessages, type Texts } from '../../shared/messages';
import texts from './messages.json' with { type: 'json' };

/** The accounting area's messages (ResponseStatus texts) and the words it writes, in every language. */
export const catalogue = areaMessages(texts.messages);
export const eaccountingKey = catalogue.key;
export const words: Record<keyof typeof texts.words, Texts> = texts.words;
