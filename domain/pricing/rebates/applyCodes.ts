import { allocate, roundDiv, toMinor, type Minor } from '../money';
import type { PricedLine } from '../priceLines';
import { CURRENCY, inApplyOrder, isCard, PERCENT, PUNCH_TICKET, type RebateCodeRule } from './codeTypes';

/** What one code took off a booking and what it uses up. */
export interface AppliedRebate<C extends RebateCodeRule = RebateCodeRule> {
  code: C;
  /** Minor units taken off. */
  rebate: Minor;
  /** Punch tickets: punches used (one per covered quantity); other codes: 1 when they took something off, else 0. */
  usage: number;
}

export interface RebateOutcome<C extends RebateCodeRule = RebateCodeRule> {
  /** The lines with `amount` reduced by the codes. */
  lines: PricedLine[];
  /** In the order the codes applied. */
  applied: AppliedRebate<C>[];
}

function total(lines: readonly PricedLine[]): Minor {
  return lines.reduce((sum, line) => sum + line.amount, 0);
}

/** Takes `rebate` off all lines in proportion to what is left on each (exact, see allocate). */
function takeProportionally(lines: PricedLine[], rebate: Minor): void {
  const parts = allocate(rebate, lines.map((line) => line.amount));
  lines.forEach((line, i) => {
    line.amount -= parts[i];
  });
}

/**
 * A punch ticket pays whole quantities: one punch per booked quantity that occupies a spot, the dearest
 * quantity first (by what is left of it), never a quantity that costs nothing. `covered` remembers the
 * quantities earlier tickets paid, per quantity line.
 */
function punch(lines: PricedLine[], punches: number, covered: Map<number, number>): { rebate: Minor; usage: number } {
  const groups = new Map<number, PricedLine[]>();
  for (const line of lines) {
    if (!line.occupiesSpot) continue;
    groups.set(line.quantityIndex, [...(groups.get(line.quantityIndex) ?? []), line]);
  }
  const candidates = [...groups.entries()]
    .map(([index, group]) => ({ index, group, open: group[0].quantity - (covered.get(index) ?? 0), left: total(group) }))
    .filter((c) => c.open > 0 && c.left > 0)
    .sort((a, b) => {
      const perUnit = BigInt(b.left) * BigInt(a.open) - BigInt(a.left) * BigInt(b.open);
      return perUnit === 0n ? a.index - b.index : perUnit < 0n ? -1 : 1;
    });
  let rebate = 0;
  let usage = 0;
  let punchesLeft = punches;
  for (const candidate of candidates) {
    if (punchesLeft <= 0) break;
    const units = Math.min(punchesLeft, candidate.open);
    for (const line of candidate.group) {
      const take = units === candidate.open ? line.amount : roundDiv(BigInt(line.amount) * BigInt(units), BigInt(candidate.open));
      line.amount -= take;
      rebate += take;
    }
    covered.set(candidate.index, (covered.get(candidate.index) ?? 0) + units);
    punchesLeft -= units;
    usage += units;
  }
  return { rebate, usage };
}

/** What a percent, fixed-amount or card code takes off `left`. */
function moneyRebate(code: RebateCodeRule, left: Minor): Minor {
  if (code.RebateCodeTypeId === PERCENT) {
    const hundredths = Math.min(10000, Math.max(0, Math.round(code.RebateCodeValue * 100)));
    return roundDiv(BigInt(left) * BigInt(hundredths), 10000n);
  }
  const limit = code.RebateCodeTypeId === CURRENCY ? code.RebateCodeValue : isCard(code.RebateCodeTypeId) ? (code.RemainingAmount ?? 0) : 0;
  return Math.min(Math.max(0, toMinor(limit)), left);
}

/**
 * Applies codes to priced lines, each to what the codes before it left, in the documented order of
 * inApplyOrder (punch tickets, percent, fixed amounts, gift cards, value cards), so the order they are
 * given in does not matter. A percent code takes that percent of what is left (rounded to the öre); a
 * fixed amount takes its value, at most what is left; a card draws its RemainingAmount, at most what is
 * left; a punch ticket pays whole quantities (see punch). Money codes spread their rebate over the lines
 * in proportion to what is left on each, so every line keeps 0 ≤ amount ≤ beforeRebate and the lines
 * still sum exactly to the total. Whether a code may be used at all is whyNotApplicable's job.
 * @example
 * const { lines, applied } = applyCodes(priced, [valueCard, twentyPercent]);
 * applied.map((a) => [a.code.RebateCodeSign, a.rebate]) // [['SUMMER20', 4000], ['CARD5000', 16000]]
 */
export function applyCodes<C extends RebateCodeRule>(lines: readonly PricedLine[], codes: readonly C[]): RebateOutcome<C> {
  const working = lines.map((line) => ({ ...line }));
  const covered = new Map<number, number>();
  const applied: AppliedRebate<C>[] = [];
  for (const code of inApplyOrder(codes)) {
    if (code.RebateCodeTypeId === PUNCH_TICKET) {
      const { rebate, usage } = punch(working, Math.max(0, Math.floor(code.RemainingUsage ?? 0)), covered);
      applied.push({ code, rebate, usage });
      continue;
    }
    const rebate = moneyRebate(code, total(working));
    takeProportionally(working, rebate);
    applied.push({ code, rebate, usage: rebate > 0 ? 1 : 0 });
  }
  return { lines: working, applied };
}
