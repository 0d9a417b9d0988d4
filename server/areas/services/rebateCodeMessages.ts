import { pricingAndRebateMessages } from '../../../domain/pricing';
import { extendMessages, type ServerMessageKey, type Texts } from '../../shared/messages';
import texts from './messages.json' with { type: 'json' };

/** Messages of the rebate code and price calculation calls beyond the pricing rules' own. */
const messages = texts.rebateCodeMessages satisfies Record<string, Texts>;

/** Loads the pricing rules' and the promo codes' messages into the server catalogue (the services plugin calls it). */
export function registerRebateCodeMessages(): void {
  extendMessages(pricingAndRebateMessages);
  extendMessages(messages);
}

/**
 * A key of the pricing rules' or this area's messages (both loaded by registerRebateCodeMessages), typed for ApiError and
 * ValidationErrors.
 * @example
 * throw ApiError.field(400, 'RebateCodeSign', rebateKey('SignTooShort'), { limit: 4 });
 */
export function rebateKey(key: keyof typeof messages | keyof typeof pricingAndRebateMessages): ServerMessageKey {
  return key as ServerMessageKey;
}

/** Words used inside messages ('{what}'), per language. */
export const rebateWords = texts.rebateWords satisfies Record<string, Texts>;
