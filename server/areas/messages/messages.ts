import { areaMessages, type Texts } from '../../shared/messages';
import texts from './messages.json' with { type: 'json' };

export const messageWords = texts.words satisfies Record<string, Texts>;

/** Loads the area's messages (./messages.json) into the server catalogue (the plugin calls it once). */
export const registerMessagingMessages = areaMessages(texts.messages).register;
