import type { Id, IdName, QueryBase } from './common';

/** Where a custom field is filled in: on services (Event), customers (RegisteredUsers) or bookings (BookedEvent). */
export type CustomFieldTable = 'Event' | 'RegisteredUsers' | 'BookedEvent';

export interface CustomFieldOption {
  /** @minLength 1 @maxLength 200 */
  Value: string;
  /** @minimum 0 @asType integer */
  SortOrder: number;
}

export interface CustomField {
  Id: Id;
  Name: string;
  Description: string;
  /** @minimum 1 @maximum 12 */
  Width: number;
  DataType: 'TextBox' | 'DropDown';
  DefaultValue: string | null;
  IsMandatory: boolean;
  MandatoryErrorMessage: string | null;
  MaxLength: number;
  MultipleLineText: boolean;
  /** The pattern a value must match (a JavaScript/PostgreSQL regular expression). */
  RegExId: string | null;
  RegExErrorMessage: string | null;
  IsPublic: boolean;
  IsHidden: boolean;
  SortOrder: number;
  Table: CustomFieldTable;
  Active: boolean;
  Values: CustomFieldOption[];
  Services: IdName[];
  Created: string;
  Updated: string;
}

export interface CustomFieldInput {
  /** @minLength 1 @maxLength 100 */
  Name: string;
  /** @maxLength 1000 */
  Description?: string;
  /** @minimum 1 @maximum 12 @asType integer */
  Width?: number;
  DataType: 'TextBox' | 'DropDown';
  /** @maxLength 1000 */
  DefaultValue?: string | null;
  IsMandatory?: boolean;
  /** @maxLength 300 */
  MandatoryErrorMessage?: string | null;
  /** @minimum 1 @maximum 4000 @asType integer */
  MaxLength?: number;
  MultipleLineText?: boolean;
  /** @maxLength 500 */
  RegExId?: string | null;
  /** @maxLength 300 */
  RegExErrorMessage?: string | null;
  IsPublic?: boolean;
  IsHidden?: boolean;
  /** @minimum 0 @maximum 100000 @asType integer */
  SortOrder?: number;
  Table: CustomFieldTable;
  Active?: boolean;
  /** @maxItems 200 */
  Values?: CustomFieldOption[];
  /** Ids of the services an Event or BookedEvent field applies to. @maxItems 1000 */
  Services?: Id[];
  /** When present it must be the caller's company. @minimum 1 */
  CompanyId?: number;
}

export interface CustomFieldQuery extends QueryBase {
  /** Repeat for several: Id=1&Id=2. @maxItems 1000 */
  Id?: Id[];
  /** @maxItems 3 */
  Table?: CustomFieldTable[];
  /** Fields that apply to this service (connected to it, or to no service at all). */
  ServiceId?: Id;
  /** @maxLength 200 */
  Search?: string;
  Active?: boolean;
}

/** A filled-in value of a custom field on a service, customer or booking. */
export interface CustomFieldValue {
  Id: Id;
  Name: string;
  Value: string;
}

/** A value as sent in a create or update body. */
export interface CustomFieldValueInput {
  Id: Id;
  /** @maxLength 4000 */
  Value: string;
}

/** GET /customfields/validations: the named patterns an administrator may pick. */
export interface CustomFieldValidation {
  Id: number;
  Name: string;
  Description: string;
  RegEx: string;
  ErrorMessage: string;
}

/**
 * GET /customfields/slots: how many fields each table may still get. A company may have at most
 * MaxSlots fields per table; NextSortOrder is where a new field lands (after the last one).
 */
export interface CustomFieldSlot {
  Table: CustomFieldTable;
  MaxSlots: number;
  UsedSlots: number;
  FreeSlots: number;
  NextSortOrder: number;
}

export interface CustomFieldSlotQuery {
  Table?: CustomFieldTable;
  /** @minimum 1 */
  CompanyId?: number;
}
