import type { Id, LocalDateTime, VatPercent } from './common';
import type { RebateCodeType } from './rebatecodes';

/** The booked interval, company-local. Without To the service's duration is used. */
export interface PriceInterval {
  From: LocalDateTime;
  To?: LocalDateTime | null;
}

/** How many of one price are booked. */
export interface PriceQuantity {
  /** 0 = the single price valid at that time. @minimum 0 @asType integer */
  PriceId: number;
  /** @minimum 0 @maximum 10000 @asType integer */
  Quantity: number;
  /** Whether these count toward the service's spots (default true). */
  OccupiesSpot?: boolean;
}

/** Body of PUT /services/{Id}/calculateprice. */
export interface CalculatePriceRequest {
  /** The service (also in the path). */
  Id?: Id;
  /** @minimum 1 */
  CompanyId?: number;
  Interval: PriceInterval;
  /** Empty or left out = one of the price valid then. @maxItems 50 */
  Quantities?: PriceQuantity[];
  /** @maxItems 10 */
  RebateCodeIds?: Id[];
  /** Who books; needed for codes reserved for customers or limited per customer. @maxLength 200 */
  CustomerEmail?: string | null;
}

/** What one code took off the price. */
export interface AppliedCode {
  RebateCodeId: Id;
  RebateCodeSign: string;
  RebateCodeValue: number;
  RebateCodeType: RebateCodeType;
  /** Major units taken off by this code. */
  RebateAmount: number;
  /** Punch tickets: punches this booking uses; other codes: 1 (0 when the code took nothing off). */
  Usage: number;
}

/**
 * One priced line: one quantity line during one stretch of time with one price.
 * A booking that crosses price periods has one line per period and quantity.
 * Amounts are major units; Price = PriceBeforeRebate minus this line's share of the rebates.
 */
export interface PriceDetail {
  PriceId: Id;
  /** Index of the quantity line in the request this detail belongs to. */
  QuantityIndex: number;
  Category: string;
  PriceText: string;
  /** 1 whole duration, 2 per minute, 3 per hour, 4 per day. */
  CalculationTypeId: 1 | 2 | 3 | 4;
  From: LocalDateTime;
  To: LocalDateTime;
  Quantity: number;
  OccupiesSpot: boolean;
  /** The price for one of the quantity for this stretch, before rebates. */
  UnitPrice: number;
  /** UnitPrice × Quantity. */
  PriceBeforeRebate: number;
  /** What is left to pay for this line after rebates (VAT included). */
  Price: number;
  VAT: VatPercent;
  /** VAT contained in Price. */
  VatAmount: number;
}

/** Answer of PUT /services/{Id}/calculateprice. */
export interface CalculatePriceResponse {
  PriceSign: string;
  CurrencyId: string;
  /** What is left to pay, VAT included. */
  TotalPrice: number;
  /** VAT contained in TotalPrice. */
  TotalVatAmount: number;
  TotalPriceBeforeRebate: number;
  AppliedCodes: AppliedCode[];
  PriceDetails: PriceDetail[];
}
