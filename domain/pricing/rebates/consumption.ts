import type { RebateCodeChangeType, RebateCodeTransactionInput } from '../../../schema/rebatecodes';
import type { FieldProblem } from '../errors';
import { toMajor, toMinor, type Minor } from '../money';
import type { AppliedRebate } from './applyCodes';
import { hasBalance, isCard, PUNCH_TICKET, type RebateCodeRule } from './codeTypes';

/** A transaction to write for a code: what a booking used, or a manual correction. */
export interface TransactionDraft {
  RebateCodeId: number;
  /** Major units (cards: drawn or added; percent and fixed codes: the rebate given, for the report). */
  Amount: number;
  /** Punch tickets: punches; other codes: 1 per booking. */
  Usage: number;
  ChangeType: RebateCodeChangeType;
  BookingId: number | null;
}

/** The parts of a code a transaction changes. */
export type CodeBalance = Pick<RebateCodeRule, 'RebateCodeTypeId' | 'NumberOfUsesUsed' | 'RemainingAmount' | 'RemainingUsage'>;

/**
 * The transactions a booking writes for the codes it used: one Decrease per code that took something
 * off (codes that took nothing off use nothing). Amount is the rebate in major units, Usage the
 * punches (punch tickets) or 1.
 * @example
 * planConsumption(calculation.applied, 42)
 * // [{ RebateCodeId: 7, Amount: 150, Usage: 1, ChangeType: 'Decrease', BookingId: 42 }]
 */
export function planConsumption(applied: readonly AppliedRebate[], bookingId: number | null = null): TransactionDraft[] {
  return applied
    .filter((a) => a.usage > 0)
    .map((a) => ({ RebateCodeId: a.code.Id, Amount: toMajor(a.rebate), Usage: a.usage, ChangeType: 'Decrease' as const, BookingId: bookingId }));
}

/**
 * The Increase transactions that give back what a booking's transactions used (when the booking is
 * cancelled or its codes removed).
 * @example
 * reverseConsumption(planConsumption(applied, 42)) // same rows with ChangeType 'Increase'
 */
export function reverseConsumption(transactions: readonly TransactionDraft[]): TransactionDraft[] {
  return transactions.filter((t) => t.ChangeType === 'Decrease').map((t) => ({ ...t, ChangeType: 'Increase' as const }));
}

/** Why a transaction cannot be recorded. */
export type TransactionProblemCode = 'NoBalance' | 'InsufficientBalance' | 'Required' | 'MustBePositive' | 'NotWholeNumber' | 'TooManyDecimals';

/**
 * The balance after a transaction, or the problem. A booking's transaction (BookingId set) counts one
 * use of the code (Decrease) or gives it back (Increase); punch tickets move RemainingUsage by Usage,
 * value and gift cards move RemainingAmount by Amount; neither may go below zero.
 * Percent and fixed-amount codes have no balance beyond their use count.
 * @example
 * applyTransaction(card, { RebateCodeId: 4, Amount: 120, Usage: 1, ChangeType: 'Decrease', BookingId: 42 })
 * // { ok: true, balance: { ..., RemainingAmount: 380, NumberOfUsesUsed: 1 } }
 */
export function applyTransaction<B extends CodeBalance>(
  balance: B,
  transaction: TransactionDraft,
): { ok: true; balance: B } | { ok: false; problem: FieldProblem<TransactionProblemCode> } {
  const sign = transaction.ChangeType === 'Decrease' ? -1 : 1;
  const next: B = { ...balance };
  if (transaction.BookingId !== null) next.NumberOfUsesUsed = Math.max(0, balance.NumberOfUsesUsed - sign);
  if (balance.RebateCodeTypeId === PUNCH_TICKET) {
    const remaining = (balance.RemainingUsage ?? 0) + sign * transaction.Usage;
    if (remaining < 0) return { ok: false, problem: { field: 'Usage', code: 'InsufficientBalance', params: { left: balance.RemainingUsage ?? 0 } } };
    next.RemainingUsage = remaining;
  } else if (isCard(balance.RebateCodeTypeId)) {
    const remaining: Minor = toMinor(balance.RemainingAmount ?? 0) + sign * toMinor(transaction.Amount);
    if (remaining < 0) return { ok: false, problem: { field: 'Amount', code: 'InsufficientBalance', params: { left: balance.RemainingAmount ?? 0 } } };
    next.RemainingAmount = toMajor(remaining);
  }
  return { ok: true, balance: next };
}

/**
 * Problems of a manual transaction (the transactions page): only punch tickets (Usage, a whole number
 * above 0) and value and gift cards (Amount above 0, at most two decimals) have a balance to change,
 * and a Decrease cannot take more than is left.
 * @example
 * validateManualTransaction(punchTicket, { RebateCodeId: 3, Usage: 2, ChangeType: 'Increase' }) // []
 */
export function validateManualTransaction(
  code: CodeBalance,
  input: Pick<RebateCodeTransactionInput, 'Amount' | 'Usage' | 'ChangeType'>,
): FieldProblem<TransactionProblemCode>[] {
  if (!hasBalance(code.RebateCodeTypeId)) return [{ field: 'RebateCodeId', code: 'NoBalance', params: {} }];
  const punch = code.RebateCodeTypeId === PUNCH_TICKET;
  const field = punch ? 'Usage' : 'Amount';
  const value = punch ? input.Usage : input.Amount;
  if (value == null) return [{ field, code: 'Required', params: {} }];
  if (!(value > 0)) return [{ field, code: 'MustBePositive', params: {} }];
  if (punch && !Number.isInteger(value)) return [{ field, code: 'NotWholeNumber', params: {} }];
  if (!punch && Math.abs(toMinor(value) - value * 100) > 1e-6) return [{ field, code: 'TooManyDecimals', params: { limit: 2 } }];
  const draft: TransactionDraft = {
    RebateCodeId: 0,
    Amount: punch ? 0 : value,
    Usage: punch ? value : 0,
    ChangeType: input.ChangeType,
    BookingId: null,
  };
  const result = applyTransaction(code, draft);
  return result.ok ? [] : [result.problem];
}
