import type { Id, LocalDateTime, QueryBase } from './common';

/** 1 registered, 2 awaiting approval, 3 approved, 4 inactive, 5 closed down, 6 not approved. */
export type CompanyStatusId = 1 | 2 | 3 | 4 | 5 | 6;

export interface Company {
  Id: Id;
  Name: string;
  Email: string;
  Phone: string | null;
  Homepage: string | null;
  Street1: string;
  Street2: string | null;
  ZipCode: string;
  City: string;
  /** Country name, as shown. */
  Country: string;
  /** ISO 3166 alpha-2: SE, DK, FI, NO. */
  CountryId: string;
  OrganisationNumber: string;
  /** IANA time zone that decides local times. */
  TimeZone: string;
  CurrencyId: string;
  CategoryId: number | null;
  TypeId: number | null;
  StatusId: CompanyStatusId;
  Latitude: number | null;
  Longitude: number | null;
  LogoUrl: string | null;
  /** Current license type (1 free, 2 standard, 3 professional, 5 business, 9 enterprise). */
  LicenseTypeId: number;
  IsFreeAccount: boolean;
  Created: LocalDateTime;
  Updated: LocalDateTime;
}

export interface CompanyInput {
  /** @minimum 1 */
  CompanyId?: number;
  /** @minLength 1 @maxLength 200 */
  Name: string;
  /** @minLength 3 @maxLength 200 @format email */
  Email: string;
  /** @maxLength 30 */
  Phone?: string | null;
  /** A web address, with or without http(s)://. @maxLength 300 @pattern ^$|^(https?://)?[A-Za-z0-9.-]+\.[A-Za-z]{2,}(:\d+)?(/\S*)?$ */
  Homepage?: string | null;
  /** @minLength 1 @maxLength 200 */
  Street1: string;
  /** @maxLength 200 */
  Street2?: string | null;
  /** @minLength 1 @maxLength 20 */
  ZipCode: string;
  /** @minLength 1 @maxLength 100 */
  City: string;
  CountryId: 'SE' | 'DK' | 'FI' | 'NO';
  /** @maxLength 30 */
  OrganisationNumber?: string;
  /** @maxLength 64 */
  TimeZone?: string;
  CategoryId?: number | null;
  TypeId?: number | null;
  /** An uploaded image (/api/images/{Id}) or an http(s) address. @maxLength 1000 @pattern ^$|^(https?://|/)\S*$ */
  LogoUrl?: string | null;
}

export interface CompanyQuery extends QueryBase {
  /** @minimum 1 @maximum 2147483647 @asType integer */
  Id?: number;
}

export type CountryId = 'SE' | 'DK' | 'FI' | 'NO';

/** The company's stored coordinates (GET /companies/coordinates). */
export interface CompanyCoordinates {
  Latitude: number | null;
  Longitude: number | null;
}

/** GET /companies/types, GET /categories. */
export interface CompanyType {
  Id: number;
  Name: string;
}

export interface CompanyCategory {
  Id: number;
  Name: string;
}

/** GET /countries. */
export interface Country {
  Id: CountryId;
  Name: string;
  CurrencyId: string;
}

export interface Currency {
  Id: string;
  Name: string;
  CurrencySign: string;
  Active: boolean;
}

export interface CurrencyQuery extends QueryBase {
  Active?: boolean;
  /** @maxLength 3 */
  Id?: string;
}

/**
 * Billing method ids: 1 card, 2 invoice by e-mail, 3 e-invoice, 4 paper invoice (see /billing/methods).
 * GET /billing/company answers the stored information, or (Exists false) a proposal from company data.
 */
export interface BillingInformation {
  BillingMethodId: number | null;
  Name: string;
  Attention: string | null;
  Email: string | null;
  GLN: string | null;
  ReferenceLine1: string | null;
  ReferenceLine2: string | null;
  Street1: string;
  Street2: string | null;
  ZipCode: string;
  City: string;
  CountryId: CountryId;
  VatRegistrationNumber: string;
  /** False when nothing is stored yet and the answer is prefilled from company data. */
  Exists: boolean;
}

/** Body of POST and PUT /billing/company. */
export interface BillingInformationInput {
  /** Required ('you must select billing method'); checked by the server for its own message. */
  BillingMethodId?: number | null;
  /** @minLength 1 @maxLength 200 */
  Name: string;
  /** @maxLength 200 */
  Attention?: string | null;
  /** Required when BillingMethodId is 2 or 3. @maxLength 200 */
  Email?: string | null;
  /** Only kept when BillingMethodId is neither 1 nor 2. @maxLength 13 @pattern ^[0-9]*$ */
  GLN?: string | null;
  /** @maxLength 200 */
  ReferenceLine1?: string | null;
  /** @maxLength 200 */
  ReferenceLine2?: string | null;
  /** @minLength 1 @maxLength 200 */
  Street1: string;
  /** @maxLength 200 */
  Street2?: string | null;
  /** @minLength 1 @maxLength 20 */
  ZipCode: string;
  /** @minLength 1 @maxLength 100 */
  City: string;
  CountryId: CountryId;
  /** Defaults to SE + organisation number without dash + 01 for Swedish companies. @maxLength 30 */
  VatRegistrationNumber?: string | null;
  /** @minimum 1 */
  CompanyId?: number;
}

export interface BillingMethod {
  Id: number;
  Name: string;
}

export interface BillingMethodQuery extends QueryBase {
  CountryId?: CountryId;
}

/** GET /licenses/company. */
export interface CompanyLicense {
  Id: Id;
  TypeId: number;
  TypeName: string;
  ValidFrom: LocalDateTime;
  ValidTo: LocalDateTime | null;
  Active: boolean;
  Canceled: boolean;
}

export interface CompanyLicenseQuery extends QueryBase {
  /** @minimum 1 @maximum 2147483647 @asType integer */
  Id?: number;
  Active?: boolean;
}

export interface LicensePrice {
  CountryId: CountryId;
  CurrencyId: string;
  /** Price per month in whole currency units. */
  Price: number;
}

/** GET /licenses/types. Ids: 1 free, 2 standard, 3 professional, 5 business, 9 enterprise. */
export interface LicenseType {
  Id: number;
  Name: string;
  IsFree: boolean;
  Prices: LicensePrice[];
  LicenseItems: { Name: string }[];
  PeriodOfNoticeDays: number;
  IsExtraLicenseOption: boolean;
}

export interface LicenseTypeQuery extends QueryBase {
  /** @minimum 1 @maximum 2147483647 @asType integer */
  Id?: number;
}

export interface Administrator {
  Id: Id;
  Firstname: string;
  Lastname: string;
  Email: string;
  Phone: string | null;
  Roles: AdministratorRole[];
  Active: boolean;
  Created: LocalDateTime;
  Updated: LocalDateTime;
}

export interface AdministratorRole {
  Id: number;
  Name: string;
  Description: string;
}

export interface AdministratorInput {
  /** @minimum 1 */
  CompanyId?: number;
  /** @minLength 1 @maxLength 100 */
  Firstname: string;
  /** @minLength 1 @maxLength 100 */
  Lastname: string;
  /** @minLength 3 @maxLength 200 @format email */
  Email: string;
  /** @maxLength 30 */
  Phone?: string | null;
  /** At least one role when given. @minItems 1 @maxItems 10 */
  Roles?: Id[];
  Active?: boolean;
  /** Initial password; when left out an invitation e-mail is sent. @minLength 8 @maxLength 200 */
  Password?: string;
}

export interface AdministratorRoleQuery extends QueryBase {
  /** @minimum 1 @maximum 2147483647 @asType integer */
  Id?: number;
}

export interface AdministratorQuery extends QueryBase {
  /** @minimum 1 @maximum 2147483647 @asType integer */
  Id?: number;
  /** @maxLength 200 */
  Search?: string;
}

/** GET /users: the signed-in administrator's profile. */
export interface AuthUser {
  Id: Id;
  UserId: string;
  Email: string;
  /** Whether the address is confirmed (by the sign-up link or a verification mail). */
  EmailVerified: boolean;
  Firstname: string;
  Lastname: string;
  CompanyId: Id | null;
  CompanyUsers: { CompanyId: Id; Id: Id; Email: string }[];
  /** TimeZone: the company's IANA zone, in which the admin enters and shows every time. */
  Company: { Id: Id; Name: string; LicenseTypeId: number; IsFreeAccount: boolean; TimeZone: string } | null;
}

export interface Agreement {
  AgreementId: number;
  AgreedToLatest: boolean;
  /** Sanitised on display. */
  Content: string;
  Documents: { Language: string; Url: string | null }[];
}

export interface AgreementAccept {
  /** @minLength 1 @maxLength 100 */
  UserId: string;
  /** @minimum 1 */
  AgreementId: number;
}

/** POST /errors: a client error report. */
export interface ClientErrorReport {
  /** @maxLength 500 */
  ExceptionName: string;
  /** @maxLength 1000 */
  InnerExceptionName?: string;
  /** @maxLength 10000 */
  ExceptionMessage: string;
  /** @maxLength 2000 */
  URL?: string;
  /** @maxLength 50000 */
  StackTrace?: string;
}

/** POST /images response. Folder types: 1 logotype, 2 homepage, 3 newsletter, 4 resource, 5 service, 6 customer comments, 7 support case attachments. */
export interface ImageUploadResponse {
  Id: Id;
  /** /api/images/{Id} */
  ImageUrl: string;
  FolderType: number;
}
