import type { Id, Integer } from './common';

/**
 * Accounting (issue 35; spec areas.md §3 "Accounting settings", "Accounting article", "Price-article
 * mapping", "Invoice"; CONTRACT.md "EAccounting settings"): /eaccounting and the price mappings of
 * /services/prices/mappings. Amounts are integers in minor units (öre); VAT percents of the provider
 * are fractions (0.25), VAT rates of prices whole percents (25).
 */

/** Querystring of the accounting reads (the lists page with Skip and Take). */
export interface EAccountingListQuery {
  /** @minimum 0 @asType integer */
  Skip?: number;
  /** @minimum 1 @maximum 1000 @asType integer */
  Take?: number;
  CompanyId?: Id;
}

/** Whether an invoice is made as a draft, or made and sent. */
export type EAccountingCreateType = 'Draft' | 'CreateSend';

/** Answer of GET /eaccounting/check (and of the callback once connected). */
export interface EAccountingCheck {
  IsAuthenticated: boolean;
  State: 'none' | 'connected' | 'expired' | 'revoked';
  /** Why the connection expired or was revoked. */
  Message: string | null;
  /** The provider's page the popup opens, with a state bound to the administrator who asked. */
  AuthorizeUrl: string;
  ConnectedDate: string | null;
}

/** Querystring of GET /eaccounting/callback: what the provider handed back to the popup. */
export interface EAccountingCallbackQuery {
  CompanyId?: Id;
  /** @maxLength 2000 */
  Code: string;
  /** @maxLength 200 */
  State: string;
  /** @maxLength 200 */
  Error?: string;
}

/** Answer of GET and PUT /eaccounting/settings. */
export interface EAccountingSettings {
  CompanyId: Integer;
  Active: boolean;
  DefaultCreateType: EAccountingCreateType;
  /** Article (ArticleId) invoiced for a price of 0 % VAT that has none of its own. */
  DefaultArticle0PercentVat: string | null;
  DefaultArticle6PercentVat: string | null;
  DefaultArticle12PercentVat: string | null;
  DefaultArticle25PercentVat: string | null;
  DefaultTermsOfPaymentId: string | null;
  CreatedDate?: string;
  UpdatedDate?: string;
}

/** Body of PUT /eaccounting/settings; an article of another VAT rate than its field's is 400 naming the field. */
export interface EAccountingSettingsInput {
  CompanyId?: Id;
  Active: boolean;
  DefaultCreateType: EAccountingCreateType;
  /** @maxLength 100 */
  DefaultArticle0PercentVat?: string | null;
  /** @maxLength 100 */
  DefaultArticle6PercentVat?: string | null;
  /** @maxLength 100 */
  DefaultArticle12PercentVat?: string | null;
  /** @maxLength 100 */
  DefaultArticle25PercentVat?: string | null;
  /** @maxLength 100 */
  DefaultTermsOfPaymentId?: string | null;
  /** @maxLength 40 */
  CreatedDate?: string;
  /** @maxLength 40 */
  UpdatedDate?: string;
}

/** An active article at the provider. */
export interface EAccountingArticle {
  ArticleId: string;
  ArticleNumber: string;
  ArticleName: string;
  /** Whole percent (25). */
  VatRate: Integer;
  /** The provider's fraction (0.25). */
  VatRatePercent: number;
  /** Net price in minor units. */
  ArticlePrice: Integer;
  CurrencySign: string;
}

/** The default article of one VAT rate (null when none is chosen or it is gone at the provider). */
export interface EAccountingDefaultArticle {
  VatRate: Integer;
  Article: EAccountingArticle | null;
}

/** Answer of GET /eaccounting/defaultarticles: one entry per VAT rate. */
export interface EAccountingDefaultArticles {
  Results: EAccountingDefaultArticle[];
}

export interface EAccountingTermsOfPayment {
  Id: string;
  Name: string;
  NumberOfDays: Integer;
}

export interface EAccountingCustomer {
  Id: string;
  CustomerNumber: string;
  Name: string;
  EmailAddress: string | null;
  IsPrivatePerson: boolean;
}

/** Which eAccounting article a price is invoiced with. */
export interface EAccountingPriceMapping {
  Id: Integer;
  CompanyId: Integer;
  /** The article's ArticleId. */
  ExternalReference: string;
  ReferenceType: 'EAccountingArticle';
  PriceId: Integer;
}

/** One row of PUT /eaccounting/article/mappings: an empty ExternalReference clears the price's mapping. */
export interface EAccountingMappingInput {
  /** @minimum 1 @asType integer */
  PriceId: number;
  /** @maxLength 100 */
  ExternalReference?: string | null;
}

/** Body of PUT /eaccounting/article/mappings: the screen's changes, saved at once or not at all. */
export interface EAccountingMappingsInput {
  /** @maxItems 1000 */
  Mappings: EAccountingMappingInput[];
}

/** Path of DELETE /services/prices/mappings/{id}. */
export interface EAccountingMappingParams {
  /** @minimum 1 @asType integer */
  id: number;
}

export interface EAccountingInvoiceAddress {
  InvoiceAddress1: string | null;
  InvoiceAddress2: string | null;
  InvoiceCity: string | null;
  InvoicePostalCode: string | null;
  InvoiceCountryCode: string | null;
}

export interface EAccountingVatSpecification {
  /** Fraction (0.25). */
  VatPercent: number;
  Amount: Integer;
  VatAmount: Integer;
}

/** An invoice row: a text row (service and time) or an article row with net amounts in minor units. */
export interface EAccountingInvoiceRow {
  IsTextRow: boolean;
  Text: string;
  Quantity: number | null;
  UnitPrice: Integer | null;
  TotalAmount: Integer | null;
}

/** An invoice or draft at the provider. */
export interface EAccountingInvoice {
  Id: string;
  IsDraft: boolean;
  InvoiceNumber: string | null;
  InvoiceCustomerName: string;
  InvoiceAddress: EAccountingInvoiceAddress;
  CustomerEmail: string | null;
  CreatedDate: string;
  DueDate: string;
  PaymentStatus: 'Unpaid' | 'Paid' | 'Draft';
  TermsOfPaymentId: string;
  TermsOfPaymentName: string;
  CustomerIsPrivatePerson: boolean;
  TotalAmount: Integer;
  TotalVatAmount: Integer;
  PriceSign: string;
  VatSpecification: EAccountingVatSpecification[];
  Rows: EAccountingInvoiceRow[];
  /** The invoice in the provider's own screens. */
  InvoiceUri: string;
}

/** What became of invoicing one or more bookings: pending (the outbox carries on), done or failed. */
export interface EAccountingInvoiceNote {
  Id: Integer;
  BookingIds: Integer[];
  CustomerId: Integer | null;
  CreateType: EAccountingCreateType;
  State: 'pending' | 'done' | 'failed';
  InvoiceNumber: string | null;
  InvoiceUri: string | null;
  /** The provider's message when it failed. */
  Message: string | null;
  CreatedDate: string;
  /** The invoice as the provider made it, once done. */
  Invoice?: EAccountingInvoice;
}

/** Querystring of GET /eaccounting/notes. */
export interface EAccountingNotesQuery {
  /** @minimum 1 @asType integer */
  BookingId?: number;
  /** @minimum 0 @asType integer */
  Skip?: number;
  /** @minimum 1 @maximum 100 @asType integer */
  Take?: number;
}

/**
 * Body of POST /eaccounting/invoice and /eaccounting/invoicedraft: one invoice per customer. A
 * booking already invoiced answers 409 naming BookingIds; Force invoices it again.
 */
export interface EAccountingInvoiceInput {
  /** @minItems 1 @maxItems 200 */
  BookingIds: Id[];
  Force?: boolean;
}
