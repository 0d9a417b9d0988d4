/**
 * The official Stripe client, pointed by configuration at the platform's API: the embedded test mode
 * (server/sandboxes/payments/stripe.ts) unless STRIPE_API_URL names another. Host, port and protocol come
 * from the base URL; a path in front of /v1 (the sandbox's /stripe-sandbox) is added by a thin wrapper
 * around the package's own Node HTTP client.
 */
import Stripe from 'stripe';
import type { FastifyInstance } from 'fastify';
import { stripeApiBase } from '../../shared/paymentProviders';
import { ApiError } from '../../shared/errors';
import { paymentKey } from './messages';

type ServerConfig = FastifyInstance['config'];

type HttpClient = ReturnType<typeof Stripe.createNodeHttpClient>;

let cached: { base: string; key: string; client: Stripe } | null = null;

export function stripeClient(config: ServerConfig): Stripe {
  const base = stripeApiBase(config);
  if (cached && cached.base === base && cached.key === config.stripe.secretKey) return cached.client;
  const url = new URL(base);
  const prefix = url.pathname.replace(/\/$/, '');
  const inner = Stripe.createNodeHttpClient();
  const httpClient: HttpClient = prefix
    ? Object.assign(Object.create(inner) as HttpClient, {
        makeRequest: (host: string, port: string, path: string, ...rest: unknown[]) =>
          (inner.makeRequest as (...args: unknown[]) => ReturnType<HttpClient['makeRequest']>)(host, port, `${prefix}${path}`, ...rest),
      })
    : inner;
  const protocol = url.protocol === 'https:' ? 'https' : 'http';
  const client = new Stripe(config.stripe.secretKey, {
    host: url.hostname,
    port: Number(url.port || (protocol === 'https' ? 443 : 80)),
    protocol,
    httpClient,
    maxNetworkRetries: 2,
    timeout: 15_000,
    appInfo: { name: 'booking-admin' },
  });
  cached = { base, key: config.stripe.secretKey, client };
  return client;
}

/** A Stripe error as the API's answer: the provider's own text (400), or unreachable (503). */
export function providerError(err: unknown, field = 'Provider'): ApiError {
  if (err instanceof Stripe.errors.StripeError && err.type !== 'StripeConnectionError' && err.type !== 'StripeAPIError') {
    return ApiError.field(400, field, paymentKey('PaymentProviderRefused'), { message: err.message });
  }
  return ApiError.field(503, field, paymentKey('PaymentProviderUnreachable'));
}
