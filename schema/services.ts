import type { DayOfWeek, DayOfWeekId, Id, LocalDate, LocalDateTime, QueryBase, TimeOfDay, VatPercent } from './common';
import type { CustomFieldValue } from './customfields';

/** Booking-facing duration unit: 1 service, 2 minute, 3 hour, 4 day. Editor reading: 1 fixed, 2 slider, 3 dropdown. */
export type DurationTypeId = 1 | 2 | 3 | 4;

export interface MinMax {
  Active: boolean;
  /** @minimum 0 @asType integer */
  Min: number;
  /** @minimum 0 @asType integer */
  Max: number;
}

export interface ServicePrice {
  Id: Id;
  ServiceId: Id;
  /** Rounded to a whole number. @minimum 0 @maximum 100000000 */
  Price: number;
  /** 1 whole duration, 2 per minute, 3 per hour, 4 per day. */
  CalculationTypeId: 1 | 2 | 3 | 4;
  /** @maxLength 3 */
  CurrencyId: string;
  PriceSign: string;
  VAT: VatPercent;
  /** @maxLength 100 */
  Category: string;
  /** @maxLength 200 */
  PriceText: string;
  From?: LocalDate | null;
  To?: LocalDate | null;
  DaysOfWeek: DayOfWeek[];
  FromTime?: TimeOfDay | null;
  ToTime?: TimeOfDay | null;
  IsTimeSpecific: boolean;
  IsDaysOfWeekSpecific: boolean;
  /** Accounting article this price maps to. */
  ExternalReference?: string | null;
}

/** Body of POST /services/prices and PUT /services/prices/{Id}. */
export interface ServicePriceInput {
  ServiceId: Id;
  /** @minimum 0 @maximum 100000000 */
  Price: number;
  CalculationTypeId?: 1 | 2 | 3 | 4;
  /** @maxLength 3 @pattern ^[A-Z]{3}$ */
  CurrencyId?: string;
  VAT: VatPercent;
  /** @maxLength 100 */
  Category?: string;
  /** @maxLength 200 */
  PriceText?: string;
  From?: LocalDate | null;
  To?: LocalDate | null;
  /** @maxItems 7 */
  DaysOfWeek?: DayOfWeekId[];
  FromTime?: TimeOfDay | null;
  ToTime?: TimeOfDay | null;
}

export interface ServicePriceQuery extends QueryBase {
  Id?: Id;
  ServiceId?: Id;
  /** @maxLength 200 */
  Search?: string;
}

export interface Service {
  Id: Id;
  Name: string;
  Description: string;
  Group: string | null;
  Active: boolean;
  ImageUrl: string | null;
  /** Minutes. */
  Duration: number;
  MinDuration: number;
  MaxDuration: number;
  DurationInterval: number;
  DurationTypeId: DurationTypeId;
  SortOrder: number;
  TotalSpots: number;
  BookingStatusId: number;
  IsPaymentEnabled: boolean;
  EnableBookingQueue: boolean;
  GroupBooking: MinMax;
  MultipleResource: MinMax;
  Prices?: ServicePrice[];
  CustomFieldValues?: CustomFieldValue[];
  Created: LocalDateTime;
  Updated: LocalDateTime;
}

/** Body of POST /services and PUT /services/{Id}. */
export interface ServiceInput {
  /** @minLength 1 @maxLength 100 */
  Name: string;
  /** @minLength 1 @maxLength 5000 */
  Description: string;
  /** @maxLength 100 */
  Group?: string | null;
  Active?: boolean;
  /** @maxLength 1000 */
  ImageUrl?: string | null;
  /** Minutes. @minimum 1 @maximum 525600 @asType integer */
  Duration: number;
  /** @minimum 1 @maximum 525600 @asType integer */
  MinDuration?: number | null;
  /** @minimum 1 @maximum 525600 @asType integer */
  MaxDuration?: number | null;
  /** @minimum 1 @maximum 525600 @asType integer */
  DurationInterval?: number | null;
  DurationTypeId?: DurationTypeId;
  /** @minimum 0 @maximum 100000 @asType integer */
  SortOrder?: number;
  /** @minimum 1 @maximum 10000 @asType integer */
  TotalSpots?: number;
  /** @minimum 1 @maximum 10 @asType integer */
  BookingStatusId?: number;
  IsPaymentEnabled?: boolean;
  EnableBookingQueue?: boolean;
  GroupBooking?: MinMax;
  MultipleResource?: MinMax;
  /** @maxItems 100 */
  CustomFieldValues?: { Id: Id; /** @maxLength 4000 */ Value: string }[];
}

export interface ServiceQuery extends QueryBase {
  Id?: Id;
  Active?: boolean;
  /** @maxLength 200 */
  Search?: string;
  /** @maxLength 100 */
  Group?: string;
  IncludePrices?: boolean;
  IncludeCustomFieldValues?: boolean;
  IncludeCustomFields?: boolean;
  IncludeResources?: boolean;
  IncludeSchedules?: boolean;
  PriceDate?: LocalDate;
  PriceTime?: TimeOfDay;
}

/** Reference lists under /services/… */
export interface CodeName {
  Id: number;
  Name: string;
  Description?: string;
}

export interface Article {
  Id: Id;
  Name: string;
  Description: string;
  /** 1 product, 2 gift card, 3 value card, 4 punch ticket */
  ArticleTypeId: 1 | 2 | 3 | 4;
  Price: number;
  VAT: VatPercent;
  CurrencyId: string;
  PriceSign: string;
  Active: boolean;
  /** Internal reference id (stock keeping / accounting). */
  InternalReference: string | null;
  Created: LocalDateTime;
  Updated: LocalDateTime;
}

export interface ArticleInput {
  /** @minLength 1 @maxLength 100 */
  Name: string;
  /** @maxLength 2000 */
  Description?: string;
  ArticleTypeId: 1 | 2 | 3 | 4;
  /** @minimum 0 @maximum 100000000 */
  Price: number;
  VAT: VatPercent;
  Active?: boolean;
  /** @maxLength 100 */
  InternalReference?: string | null;
}

export interface ArticleQuery extends QueryBase {
  Id?: Id;
  /** @maxLength 200 */
  Search?: string;
  ArticleTypeId?: number;
  Active?: boolean;
}
