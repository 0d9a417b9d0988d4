import { areaMessages, type Texts } from '../../shared/messages';
import texts from './messages.json' with { type: 'json' };

/** Server messages of resources, schedules, time exceptions and free times (./messages.json). */
const catalogue = areaMessages(texts.messages);

/** Loads this area's messages into the server catalogue (the area's plugin calls it). */
export const registerSchedulesMessages = catalogue.register;

/** A key of the scheduling messages, typed for ApiError and ValidationErrors. */
export const schedulingKey = catalogue.key;

/** Words used inside messages ('{what}'), per language. */
export const schedulingWords = texts.words satisfies Record<string, Texts>;
