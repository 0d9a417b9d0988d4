import { areaMessages, type Texts } from '../../shared/messages';
import texts from './messages.json' with { type: 'json' };

/** The statistics area's messages (ResponseStatus texts) and the names of its groups without a record. */
export const catalogue = areaMessages(texts.messages);
export const statisticsKey = catalogue.key;
export const words: Record<keyof typeof texts.words, Texts> = texts.words;
