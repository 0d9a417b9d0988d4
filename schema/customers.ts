import type { Id, LocalDateTime, QueryBase } from './common';
import type { CustomFieldValue, CustomFieldValueInput } from './customfields';

export interface InvoiceAddress {
  /** @maxLength 50 */
  CorporateIdentityNumber?: string | null;
  /** @maxLength 200 */
  InvoiceAddress1?: string | null;
  /** @maxLength 200 */
  InvoiceAddress2?: string | null;
  /** @maxLength 100 */
  InvoiceCity?: string | null;
  /** @maxLength 20 */
  InvoicePostalCode?: string | null;
  /** @maxLength 2 */
  InvoiceCountryCode?: string | null;
}

export interface AccessKey {
  Id: Id;
  AccessKeyTypeId: number;
  Value: string;
  Description: string | null;
}

/** A key in a customer create or update body (the generator reads annotations on named types only). */
export interface AccessKeyInput {
  /** @minimum 1 @maximum 2147483647 @asType integer */
  AccessKeyTypeId: number;
  /** @minLength 1 @maxLength 200 */
  Value: string;
  /** @maxLength 200 */
  Description?: string | null;
}

export interface Customer {
  Id: Id;
  Firstname: string;
  Lastname: string;
  Email: string | null;
  Phone: string | null;
  PersonalIdentityNumber: string | null;
  ImageUrl: string | null;
  SubscribedToNewsletter: boolean;
  Visible: boolean;
  CustomFieldValues: CustomFieldValue[];
  InvoiceAddress: InvoiceAddress;
  AccessKeys: AccessKey[];
  /** When the customer last booked; used by the inactive-customer GDPR tools. */
  LastActivity: LocalDateTime | null;
  /** When the customer's personal data was erased (DELETE /gdpr/customers/{Id}); null while it is held. */
  Erased: LocalDateTime | null;
  Created: LocalDateTime;
  Updated: LocalDateTime;
}

export interface CustomerInput {
  /** The caller's company (another company's id answers 404). @minimum 1 */
  CompanyId?: number;
  /** @minLength 1 @maxLength 100 */
  Firstname: string;
  /** @minLength 1 @maxLength 100 */
  Lastname: string;
  /** @maxLength 200 @format email */
  Email?: string | null;
  /** @maxLength 30 @pattern ^[+0-9 ()-]*$ */
  Phone?: string | null;
  /** Checked against the company's country (SE, DK, NO, FI). @maxLength 20 */
  PersonalIdentityNumber?: string | null;
  /** An uploaded image (/api/images/{Id}) or an http(s) address. @maxLength 1000 @pattern ^$|^(https?://|/)\S*$ */
  ImageUrl?: string | null;
  SubscribedToNewsletter?: boolean;
  Visible?: boolean;
  /** @maxItems 100 */
  CustomFieldValues?: CustomFieldValueInput[];
  InvoiceAddress?: InvoiceAddress;
  /** @maxItems 20 */
  AccessKeys?: AccessKeyInput[];
}

export interface CustomerQuery extends QueryBase {
  /** Repeat for several: Id=1&Id=2 (what the admin asks for the customers a promo code names). @maxItems 1000 */
  Id?: Id[];
  /** Matches first name, last name, e-mail and phone. @maxLength 200 */
  Search?: string;
  Visible?: boolean;
}

export interface CustomerComment {
  Id: Id;
  CustomerId: Id;
  Heading: string;
  Comment: string;
  ImageUrl: string | null;
  Created: LocalDateTime;
  Updated: LocalDateTime;
}

export interface CustomerCommentInput {
  /** @minimum 1 */
  CompanyId?: number;
  /** Only on PUT /customers/{Id}/comments (when the comment id is not in the path). */
  Id?: Id;
  /** @minLength 1 @maxLength 200 */
  Heading: string;
  /** @minLength 1 @maxLength 4000 */
  Comment: string;
  /** @maxLength 1000 @pattern ^$|^(https?://|/)\S*$ */
  ImageUrl?: string | null;
}

/** GET /gdpr/customers/{Id}: everything stored about one customer (GET /gdpr/customers/{Id}/pdf prints it). */
export interface GdprCustomerExport {
  Customer: Customer;
  /** When the customer's personal data was erased (DELETE /gdpr/customers/{Id}); null while it is held. */
  Erased: LocalDateTime | null;
  /** When this export was made (company-local). */
  Exported: LocalDateTime;
  Comments: CustomerComment[];
  /** The customer's bookings as stored (also under Related.bookings). */
  Bookings: unknown[];
  /** The rows of every table that names the customer, by table name (server/areas/customers/personalData.ts). */
  Related: Record<string, unknown[]>;
}

/** DELETE /gdpr/customers/{Id}: what erasure did with the rows of each table that named the customer. */
export interface GdprErasureResult {
  Id: Id;
  Erased: LocalDateTime;
  Tables: GdprErasedTable[];
}

export interface GdprErasedTable {
  Table: string;
  Rows: number;
  /** deleted; pseudonymised (personal fields removed, the rest kept); kept (bookkeeping and records with no personal data). */
  Action: 'deleted' | 'pseudonymised' | 'kept';
}

export interface CustomerCommentQuery extends QueryBase {
  /** @minimum 1 @maximum 2147483647 @asType integer */
  Id?: number;
  /** Taken from the path. */
  CustomerId?: Id;
}

/** Inactive: neither a booking (LastActivity) nor a change (Updated) since the cut-off. */
export interface InactiveCustomersQuery extends QueryBase {
  /** Customers with no activity since this date (yyyy-MM-dd). @pattern ^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2})?)?$ */
  InactiveSince?: string;
  /** Customers with no activity for this many months (default 24, used when InactiveSince is absent). @minimum 1 @maximum 600 @asType integer */
  InactiveMonths?: number;
}

/** DELETE /gdpr/customers/inactive answers how many customers were deleted. */
export interface InactiveCustomersDeleteResponse {
  Count: number;
}

export interface AccessKeyTypeQuery extends QueryBase {
  /** @minimum 1 @maximum 2147483647 @asType integer */
  Id?: number;
}

/** GET /encryption/encrypt. */
export interface EncryptRequest {
  /** @minimum 1 */
  CompanyId?: number;
  /** @minLength 1 @maxLength 10000 */
  Text: string;
}

/** AES-256-GCM, base64url of iv (12 bytes) + ciphertext + tag (16 bytes). */
export interface EncryptResponse {
  Text: string;
}

export interface AccessKeyType {
  Id: number;
  Name: string;
  Description: string;
}
