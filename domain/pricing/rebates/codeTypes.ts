import type { IdName } from '../../../schema/common';
import type { RebateCode, RebateCodeType, RebateCodeTypeId, RebateCodeTypeName } from '../../../schema/rebatecodes';
import type { DaysOfWeekList } from '../priceRules';

export const REBATE_CODE_TYPES: readonly RebateCodeType[] = [
  { Id: 1, Name: 'Percent' },
  { Id: 2, Name: 'Currency' },
  { Id: 3, Name: 'PunchTicket' },
  { Id: 4, Name: 'ValueCard' },
  { Id: 5, Name: 'GiftCard' },
];

export const PERCENT = 1;
export const CURRENCY = 2;
export const PUNCH_TICKET = 3;
export const VALUE_CARD = 4;
export const GIFT_CARD = 5;

export const STATUS_ACTIVE = 1;
export const STATUS_OFF = 2;

export const DEFAULT_MAX_NUMBER_OF_USES = 9999;

/**
 * The type's name as on the wire.
 * @example
 * rebateCodeTypeName(3) // 'PunchTicket'
 */
export function rebateCodeTypeName(id: RebateCodeTypeId): RebateCodeTypeName {
  return REBATE_CODE_TYPES[id - 1].Name;
}

/**
 * Types that carry a balance: punch tickets (punches) and value and gift cards (an amount).
 * @example
 * hasBalance(4) // true
 */
export function hasBalance(typeId: RebateCodeTypeId): boolean {
  return typeId === PUNCH_TICKET || typeId === VALUE_CARD || typeId === GIFT_CARD;
}

/**
 * Types whose balance is money (value and gift cards).
 * @example
 * isCard(5) // true
 */
export function isCard(typeId: RebateCodeTypeId): boolean {
  return typeId === VALUE_CARD || typeId === GIFT_CARD;
}

/**
 * The order codes apply in, whatever order they were given in: punch tickets first (a punch pays a
 * whole visit), then percent codes, then fixed amounts, then gift cards and last value cards, which
 * pay what is left. Within one type: the code that expires first (ValidTo; none = last), then lowest Id.
 */
const APPLY_RANK: Record<RebateCodeTypeId, number> = { 3: 0, 1: 1, 2: 2, 5: 3, 4: 4 };

/** What the code rules read from a code (the wire RebateCode fits). */
export type RebateCodeRule = Pick<
  RebateCode,
  | 'Id'
  | 'RebateCodeSign'
  | 'RebateCodeTypeId'
  | 'RebateCodeValue'
  | 'ValidFrom'
  | 'ValidTo'
  | 'FromTime'
  | 'ToTime'
  | 'MaxNumberOfUses'
  | 'MaxNumberOfUsesPerCustomer'
  | 'NumberOfUsesUsed'
  | 'RemainingAmount'
  | 'RemainingUsage'
  | 'RebateCodeStatusId'
> & {
  DaysOfWeek: DaysOfWeekList;
  Services: readonly Pick<IdName, 'Id'>[];
  Customers: readonly { Id: number }[];
};

/**
 * Codes in the order they apply (see APPLY_RANK); the input is not changed.
 * @example
 * inApplyOrder([valueCard, percentCode]).map((c) => c.RebateCodeTypeId) // [1, 4]
 */
export function inApplyOrder<C extends Pick<RebateCodeRule, 'Id' | 'RebateCodeTypeId' | 'ValidTo'>>(codes: readonly C[]): C[] {
  return [...codes].sort((a, b) => {
    const rank = APPLY_RANK[a.RebateCodeTypeId] - APPLY_RANK[b.RebateCodeTypeId];
    if (rank !== 0) return rank;
    const aTo = a.ValidTo ? a.ValidTo.slice(0, 10) : '9999-99-99';
    const bTo = b.ValidTo ? b.ValidTo.slice(0, 10) : '9999-99-99';
    if (aTo !== bTo) return aTo < bTo ? -1 : 1;
    return a.Id - b.Id;
  });
}
