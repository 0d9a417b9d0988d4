import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';

/** Everything the server reads from the environment, in one place. */
export interface ServerConfig {
  host: string;
  port: number;
  /** The address browsers use to reach this server (issuer and redirect base). */
  publicUrl: string;
  /** Where PGlite keeps its cluster and where uploads are stored. */
  dataDir: string;
  /** When set, a PostgreSQL server is used instead of PGlite. */
  databaseUrl?: string;
  /** Keycloak realm for administrators. */
  realm: string;
  /** Web client id the admin uses (authorization code + PKCE). */
  adminClientId: string;
  /** Client for scripts and support staff (password grant). */
  apiClientId: string;
  /**
   * Base URL of a real Keycloak (e.g. https://id.example.com). When set, the embedded provider
   * is not mounted; tokens are verified against that realm's keys.
   */
  keycloakUrl?: string;
  /** The built admin to serve at / (vite build output). */
  adminDist: string;
  /** API key the admin sends as x-api-key. */
  apiKey: string;
  /** Seed the demo company on an empty database. */
  seedDemo: boolean;
  logLevel: string;
  /**
   * Server processes sharing the port (node:cluster). Only with DATABASE_URL: PGlite lives inside
   * one process. Default 1.
   */
  workers: number;
  /**
   * How often the job queue's workers look for due jobs (pg-boss polling), in seconds; 2 when left
   * out. Not read from the environment: tests that drive every job with jobs.drain() set it long,
   * so no worker delivers a message between two of their calls.
   */
  jobPollSeconds?: number;
  /** Keep serialised list answers while their data is unchanged (RESPONSE_CACHE=off turns it off). */
  responseCache: boolean;
  /**
   * Whose X-Forwarded-For to believe for the client's address (sign-in throttling per client):
   * false (default) takes the connection's own address; true believes any sender; a number the
   * hops of proxies in front; a string the proxies' addresses or CIDR ranges (comma separated).
   */
  trustProxy: boolean | number | string;
  /** Stripe (issue 32): where the official client talks to, and the platform's credentials. */
  stripe: StripeConfig;
  /**
   * Seconds a "your booking has changed" message waits before it goes (CHANGE_MESSAGE_DELAY_SECONDS,
   * default 120): a change taken back meanwhile (a move undone) tells the customer nothing.
   */
  changeMessageDelaySeconds: number;
}

/**
 * The Stripe platform the payments area uses through the official `stripe` package. Unset URLs mean
 * the embedded test mode our own server serves under /stripe-sandbox (server/sandboxes/payments/);
 * production sets STRIPE_API_URL=https://api.stripe.com, STRIPE_CONNECT_URL=https://connect.stripe.com
 * and the platform's keys: a change of configuration, not of code.
 */
export interface StripeConfig {
  /** Base of the API (protocol, host, port and, for the sandbox, its path); null = the sandbox at publicUrl. */
  apiUrl: string | null;
  /** Base of the Connect OAuth pages and /oauth/token; null = the sandbox. */
  connectUrl: string | null;
  /** The platform's secret key (sk_…). */
  secretKey: string;
  /** The platform's Connect client id (ca_…). */
  clientId: string;
  /** The signing secret of the platform's webhook endpoint (whsec_…). */
  webhookSecret: string;
}

/**
 * TRUST_PROXY: unset, `false` or `off` trusts no proxy; `true` trusts any; a whole number is the
 * count of proxies in front; anything else lists the proxies' addresses or CIDR ranges.
 * @example parseTrustProxy('10.0.0.0/8, 127.0.0.1') // '10.0.0.0/8,127.0.0.1'
 */
export function parseTrustProxy(value: string | undefined): boolean | number | string {
  const v = (value ?? '').trim();
  if (v === '' || /^(false|off|no|0)$/i.test(v)) return false;
  if (/^(true|on|yes)$/i.test(v)) return true;
  if (/^[1-9]\d*$/.test(v)) return Number(v);
  return v.split(',').map((part) => part.trim()).filter(Boolean).join(',');
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const host = env.HOST ?? '127.0.0.1';
  const port = Number(env.PORT ?? 8080);
  const dataDir = resolve(env.DATA_DIR ?? '.data');
  return {
    host,
    port,
    publicUrl: (env.PUBLIC_URL ?? `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`).replace(/\/$/, ''),
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    realm: env.KEYCLOAK_REALM ?? 'booking-admin',
    adminClientId: env.KEYCLOAK_CLIENT_ID ?? 'booking-admin-web',
    apiClientId: env.API_CLIENT_ID ?? 'api-users',
    keycloakUrl: env.KEYCLOAK_URL || undefined,
    adminDist: resolve(env.ADMIN_DIST ?? 'dist'),
    apiKey: env.API_KEY ?? 'demo-api-key',
    seedDemo: env.SEED_DEMO !== 'false',
    logLevel: env.LOG_LEVEL ?? 'info',
    workers: env.DATABASE_URL ? Math.max(1, Number(env.WORKERS ?? 1) || 1) : 1,
    responseCache: env.RESPONSE_CACHE !== 'off',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    changeMessageDelaySeconds: Math.max(0, Number(env.CHANGE_MESSAGE_DELAY_SECONDS ?? 120) || 0),
    stripe: {
      apiUrl: env.STRIPE_API_URL?.replace(/\/$/, '') || null,
      connectUrl: env.STRIPE_CONNECT_URL?.replace(/\/$/, '') || null,
      secretKey: env.STRIPE_SECRET_KEY ?? 'sk_test_sandbox',
      clientId: env.STRIPE_CLIENT_ID ?? 'ca_sandbox',
      webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? `whsec_${randomBytes(24).toString('base64url')}`,
    },
  };
}
