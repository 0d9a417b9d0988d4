import { areaMessages } from '../../shared/messages';
import texts from './messages.json' with { type: 'json' };

/** The sign-up area's answers and mails, in the four languages (./messages.json). */
export type SignUpMessageKey = keyof typeof texts.messages;

/** Adds the sign-up messages to the server catalogue (the area's plugin calls it). */
export const registerSignUpMessages = areaMessages(texts.messages).register;
