/**
 * Where the payments area (issue 32) reaches its providers: the official Stripe client pointed at a
 * configured base URL, and Payson's and Billmate's REST APIs. With nothing configured every base is
 * the embedded test mode our own server serves (server/sandboxes/payments/), so the whole flow works
 * with no account anywhere; production is a change of configuration (server/config.ts).
 */
import type { ServerConfig } from '../config';

/** Where the embedded providers serve their APIs and pages. */
export const SANDBOX_PATHS = { stripe: '/stripe-sandbox', payson: '/payson-sandbox', billmate: '/billmate-sandbox' } as const;

/** The Stripe API's base (protocol, host, port and any path in front of /v1). */
export function stripeApiBase(config: ServerConfig): string {
  return config.stripe.apiUrl ?? `${config.publicUrl}${SANDBOX_PATHS.stripe}`;
}

/** The base of Stripe Connect's OAuth pages (/oauth/authorize). */
export function stripeConnectBase(config: ServerConfig): string {
  return config.stripe.connectUrl ?? `${config.publicUrl}${SANDBOX_PATHS.stripe}`;
}

/** Where the Stripe platform's webhook endpoint receives events (the sandbox sends there). */
export function stripeWebhookUrl(config: ServerConfig): string {
  return `${config.publicUrl}/api/payment/stripe/webhook`;
}

/** Payson Checkout 2.0's API base: live or test environment, or the sandbox. */
export function paysonApiBase(config: ServerConfig, testMode: boolean): string {
  const env = process.env[testMode ? 'PAYSON_TEST_API_URL' : 'PAYSON_API_URL'];
  return (env || `${config.publicUrl}${SANDBOX_PATHS.payson}`).replace(/\/$/, '') + '/2.0';
}

/** Billmate's API endpoint (one URL; the function is named in the body). */
export function billmateApiUrl(config: ServerConfig): string {
  return (process.env.BILLMATE_API_URL || `${config.publicUrl}${SANDBOX_PATHS.billmate}`).replace(/\/$/, '') + '/';
}

/** The sandbox's test credentials, shown on its pages and in the admin's hint. */
export const SANDBOX_CREDENTIALS = {
  payson: { merchantId: '4', secret: '2acab30d-fe50-426f-90d7-8c60a7eb31d4' },
  billmate: { merchantId: '17614', secret: '1234567890123' },
} as const;
