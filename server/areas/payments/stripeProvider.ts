/**
 * Stripe through the official client (stripeClient.ts) on the company's connected account: a Checkout
 * Session for the order, read back, refunded with an idempotency key, and expired
 * (POST /v1/checkout/sessions/{id}/expire) when the booking no longer waits for it.
 */
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import type { Db } from '../../db/db';
import type { Lang } from '../../shared/messages';
import { ProviderRefusal, type CheckoutProvider, type CheckoutState } from './provider';
import { stripeClient } from './stripeClient';

const STRIPE_LOCALE: Record<Lang, Stripe.Checkout.SessionCreateParams.Locale> = { sv: 'sv', en: 'en', fi: 'fi', no: 'nb' };

async function accountOf(db: Db, companyId: number): Promise<string> {
  const row = await db.one<{ account_id: string }>('select account_id from stripe_accounts where company_id = $1', [companyId]);
  if (!row) throw new ProviderRefusal('No Stripe account is connected');
  return row.account_id;
}

/** Stripe's refusals (a bad request, a card error) as ours; a connection or API failure stays retryable. */
async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof Stripe.errors.StripeError && err.type !== 'StripeConnectionError' && err.type !== 'StripeAPIError' && err.type !== 'StripeRateLimitError') throw new ProviderRefusal(err.message);
    throw err;
  }
}

const stripeProvider: CheckoutProvider = {
  name: 'stripe',
  refundsRetrySafely: true,

  ready: async (db, companyId) => !!(await db.one('select 1 from stripe_accounts where company_id = $1', [companyId])),

  async create(app: FastifyInstance, companyId, order) {
    const stripeAccount = await accountOf(app.db, companyId);
    const session = await call(() =>
      stripeClient(app.config).checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [{ quantity: 1, price_data: { currency: order.currency.toLowerCase(), unit_amount: order.amount, product_data: { name: order.title } } }],
          success_url: `${order.payUrl}/done`,
          cancel_url: `${order.payUrl}/canceled`,
          client_reference_id: String(order.bookingId),
          metadata: { booking_id: String(order.bookingId), company_id: String(companyId), deposit: String(order.deposit) },
          locale: STRIPE_LOCALE[order.lang],
          ...(order.email ? { customer_email: order.email } : {}),
        },
        { stripeAccount },
      ),
    );
    return { id: session.id, url: session.url };
  },

  async read(app, companyId, id): Promise<CheckoutState> {
    const stripeAccount = await accountOf(app.db, companyId);
    const session = await call(() => stripeClient(app.config).checkout.sessions.retrieve(id, {}, { stripeAccount }));
    return {
      status: session.payment_status === 'paid' ? 'paid' : session.status === 'open' ? 'open' : 'closed',
      amount: session.amount_total ?? 0,
      currency: (session.currency ?? '').toUpperCase(),
      paymentRef: typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null),
    };
  },

  async refund(app, companyId, checkout, refund) {
    if (!checkout.paymentRef) throw new ProviderRefusal('No payment at the provider');
    const stripeAccount = await accountOf(app.db, companyId);
    const made = await call(() =>
      stripeClient(app.config).refunds.create(
        { payment_intent: checkout.paymentRef!, amount: refund.amount, metadata: { booking_payment_id: refund.key } },
        { stripeAccount, idempotencyKey: `refund-${refund.key}` },
      ),
    );
    return made.id;
  },

  async expire(app, companyId, id) {
    const stripeAccount = await accountOf(app.db, companyId);
    await call(() => stripeClient(app.config).checkout.sessions.expire(id, {}, { stripeAccount }));
  },
};

export default stripeProvider;
