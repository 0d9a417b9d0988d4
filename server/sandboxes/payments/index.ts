/**
 * The payment providers' test modes (issue 32), mounted only when the install points at no real
 * provider: Stripe under /stripe-sandbox, Payson under /payson-sandbox, Billmate under /billmate-sandbox.
 */
import type { FastifyInstance } from 'fastify';
import stripeSandbox from './stripe';
import invoiceProviderSandboxes from './invoiceProviders';

export default async function providerSandbox(app: FastifyInstance): Promise<void> {
  if (!app.config.stripe.apiUrl) await app.register(stripeSandbox);
  await app.register(invoiceProviderSandboxes);
}
