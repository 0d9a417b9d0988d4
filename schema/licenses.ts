import type { Id, LocalDateTime, QueryBase } from './common';
import type { BillingInformationInput } from './company';

/** GET /licenses/information: one feature row of the plan comparison. A value may be 'value|note'. */
export interface LicenseInformation {
  Id: number;
  Name: string;
  Description: string;
  Url: string | null;
  LicenseInformationTypeId: number;
  /** The free edition's value. */
  FreeEdition: string;
  /** Every plan's value, by license type id. */
  Values: { LicenseTypeId: number; Value: string }[];
}

/** GET /licenses/informationtypes: how the rows group (1 limits, 2 areas). */
export interface LicenseInformationType {
  Id: number;
  Name: string;
}

/** POST /licenses/company: take a plan (or an extra license). */
export interface LicenseInput {
  /** 2, 3, 5, 9, or 11 (extra administrators). @minimum 1 @maximum 2147483647 */
  TypeId: number;
  /** Saved as the company's billing information first (the form of the license flow's step 1). */
  BillingInformation?: BillingInformationInput;
  /** @minimum 1 */
  CompanyId?: number;
  MetaData?: Record<string, string>;
}

/**
 * What POST /licenses/company answers. Paid by invoice (or by a card already registered) the license
 * runs at once; paid by card without one it waits for the card and nothing changes until then.
 */
export interface LicenseChange {
  /** The new license; while it waits for the card, the id of the choice (GET /licenses/company/awaitingcard). */
  Id: Id;
  TypeId: number;
  TypeName: string;
  /** False while the license waits for the card. */
  Active: boolean;
  /** True when the billing method is card and no valid card is registered yet: the license waits for the card; go to /billing/add-credit-card. */
  RequiresCreditCard: boolean;
  BillingMethodId: number;
}

/**
 * GET /licenses/company/awaitingcard: the license chosen with card payment that takes effect when
 * the card is registered (at most one; DELETE drops it and the company keeps what it holds).
 */
export interface LicenseAwaitingCard {
  Id: Id;
  TypeId: number;
  TypeName: string;
  /** The plan the company is on until then. */
  CurrentTypeId: number;
  CurrentTypeName: string;
  Created: LocalDateTime;
}

/** POST /licenses/company/delete: close the account with the cancel questionnaire. */
export interface CancelLicenseInput {
  /** @minimum 1 @maximum 2147483647 */
  Id?: number;
  /** One entry per chosen option: Question is the section, Value the option (or the comment). @maxItems 50 */
  Questionnaire: { Question: string; Value: string }[];
}

export interface CancelLicenseResult {
  Id: Id;
  TypeId: number;
  /** The license runs until the end of its notice period. */
  ValidTo: LocalDateTime;
  Canceled: boolean;
}

/** GET /trials: a trial that can be started. */
export interface TrialType {
  Id: number;
  Name: string;
  TrialDays: number;
  LicenseTypeId: number;
}

/** GET /trials/company: the company's trial periods. */
export interface TrialPeriod {
  Id: Id;
  TrialTypeId: number;
  ValidFrom: LocalDateTime;
  ValidTo: LocalDateTime;
  Active: boolean;
  DaysLeft: number;
}

export interface TrialInput {
  /** Default: the first trial type. @minimum 1 @maximum 2147483647 */
  TrialTypeId?: number;
  /** @minimum 1 */
  CompanyId?: number;
}

/** GET /trials/company/check: what the license modal and the plan comparison show. */
export interface TrialCheck {
  CurrentTrialPeriod: TrialPeriod | null;
  SuggestedTrialType: TrialType | null;
  SuggestedLicenseToUpgrade: { Id: number; Name: string } | null;
  Header: string;
  Body: string;
}

/** GET /companies/{companyId}/incentives. */
export interface Incentive {
  Id: number;
  InitialDelayInSeconds: number;
  Action: { ActionType: 'Upgrade' | 'AddOn' | 'Information'; Page: string | null; LicenseTypeId: number | null };
  Header: string;
  Body: string;
}

/** POST /company/{id}/incentives/{incentiveId}. */
export interface IncentiveEngagementInput {
  /** @minimum 1 */
  CompanyId?: number;
  /** @minimum 1 */
  IncentiveId?: number;
  EngagementType: 'Read' | 'Engaged' | 'Success' | 'Cancelled';
}

/** GET /billing/company/creditcard. */
export interface CreditCardStatus {
  IsValid: boolean;
  MaskedNumber: string | null;
  Expires: string | null;
}

/** POST /Token/GenerateRegisterDibsPaymentCardToken: where the provider sends the browser back. */
export interface CardTokenInput {
  /** An admin path such as /billing/accept. @maxLength 500 */
  AcceptUrl?: string;
  /** @maxLength 500 */
  CancelUrl?: string;
}

export interface CardToken {
  Token: string;
  /** The provider's page to send the browser to. */
  Url: string;
  /** What the registration charges (open card invoices), minor units. */
  AmountMinor: number;
  CurrencyId: string;
}

/** The provider's server-to-server notice (POST /billing/callback). */
export interface CardCallback {
  /** @maxLength 100 */
  Token: string;
  /** The provider's reference of the registration and its charge. @maxLength 100 */
  ProviderReference: string;
  /** @maxLength 30 */
  MaskedNumber: string;
  /** @maxLength 10 */
  Expires: string;
  AmountMinor: number;
  /** HMAC-SHA256 of Token|ProviderReference|AmountMinor with the provider secret. @maxLength 128 */
  Signature: string;
}

/** GET /billing/company/invoices. Money in minor units (öre, cent). */
export interface CompanyInvoice {
  Id: Id;
  InvoiceNumber: string;
  PeriodFrom: string;
  PeriodTo: string;
  CurrencyId: string;
  NetAmount: number;
  VatAmount: number;
  TotalAmount: number;
  VatPercent: number;
  Status: 'unpaid' | 'paid';
  Created: LocalDateTime;
  DueDate: string;
  Rows: { Text: string; Quantity: number; UnitPrice: number; Amount: number }[];
}

export interface CompanyInvoiceQuery extends QueryBase {
  /** @minimum 1 @maximum 2147483647 @asType integer */
  Id?: number;
}

/** Answer of GET /licenses/checkdomain: whether a booking domain name is free. */
export interface DomainCheck {
  IsAvailable: boolean;
}

/** Answer of POST /billing/callback (the card provider's): whether this callback charged, or was one already processed. */
export interface CardCallbackResult {
  Status: 'Charged' | 'AlreadyProcessed';
}
