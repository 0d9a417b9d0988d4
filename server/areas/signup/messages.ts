import { extendMessages, type Texts } from '../../shared/messages';
import texts from './messages.json' with { type: 'json' };

/** The sign-up area's answers and mails, in the four languages. */
const messages = texts.messages satisfies Record<string, Texts>;

export type SignUpMessageKey = keyof typeof messages;

/** Adds the sign-up messages to the server catalogue (the area's plugin calls it). */
export function registerSignUpMessages(): void {
  extendMessages(messages);
}
