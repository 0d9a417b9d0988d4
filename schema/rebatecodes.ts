import type { DayOfWeek, DayOfWeekId, Id, IdName, Integer, LocalDate, LocalDateTime, QueryBase, TimeOfDay } from './common';

/** 1 Percent, 2 Currency (fixed amount), 3 PunchTicket, 4 ValueCard, 5 GiftCard. */
export type RebateCodeTypeId = 1 | 2 | 3 | 4 | 5;

export type RebateCodeTypeName = 'Percent' | 'Currency' | 'PunchTicket' | 'ValueCard' | 'GiftCard';

/** GET /rebatecodes/types and the RebateCodeType of an applied code. */
export interface RebateCodeType {
  Id: RebateCodeTypeId;
  Name: RebateCodeTypeName;
}

/** 1 Active, 2 Off (switched off by an administrator; deleting it then needs ForceDelete). */
export type RebateCodeStatusId = 1 | 2;

export type RebateCodeStatusName = 'Active' | 'Off';

/** A customer a code is reserved for. */
export interface RebateCodeCustomer {
  Id: Id;
  Firstname: string;
  Lastname: string;
  Email: string | null;
}

/**
 * A promo code, punch ticket, value card or gift card.
 * RebateCodeValue means, by type: 1 percent off (0–100), 2 amount off in major units,
 * 3 number of punches the ticket was issued with, 4 and 5 the card's value in major units.
 */
export interface RebateCode {
  Id: Id;
  CompanyId: Id;
  /** Upper case; more than four characters; unique among active codes of the company. */
  RebateCodeSign: string;
  Name: string;
  RebateCodeTypeId: RebateCodeTypeId;
  RebateCodeTypeName: RebateCodeTypeName;
  RebateCodeValue: number;
  /** First day the code can be used for (inclusive); null = no start. */
  ValidFrom: LocalDate | null;
  /** Last day the code can be used for (inclusive); null = no end. */
  ValidTo: LocalDate | null;
  /** A booking must start at or after this time of day. */
  FromTime: TimeOfDay | null;
  /** A booking must start before this time of day. */
  ToTime: TimeOfDay | null;
  /** Bookings the code can be used in, in total. */
  MaxNumberOfUses: number;
  /** Bookings one customer can use the code in. */
  MaxNumberOfUsesPerCustomer: number;
  /** Bookings the code has been used in. */
  NumberOfUsesUsed: number;
  /** Value cards and gift cards: what is left on the card, in major units. */
  RemainingAmount: number | null;
  /** Punch tickets: punches left. */
  RemainingUsage: number | null;
  RebateCodeStatusId: RebateCodeStatusId;
  StatusName: RebateCodeStatusName;
  /** Empty = every day. */
  DaysOfWeek: DayOfWeek[];
  /** Empty = every service. */
  Services: IdName[];
  /** Empty = every customer. */
  Customers: RebateCodeCustomer[];
  PersonalNote: string | null;
  Created: LocalDateTime;
  Updated: LocalDateTime;
}

/** Body of POST /rebatecodes and PUT /rebatecodes/{Id}. */
export interface RebateCodeInput {
  /** Left out on create: a sign is generated. More than four characters: letters, digits, dash (checked by the rebate rules). @maxLength 60 */
  RebateCodeSign?: string | null;
  /** @maxLength 100 */
  Name?: string | null;
  RebateCodeTypeId: RebateCodeTypeId;
  /** @minimum 0 @maximum 100000000 */
  RebateCodeValue: number;
  ValidFrom?: LocalDate | null;
  ValidTo?: LocalDate | null;
  FromTime?: TimeOfDay | null;
  ToTime?: TimeOfDay | null;
  /** Default 9999. @minimum 1 @maximum 1000000 */
  MaxNumberOfUses?: Integer | null;
  /** Default 1 for percent and currency codes, MaxNumberOfUses for tickets and cards. @minimum 1 @maximum 1000000 */
  MaxNumberOfUsesPerCustomer?: Integer | null;
  RebateCodeStatusId?: RebateCodeStatusId;
  /** @maxItems 7 */
  DaysOfWeek?: DayOfWeekId[];
  /** Service ids; empty = every service. @maxItems 1000 */
  Services?: Id[];
  /** Customer ids; empty = every customer. @maxItems 1000 */
  Customers?: Id[];
  /** @maxLength 2000 */
  PersonalNote?: string | null;
  /** @minimum 1 */
  CompanyId?: number;
}

export interface RebateCodeQuery extends QueryBase {
  Id?: Id;
  /** @maxLength 200 */
  Search?: string;
  /** @maxLength 50 */
  RebateCodeSign?: string;
  RebateCodeTypeId?: RebateCodeTypeId;
  /** @maxItems 5 */
  RebateCodeTypeIds?: RebateCodeTypeId[];
  RebateCodeStatusId?: RebateCodeStatusId;
  /** Codes usable for this service: connected to it, or to every service. */
  ServiceId?: Id;
  /** Codes reserved for this customer. */
  CustomerId?: Id;
  /** Codes still valid on or after this day (no ValidTo, or ValidTo ≥ it). */
  ValidFrom?: LocalDate;
  /** Codes already valid on or before this day (no ValidFrom, or ValidFrom ≤ it). */
  ValidTo?: LocalDate;
}

/** DELETE /rebatecodes/{Id}: a code that is Off is deleted with ForceDelete. */
export interface RebateCodeDeleteQuery {
  ForceDelete?: boolean;
  /** @minimum 1 */
  CompanyId?: number;
}

/** GET /rebatecodes/getbysign: the code with this sign, if it applies to the service, date and customer. */
export interface RebateCodeGetBySignQuery {
  /** @minLength 1 @maxLength 50 */
  RebateCodeSign: string;
  /** When the booking starts (company-local); default now. */
  Date?: LocalDateTime | LocalDate;
  /** @maxLength 200 */
  CustomerEmail?: string;
  ServiceId?: Id;
  /** @minimum 1 */
  CompanyId?: number;
}

export type RebateCodeChangeType = 'Increase' | 'Decrease';

/** One change of a code's balance: a booking's use or a manual correction. */
export interface RebateCodeTransaction {
  Id: Id;
  RebateCodeId: Id;
  RebateCodeSign: string;
  RebateCodeTypeId: RebateCodeTypeId;
  /** Money moved, in major units (value and gift cards: drawn or added; other codes: the rebate given). */
  Amount: number;
  /** Uses moved (punch tickets: punches; other codes: 1 per booking). */
  Usage: number;
  ChangeType: RebateCodeChangeType;
  BookingId: Id | null;
  CustomerId: Id | null;
  CustomerName: string | null;
  ServiceId: Id | null;
  ServiceName: string | null;
  Comment: string | null;
  Created: LocalDateTime;
}

/** Body of POST /rebatecodes/transactions: a manual increase or decrease of a card's amount or a ticket's punches. */
export interface RebateCodeTransactionInput {
  RebateCodeId: Id;
  /** Value and gift cards. @minimum 0 @maximum 100000000 */
  Amount?: number | null;
  /** Punch tickets. @minimum 0 @maximum 100000 */
  Usage?: Integer | null;
  ChangeType: RebateCodeChangeType;
  CustomerId?: Id | null;
  /** @maxLength 1000 */
  Comment?: string | null;
  /** @minimum 1 */
  CompanyId?: number;
}

export interface RebateCodeTransactionQuery extends QueryBase {
  /** Matches the code's sign and the customer's and service's names. @maxLength 200 */
  Search?: string;
  RebateCodeId?: Id;
  CustomerId?: Id;
  ServiceId?: Id;
  CreatedFrom?: LocalDate | LocalDateTime;
  CreatedTo?: LocalDate | LocalDateTime;
  /** Alias of Skip, as the admin's transactions report sends it. @minimum 0 */
  Offset?: number;
  /** Only 'Increase' or only 'Decrease' transactions. */
  ChangeType?: RebateCodeChangeType;
}

/**
 * GET /rebatecodes/usages and GET /rebatecodes/{Id}/usages: the bookings a code was used in
 * (its booking transactions), newest first; answers RebateCodeTransaction records.
 */
export interface RebateCodeUsageQuery extends QueryBase {
  /** Matches the code's sign and the customer's and service's names. @maxLength 200 */
  Search?: string;
  RebateCodeId?: Id;
  CustomerId?: Id;
  ServiceId?: Id;
  CreatedFrom?: LocalDate | LocalDateTime;
  CreatedTo?: LocalDate | LocalDateTime;
  /** Alias of Skip. @minimum 0 */
  Offset?: number;
}

/** GET /rebatecodes/{Id}/reports: 1 send by e-mail, 2 download the PDF. */
export interface RebateCodeReportQuery {
  SendReceiptMethod: 1 | 2;
  /** Send to this address instead of the code's customer (SendReceiptMethod 1). @maxLength 200 @format email */
  Email?: string;
  /** @minimum 1 */
  CompanyId?: number;
}

/** Answer of GET /rebatecodes/{Id}/reports?SendReceiptMethod=1: where the report went. */
export interface RebateCodeReportSent {
  Email: string;
  MessageId: string | null;
}
