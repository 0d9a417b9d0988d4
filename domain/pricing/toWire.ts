import type { AppliedCode, CalculatePriceResponse, PriceDetail } from '../../schema/pricing';
import type { PriceCalculation } from './calculatePrice';
import { formatLocal } from './localTime';
import { toMajor } from './money';
import type { AppliedRebate } from './rebates/applyCodes';
import { rebateCodeTypeName, type RebateCodeRule } from './rebates/codeTypes';

/**
 * An applied code as the wire writes it.
 * @example
 * toAppliedCode({ code, rebate: 3000, usage: 1 }).RebateAmount // 30
 */
export function toAppliedCode(applied: AppliedRebate): AppliedCode {
  const { code } = applied;
  return {
    RebateCodeId: code.Id,
    RebateCodeSign: code.RebateCodeSign,
    RebateCodeValue: code.RebateCodeValue,
    RebateCodeType: { Id: code.RebateCodeTypeId, Name: rebateCodeTypeName(code.RebateCodeTypeId) },
    RebateAmount: toMajor(applied.rebate),
    Usage: applied.usage,
  };
}

/**
 * The answer of PUT /services/{Id}/calculateprice, in major units.
 * @example
 * reply.send(toCalculatePriceResponse(calculatePrice(input)));
 */
export function toCalculatePriceResponse<C extends RebateCodeRule>(calculation: PriceCalculation<C>): CalculatePriceResponse {
  const details: PriceDetail[] = calculation.lines.map((line) => ({
    PriceId: line.price.Id,
    QuantityIndex: line.quantityIndex,
    Category: line.price.Category,
    PriceText: line.price.PriceText,
    CalculationTypeId: line.price.CalculationTypeId,
    From: formatLocal(line.from),
    To: formatLocal(line.to),
    Quantity: line.quantity,
    OccupiesSpot: line.occupiesSpot,
    UnitPrice: toMajor(line.unit),
    PriceBeforeRebate: toMajor(line.beforeRebate),
    Price: toMajor(line.amount),
    VAT: line.price.VAT,
    VatAmount: toMajor(line.vat),
  }));
  return {
    PriceSign: calculation.priceSign,
    CurrencyId: calculation.currencyId,
    TotalPrice: toMajor(calculation.total),
    TotalVatAmount: toMajor(calculation.totalVat),
    TotalPriceBeforeRebate: toMajor(calculation.totalBeforeRebate),
    AppliedCodes: calculation.applied.map(toAppliedCode),
    PriceDetails: details,
  };
}
