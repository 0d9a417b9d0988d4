/** Why a price cannot be calculated. Each has a message in ./messages.ts. */
export type PricingErrorCode =
  | 'ToBeforeFrom'
  | 'IntervalTooLong'
  | 'InvalidDateTime'
  | 'NegativeQuantity'
  | 'UnknownPrice'
  | 'PriceNotValid'
  | 'NoPriceValid'
  | 'SeveralPricesValid'
  | 'MixedCurrencies'
  | 'CodeAlreadyApplied';

/** A problem tied to one field of the request, in the shape the API turns into a ResponseStatus error. */
export interface FieldProblem<Code extends string = string> {
  /** Wire field name, e.g. 'Interval.To' or 'Quantities[1].PriceId'. */
  field: string;
  code: Code;
  /** Values for the message's {placeholders}. */
  params: Record<string, string | number>;
}

/**
 * Thrown by the price rules for input they cannot price; the route answers 400 with `field` and `code`.
 * @example
 * throw new PricingError('Quantities[0].PriceId', 'UnknownPrice', { id: 12 });
 */
export class PricingError extends Error implements FieldProblem<PricingErrorCode> {
  constructor(
    readonly field: string,
    readonly code: PricingErrorCode,
    readonly params: Record<string, string | number> = {},
  ) {
    super(`${field}: ${code}`);
    this.name = 'PricingError';
  }
}
