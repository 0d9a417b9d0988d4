import type { RebateCode, RebateCodeTypeId } from '../../schema/rebatecodes';
import { formatAmount } from '../i18n/format';

export const PERCENT = 1;
export const CURRENCY = 2;
export const PUNCH_TICKET = 3;
export const VALUE_CARD = 4;
export const GIFT_CARD = 5;

export const REBATE_CODE_TYPE_IDS: readonly RebateCodeTypeId[] = [1, 2, 3, 4, 5];

/** The five code types, labelled by message key. */
export const TYPE_CHOICES = REBATE_CODE_TYPE_IDS.map((id) => ({ id, name: `resources.promo-codes.choices.RebateCodeTypeId.${id}` }));

/** Active (1) and Off (2). */
export const STATUS_CHOICES = [
  { id: 1, name: 'resources.promo-codes.choices.RebateCodeStatusId.1' },
  { id: 2, name: 'resources.promo-codes.choices.RebateCodeStatusId.2' },
];

/** Punch tickets, value cards and gift cards carry a balance (punches or money). */
export const hasBalance = (typeId: number): boolean => typeId === PUNCH_TICKET || typeId === VALUE_CARD || typeId === GIFT_CARD;

/** Value cards and gift cards: the balance is money. */
export const isCard = (typeId: number): boolean => typeId === VALUE_CARD || typeId === GIFT_CARD;

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * A code's value as a person reads it: '20 %', '500 kr', '10 punches'.
 * @example formatCodeValue({ RebateCodeTypeId: 1, RebateCodeValue: 20 }, 'kr', 'sv', translate) // '20 %'
 */
export function formatCodeValue(code: Pick<RebateCode, 'RebateCodeTypeId' | 'RebateCodeValue'>, sign: string, locale: string, translate: Translate): string {
  if (code.RebateCodeTypeId === PERCENT) return `${formatAmount(code.RebateCodeValue, '', locale)} %`;
  if (code.RebateCodeTypeId === PUNCH_TICKET) return translate('resources.promo-codes.punches', { smart_count: code.RebateCodeValue });
  return formatAmount(code.RebateCodeValue, sign, locale);
}

/** What is left of a ticket's punches or a card's value; empty for percent and fixed-amount codes. */
export function formatRemaining(code: Pick<RebateCode, 'RebateCodeTypeId' | 'RemainingAmount' | 'RemainingUsage'>, sign: string, locale: string, translate: Translate): string {
  if (code.RebateCodeTypeId === PUNCH_TICKET) return translate('resources.promo-codes.punches', { smart_count: code.RemainingUsage ?? 0 });
  if (isCard(code.RebateCodeTypeId)) return formatAmount(code.RemainingAmount ?? 0, sign, locale);
  return '';
}
