import type { RebateCodeInput, RebateCodeStatusId, RebateCodeTypeId } from '../../../schema/rebatecodes';
import type { FieldProblem } from '../errors';
import { datePart, secondsOfDay } from '../localTime';
import { toMinor } from '../money';
import { DEFAULT_MAX_NUMBER_OF_USES, hasBalance, isCard, PERCENT, PUNCH_TICKET, STATUS_ACTIVE } from './codeTypes';
import { validateSign, type SignProblemCode } from './sign';

export type RebateInputProblemCode =
  | SignProblemCode
  | 'UnknownType'
  | 'Negative'
  | 'PercentOver100'
  | 'NotWholeNumber'
  | 'TooManyDecimals'
  | 'MustBePositive'
  | 'FromAfterTo'
  | 'MinValue';

/**
 * Problems of a code's input, all at once, each naming its field:
 * a sign (when given) as validateSign; RebateCodeValue not negative, a percent at most 100, a punch
 * ticket a whole number of punches above 0, money at most two decimals; ValidFrom not after ValidTo;
 * FromTime before ToTime; MaxNumberOfUses and MaxNumberOfUsesPerCustomer at least 1.
 * @example
 * validateRebateCodeInput({ RebateCodeTypeId: 1, RebateCodeValue: 120 })
 * // [{ field: 'RebateCodeValue', code: 'PercentOver100', params: { limit: 100 } }]
 */
export function validateRebateCodeInput(input: RebateCodeInput): FieldProblem<RebateInputProblemCode>[] {
  const problems: FieldProblem<RebateInputProblemCode>[] = [];
  const add = (field: string, code: RebateInputProblemCode, params: Record<string, string | number> = {}) =>
    problems.push({ field, code, params });

  if (input.RebateCodeSign != null && input.RebateCodeSign.trim() !== '') problems.push(...validateSign(input.RebateCodeSign));
  if (![1, 2, 3, 4, 5].includes(input.RebateCodeTypeId)) add('RebateCodeTypeId', 'UnknownType');

  const value = input.RebateCodeValue;
  if (value < 0) add('RebateCodeValue', 'Negative');
  else if (input.RebateCodeTypeId === PERCENT && value > 100) add('RebateCodeValue', 'PercentOver100', { limit: 100 });
  else if (input.RebateCodeTypeId === PUNCH_TICKET && !Number.isInteger(value)) add('RebateCodeValue', 'NotWholeNumber');
  else if (input.RebateCodeTypeId === PUNCH_TICKET && value < 1) add('RebateCodeValue', 'MustBePositive');
  else if (Math.abs(toMinor(value) - value * 100) > 1e-6) add('RebateCodeValue', 'TooManyDecimals', { limit: 2 });

  if (input.ValidFrom && input.ValidTo && datePart(input.ValidFrom) > datePart(input.ValidTo)) {
    add('ValidFrom', 'FromAfterTo', { other: 'ValidTo' });
  }
  if (input.FromTime && input.ToTime && secondsOfDay(input.FromTime) >= secondsOfDay(input.ToTime)) {
    add('FromTime', 'FromAfterTo', { other: 'ToTime' });
  }
  for (const field of ['MaxNumberOfUses', 'MaxNumberOfUsesPerCustomer'] as const) {
    const limit = input[field];
    if (limit != null && (!Number.isInteger(limit) || limit < 1)) add(field, 'MinValue', { limit: 1 });
  }
  return problems;
}

/** A code input with every default filled in. */
export interface ResolvedRebateCodeInput {
  RebateCodeTypeId: RebateCodeTypeId;
  RebateCodeValue: number;
  MaxNumberOfUses: number;
  MaxNumberOfUsesPerCustomer: number;
  RebateCodeStatusId: RebateCodeStatusId;
}

/**
 * Defaults: MaxNumberOfUses 9999; MaxNumberOfUsesPerCustomer 1 for percent and fixed-amount codes
 * (one use per customer, the contract's default) but MaxNumberOfUses for punch tickets and cards, which
 * exist to be used again and again until their punches or amount run out; status Active.
 * @example
 * resolveDefaults({ RebateCodeTypeId: 4, RebateCodeValue: 500 }).MaxNumberOfUsesPerCustomer // 9999
 */
export function resolveDefaults(input: RebateCodeInput): ResolvedRebateCodeInput {
  const maxUses = input.MaxNumberOfUses ?? DEFAULT_MAX_NUMBER_OF_USES;
  return {
    RebateCodeTypeId: input.RebateCodeTypeId,
    RebateCodeValue: input.RebateCodeValue,
    MaxNumberOfUses: maxUses,
    MaxNumberOfUsesPerCustomer: input.MaxNumberOfUsesPerCustomer ?? (hasBalance(input.RebateCodeTypeId) ? maxUses : 1),
    RebateCodeStatusId: input.RebateCodeStatusId ?? STATUS_ACTIVE,
  };
}

/**
 * The balance a new code starts with: a punch ticket its punches (RebateCodeValue), a value or gift
 * card its value; other codes none.
 * @example
 * initialBalance(4, 500) // { RemainingAmount: 500, RemainingUsage: null }
 */
export function initialBalance(typeId: RebateCodeTypeId, value: number): { RemainingAmount: number | null; RemainingUsage: number | null } {
  return {
    RemainingAmount: isCard(typeId) ? value : null,
    RemainingUsage: typeId === PUNCH_TICKET ? value : null,
  };
}
