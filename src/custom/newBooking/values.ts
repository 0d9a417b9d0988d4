import type { CustomFieldValueInput } from '../../../schema/customfields';
import type { InvoiceAddress } from '../../../schema/customers';
import type { RepeatFrequency } from './calendar';
import type { PaymentOption, SendFlag } from './types';

/** The values the form's inputs hold (the service, time and price are chosen outside them). */
export interface NewBookingValues extends Record<SendFlag, boolean> {
  NewCustomer: {
    Firstname?: string;
    Lastname?: string;
    Email?: string;
    Phone?: string;
    SubscribedToNewsletter?: boolean;
    CustomFieldValues?: CustomFieldValueInput[];
  };
  CustomFields: CustomFieldValueInput[];
  BookedComments?: string;
  CommentsToCustomer?: string;
  PaymentOption: PaymentOption;
  /** Whether the booking gets an invoice address of its own (the fields below are shown). */
  UseInvoiceAddress: boolean;
  InvoiceAddress: InvoiceAddress;
  /** Administrators: book the time and repeated dates even where no schedule is open. */
  AllowBookingOutsideSchedules: boolean;
  RepeatFrequency: RepeatFrequency;
  RepeatCount: number;
}

export const DEFAULTS: NewBookingValues = {
  NewCustomer: { SubscribedToNewsletter: false, CustomFieldValues: [] },
  CustomFields: [],
  SendEmailConfirmation: true,
  SendSmsConfirmation: false,
  SendEmailReminder: true,
  SendSmsReminder: false,
  PaymentOption: 'DefaultSetting',
  UseInvoiceAddress: false,
  InvoiceAddress: {},
  AllowBookingOutsideSchedules: false,
  RepeatFrequency: 'none',
  RepeatCount: 1,
};

/** The invoice address fields in the order the widget shows them. */
export const INVOICE_ADDRESS_FIELDS = ['InvoiceAddress1', 'InvoiceAddress2', 'InvoicePostalCode', 'InvoiceCity', 'InvoiceCountryCode', 'CorporateIdentityNumber'] as const;

/**
 * The InvoiceAddress of the create request: the trimmed fields when the booking has an address of its
 * own and at least one field is filled in, otherwise none (left out of the request).
 * @example
 * invoiceAddressOf({ UseInvoiceAddress: true, InvoiceAddress: { InvoiceCity: ' Oslo ', InvoiceCountryCode: 'no' } })
 * // { InvoiceAddress1: null, InvoiceAddress2: null, InvoicePostalCode: null, InvoiceCity: 'Oslo', InvoiceCountryCode: 'NO', CorporateIdentityNumber: null }
 */
export function invoiceAddressOf(values: Pick<NewBookingValues, 'UseInvoiceAddress' | 'InvoiceAddress'>): InvoiceAddress | undefined {
  if (!values.UseInvoiceAddress) return undefined;
  const address: InvoiceAddress = {};
  for (const field of INVOICE_ADDRESS_FIELDS) address[field] = values.InvoiceAddress?.[field]?.trim() || null;
  if (address.InvoiceCountryCode) address.InvoiceCountryCode = address.InvoiceCountryCode.toUpperCase();
  return Object.values(address).some(Boolean) ? address : undefined;
}
