import { areaMessages, type Texts } from '../../shared/messages';
import texts from './messages.json' with { type: 'json' };

/** The invoice PDF's words. */
export const INVOICE_WORDS: Record<string, Texts> = texts.invoiceWords;

/** Loads the billing area's messages (its plugin calls this). */
export const registerBillingMessages = areaMessages(texts.messages).register;
