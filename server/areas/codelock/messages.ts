import { areaMessages, type Texts } from '../../shared/messages';
import texts from './messages.json' with { type: 'json' };

/** The door-lock area's messages (ResponseStatus texts) and words, in every language. */
export const catalogue = areaMessages(texts.messages);
export const codelockKey = catalogue.key;
export const words: Record<keyof typeof texts.words, Texts> = texts.words;
