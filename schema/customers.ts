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
  Created: LocalDateTime;
  Updated: LocalDateTime;
}

export interface CustomerInput {
  /** @minLength 1 @maxLength 100 */
  Firstname: string;
  /** @minLength 1 @maxLength 100 */
  Lastname: string;
  /** @maxLength 200 @format email */
  Email?: string | null;
  /** @maxLength 30 @pattern ^[+0-9 ()-]*$ */
  Phone?: string | null;
  /** @maxLength 20 */
  PersonalIdentityNumber?: string | null;
  /** @maxLength 1000 */
  ImageUrl?: string | null;
  SubscribedToNewsletter?: boolean;
  Visible?: boolean;
  /** @maxItems 100 */
  CustomFieldValues?: CustomFieldValueInput[];
  InvoiceAddress?: InvoiceAddress;
  /** @maxItems 20 */
  AccessKeys?: { /** @minimum 1 @asType integer */ AccessKeyTypeId: number; /** @minLength 1 @maxLength 200 */ Value: string; /** @maxLength 200 */ Description?: string | null }[];
}

export interface CustomerQuery extends QueryBase {
  Id?: Id;
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
  /** @minLength 1 @maxLength 200 */
  Heading: string;
  /** @minLength 1 @maxLength 4000 */
  Comment: string;
  /** @maxLength 1000 */
  ImageUrl?: string | null;
}

/** GET /gdpr/customers/{Id}: everything stored about one customer. */
export interface GdprCustomerExport {
  Customer: Customer;
  Comments: CustomerComment[];
  Bookings: unknown[];
}

export interface InactiveCustomersQuery extends QueryBase {
  /** Customers with no activity since this date. */
  InactiveSince?: string;
}

export interface AccessKeyType {
  Id: number;
  Name: string;
  Description: string;
}
