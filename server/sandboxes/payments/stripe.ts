/**
 * Stripe's test mode, served by our own server under /stripe-sandbox so that the payments area's
 * official `stripe` client (its host, port and protocol pointed here) runs the whole flow with no
 * account anywhere. It speaks Stripe's wire protocol for what the product uses (stripeWire.ts), with
 * its state in the database (stripe_sandbox_*):
 * - Connect OAuth and accounts (stripeConnect.ts);
 * - checkout sessions, their expiry, refunds and the hosted checkout page with the test cards
 *   (stripeCheckout.ts);
 * - events (checkout.session.completed) POSTed signed to the platform's webhook endpoint (stripeEvents.ts).
 * API calls carry the platform's secret key as Bearer and the connected account in Stripe-Account;
 * bodies are form encoded with bracket keys.
 */
import type { FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import { SANDBOX_PATHS } from '../../shared/paymentProviders';
import stripeCheckout from './stripeCheckout';
import stripeConnect from './stripeConnect';
import stripeEvents from './stripeEvents';

export default async function stripeSandbox(app: FastifyInstance): Promise<void> {
  const { complete } = stripeEvents(app);
  await app.register(
    async (sandbox) => {
      await sandbox.register(formbody);
      stripeConnect(app, sandbox);
      stripeCheckout(app, sandbox, complete);
    },
    { prefix: SANDBOX_PATHS.stripe },
  );
}
