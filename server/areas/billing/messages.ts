import { extendMessages, type Texts } from '../../shared/messages';
import texts from './messages.json' with { type: 'json' };

/** The invoice PDF's words. */
export const INVOICE_WORDS: Record<string, Texts> = texts.invoiceWords;

const messages = texts.messages satisfies Record<string, Texts>;

/** Loads the billing area's messages (its plugin calls this). */
export function registerBillingMessages(): void {
  extendMessages(messages);
}
