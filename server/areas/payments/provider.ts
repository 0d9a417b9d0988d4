/**
 * The one shape of a payment provider (issue 32): Stripe, Payson and Billmate each make a checkout
 * for a booking, read it back, refund a payment made through it and expire it, each through its own
 * wire protocol (stripeProvider.ts, paysonProvider.ts, billmateProvider.ts). Checkout, notifications,
 * refunds and expiry (checkout.ts, notifications.ts) are written once against this shape.
 * @example
 * const opened = await provider.create(app, companyId, order); // provider from chooseProvider (providers.ts)
 */
import type { FastifyInstance } from 'fastify';
import type { PaymentProviderName } from '../../../schema/payments';
import type { Db } from '../../db/db';
import { ApiError } from '../../shared/errors';
import type { Lang } from '../../shared/messages';
import { VAT_RATE_FRACTIONS, type VatRateFraction } from '../../../domain/pricing/money';
import { paymentKey } from './messages';

export type ProviderName = 'stripe' | 'payson' | 'billmate';

export const LABELS: Record<ProviderName, PaymentProviderName> = { stripe: 'Stripe', payson: 'Payson', billmate: 'Billmate' };

/** What the customer is asked to pay, as a provider's checkout needs it. Amounts in minor units. */
export interface CheckoutOrder {
  companyId: number;
  bookingId: number;
  amount: number;
  /** The VAT within amount. */
  vat: number;
  currency: string;
  deposit: boolean;
  title: string;
  email: string | null;
  lang: Lang;
  /** The customer's pay link; its /done and /canceled pages are where the provider sends the browser back. */
  payUrl: string;
  /** Ours at the provider: names the booking and the attempt. */
  reference: string;
  /** The company's terms (its homepage), for providers that show a link to them. */
  termsUrl: string;
}

/** A checkout as the provider answers it. `url` is where the browser goes; null when the provider's checkout is embedded in our pay page. */
export interface OpenedCheckout {
  id: string;
  url: string | null;
}

/** A checkout read back from the provider. */
export interface CheckoutState {
  status: 'open' | 'paid' | 'closed';
  /** Minor units. */
  amount: number;
  currency: string;
  /** The provider's reference of the payment (Stripe's payment intent, Payson's purchase id). */
  paymentRef: string | null;
  /** The provider's checkout to embed in our pay page (Payson). */
  snippet?: string;
}

export interface CheckoutProvider {
  readonly name: ProviderName;
  /**
   * Whether a refund may be sent again when the outcome of a try is not known (its answer was lost):
   * Stripe takes an idempotency key, Payson's order says what it credited. Billmate has neither, so
   * a refund whose try may have reached it is left for a person to check (status 'unknown').
   */
  readonly refundsRetrySafely: boolean;
  /** Whether the company can take payments through it (an account connected, credentials saved). */
  ready(db: Db, companyId: number): Promise<boolean>;
  create(app: FastifyInstance, companyId: number, order: CheckoutOrder): Promise<OpenedCheckout>;
  read(app: FastifyInstance, companyId: number, id: string): Promise<CheckoutState>;
  /** Refunds part of a payment; `before` is what was refunded through us before. Answers the provider's id of the refund. */
  refund(app: FastifyInstance, companyId: number, checkout: { id: string; paymentRef: string | null }, refund: { amount: number; before: number; key: string }): Promise<string>;
  /** Closes an open checkout so that it can no longer be paid. */
  expire(app: FastifyInstance, companyId: number, id: string): Promise<void>;
  /**
   * What the provider needs, once a payment is written, before the company gets the money (Payson
   * pays out an order only once it is shipped). Run after the commit through the outbox; safe to
   * run again. Providers that capture at payment have none.
   */
  settle?(app: FastifyInstance, companyId: number, id: string): Promise<void>;
}

/** The provider said no (its own text): not worth retrying. */
export class ProviderRefusal extends Error {}

/** A provider's failure as the API's answer: its own text (400), or unreachable (503). */
export function providerApiError(err: unknown, field = 'Provider'): ApiError {
  if (err instanceof ApiError) return err;
  if (err instanceof ProviderRefusal) return ApiError.field(400, field, paymentKey('PaymentProviderRefused'), { message: err.message });
  return ApiError.field(503, field, paymentKey('PaymentProviderUnreachable'));
}

/** The VAT rate (a fraction of the price without VAT) of an order, as the closest rate there is. */
export function vatRateOf(order: Pick<CheckoutOrder, 'amount' | 'vat'>): VatRateFraction {
  const net = order.amount - order.vat;
  const exact = net > 0 ? order.vat / net : 0;
  return VAT_RATE_FRACTIONS.reduce<VatRateFraction>((best, rate) => (Math.abs(rate - exact) < Math.abs(best - exact) ? rate : best), 0);
}
