import { areaMessages, type Texts } from '../../shared/messages';
import texts from './messages.json' with { type: 'json' };

/** Server messages of the catalogue areas (services, prices, articles, custom fields), in ./messages.json. */
const catalogue = areaMessages(texts.messages);

/** Loads this area's messages into the server catalogue (the area's plugin calls it). */
export const registerServicesMessages = catalogue.register;

/** A key of the catalogue's messages, typed for ApiError and ValidationErrors. */
export const catalogKey = catalogue.key;

/** Words used inside messages ('{what}'), per language. */
export const catalogWords = texts.words satisfies Record<string, Texts>;
