import type { Id } from './common';
import type { PaymentOption } from './bookings';

/**
 * Payments (issue 32): the company's payment settings, its providers (Stripe through Connect, Payson
 * and Billmate through their API settings) and the checkout a customer pays a booking with. Money in
 * these answers is in major units of the company's currency (as the booking's prices).
 */

/** A provider customers pay through. */
export type PaymentProviderName = 'Stripe' | 'Payson' | 'Billmate';

/** Whether bookings ask for payment: none, the whole price, or a deposit in percent. */
export type PaymentRequirement = 'None' | 'Full' | 'Deposit';

/** Answer of GET /payment/settings and body of PUT /payment/settings. */
export interface PaymentSettings {
  /** Customers pay by card through the connected Stripe account. */
  StripeActive: boolean;
  PaysonActive: boolean;
  BillmateActive: boolean;
  Requirement: PaymentRequirement;
  /** With Requirement Deposit: the part of the price asked up front. @minimum 1 @maximum 100 @asType integer */
  DepositPercent: number;
  /** Only services whose IsPaymentEnabled is set ask for payment. */
  OnlyServicesWithPayment: boolean;
  /** How long an unpaid booking holds its spot before the release job frees it. @minimum 1 @maximum 43200 @asType integer */
  HoldMinutes: number;
  /** The payment option the new-booking widget starts with. */
  DefaultPaymentOption: PaymentOption;
  /** Where the pay link sends the customer: one of the active providers. Left out or null: the first active one that is set up (Stripe, Payson, Billmate). */
  DefaultProvider?: PaymentProviderName | null;
}

/** Querystring of GET /payment/settings and the provider settings. */
export interface PaymentSettingsQuery {
  /** @minimum 1 @maximum 2147483647 */
  CompanyId?: Id;
}

/** Answer of GET /payment/payson/apisettings and /payment/billmate/apisettings (the secret is never sent back). */
export interface PaymentApiSettings {
  /** Payson: the agent id; Billmate: the merchant id. */
  MerchantId: string;
  /** Whether a secret (Payson API key, Billmate secret) is stored. */
  HasSecret: boolean;
  /** Talk to the provider's test environment. */
  TestMode: boolean;
  Updated: string | null;
}

/** Body of POST and PUT /payment/{payson,billmate}/apisettings; a secret left out keeps the stored one. */
export interface PaymentApiSettingsInput {
  /** @minLength 1 @maxLength 100 */
  MerchantId: string;
  /** @maxLength 500 */
  Secret?: string;
  TestMode?: boolean;
}

/** Answer of POST /payment/{payson,billmate}/apisettings/test: whether the provider accepted the credentials. */
export interface PaymentApiTestResult {
  Success: boolean;
  /** The provider's own error text when it refused; its account name when it accepted. */
  Message: string;
}

/** Answer of GET and DELETE /payment/stripe/v1/account and of the stripe-auth call. */
export interface StripeAccount {
  Connected: boolean;
  AccountId: string | null;
  Name: string | null;
  ChargesEnabled: boolean;
  /** The provider could not be reached: the stored account is shown. */
  Stale: boolean;
}

/** Querystring of GET /payment/stripe/v1/account/connect. */
export interface StripeConnectQuery {
  /** Where the provider sends the browser back (the admin's /stripe-auth). @minLength 1 @maxLength 2000 */
  RedirectUri: string;
}

/** Answer of GET /payment/stripe/v1/account/connect: the provider's authorize page. */
export interface StripeConnectUrl {
  Url: string;
}

/** Body of POST /payment-settings/stripe-api/stripe-auth: what the provider gave /stripe-auth. */
export interface StripeAuthInput {
  /** @minLength 1 @maxLength 500 */
  code: string;
  /** @maxLength 200 */
  scope?: string;
  /** @minLength 1 @maxLength 200 */
  state: string;
}

/** Path of the booking's payment calls. */
export interface PaymentBookingId {
  /** @minimum 1 @maximum 2147483647 */
  Id: Id;
}

/** Answer of POST /payment/bookings/{Id}/checkout: where the customer pays, and how much. */
export interface PaymentCheckout {
  BookingId: Id;
  /** The provider the customer pays at. */
  Provider: PaymentProviderName;
  /** The checkout at the provider. */
  Url: string;
  /** The customer's link to it (mail, SMS): opens the open checkout or makes a new one. */
  PayUrl: string;
  Amount: number;
  CurrencyId: string;
  /** The amount is a deposit, not what is left to pay. */
  Deposit: boolean;
}

/** Path of the customer's pay link. */
export interface PaymentLinkToken {
  /** @minLength 10 @maxLength 100 @pattern ^[A-Za-z0-9_-]+$ */
  Token: string;
}

/** Answer of the provider's notification endpoint. */
export interface PaymentNotificationResult {
  Received: boolean;
  /** The event was handled before: nothing changed. */
  Duplicate: boolean;
}

/** Querystring of Payson's notification (POST /payment/payson/notification?checkout=…): only the checkout's id, which is read again from Payson. */
export interface PaysonNotificationQuery {
  /** Payson's checkout id. @minLength 1 @maxLength 100 @pattern ^[A-Za-z0-9-]+$ */
  checkout: string;
}

/** Body of Billmate's callback (POST /payment/billmate/callback): the payment's data and its hash (HMAC-SHA512 of the data with the merchant's secret). */
export interface BillmateCallback {
  credentials: BillmateCallbackCredentials;
  data: BillmateCallbackData;
}

export interface BillmateCallbackCredentials {
  /** @minLength 1 @maxLength 200 */
  hash: string;
}

export interface BillmateCallbackData {
  /** Billmate's payment number. @minLength 1 @maxLength 50 */
  number: string;
  /** @minLength 1 @maxLength 50 */
  status: string;
  /** @maxLength 200 */
  orderid?: string;
  /** @maxLength 2000 */
  url?: string;
}
