import type { DayOfWeek, DayOfWeekId, Id, Integer, LocalDate, LocalDateTime, QueryBase, TimeOfDay, VatPercent } from './common';
import type { CustomField, CustomFieldValue, CustomFieldValueInput } from './customfields';
import type { ServiceResourceType, ServiceSchedule } from './scheduling';

/** Booking-facing duration unit: 1 service, 2 minute, 3 hour, 4 day. */
export type DurationTypeId = 1 | 2 | 3 | 4;

/** How the service editor and booking widget offer the duration: 1 fixed, 2 slider, 3 dropdown. */
export type ServiceDurationTypeId = 1 | 2 | 3;

export interface MinMax {
  Active: boolean;
  /** @minimum 0 @maximum 10000 @asType integer */
  Min: number;
  /** @minimum 0 @maximum 10000 @asType integer */
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
  /** When present it must be the caller's company. @minimum 1 */
  CompanyId?: number;
}

export interface ServicePriceQuery extends QueryBase {
  /** Repeat for several: Id=1&Id=2. @maxItems 1000 */
  Id?: Id[];
  /** @maxItems 1000 */
  ServiceId?: Id[];
  /** Matches Category and PriceText. @maxLength 200 */
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
  DurationTypeId: ServiceDurationTypeId;
  SortOrder: number;
  TotalSpots: number;
  BookingStatusId: number;
  IsPaymentEnabled: boolean;
  EnableBookingQueue: boolean;
  GroupBooking: MinMax;
  MultipleResource: MinMax;
  /** With IncludePrices (only the prices valid at PriceDate/PriceTime when given). */
  Prices?: ServicePrice[];
  /** With IncludeCustomFieldValues. */
  CustomFieldValues?: CustomFieldValue[];
  /** With IncludeCustomFields: the service fields (Table Event) that apply to this service. */
  CustomFields?: CustomField[];
  /** With IncludeBookingCustomFields: the booking fields (Table BookedEvent) that apply to this service. */
  BookingCustomFields?: CustomField[];
  /** With IncludeResources: the resource types the service needs, with the resources it may use. */
  ResourceTypes?: ServiceResourceType[];
  /** With IncludeSchedules: the recurring and date schedules the service follows. */
  Schedules?: ServiceSchedule[];
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
  /** @minimum 1 @maximum 525600 */
  MinDuration?: Integer | null;
  /** @minimum 1 @maximum 525600 */
  MaxDuration?: Integer | null;
  /** @minimum 1 @maximum 525600 */
  DurationInterval?: Integer | null;
  DurationTypeId?: ServiceDurationTypeId;
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
  CustomFieldValues?: CustomFieldValueInput[];
  /** When present it must be the caller's company. @minimum 1 */
  CompanyId?: number;
}

export interface ServiceQuery extends QueryBase {
  /** Repeat for several: Id=1&Id=2. @maxItems 1000 */
  Id?: Id[];
  Active?: boolean;
  /** @maxLength 200 */
  Search?: string;
  /** @maxLength 100 */
  Group?: string;
  IncludePrices?: boolean;
  IncludeCustomFieldValues?: boolean;
  IncludeCustomFields?: boolean;
  IncludeBookingCustomFields?: boolean;
  IncludeResources?: boolean;
  IncludeSchedules?: boolean;
  PriceDate?: LocalDate;
  PriceTime?: TimeOfDay;
}

/** GET /services/groups: the distinct groups of the company's services. */
export interface ServiceGroup {
  Name: string;
  /** How many services carry the group. */
  Count: number;
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
  /** When present it must be the caller's company. @minimum 1 */
  CompanyId?: number;
}

export interface ArticleQuery extends QueryBase {
  /** Repeat for several: Id=1&Id=2. @maxItems 1000 */
  Id?: Id[];
  /** @maxLength 200 */
  Search?: string;
  /** @maxItems 4 */
  ArticleTypeId?: (1 | 2 | 3 | 4)[];
  Active?: boolean;
}
