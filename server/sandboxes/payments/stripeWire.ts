/**
 * Stripe's wire protocol as the test mode speaks it (server/sandboxes/payments/stripe.ts): bracket
 * notation in form bodies, ids, Stripe's error body, and the two checks every API call makes (the
 * platform's secret key as Bearer, the connected account in Stripe-Account).
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { str } from './sandboxPage';

export type Params = Record<string, unknown>;

export const API_VERSION = '2025-09-30.clover';

/** Stripe's bracket notation (line_items[0][price_data][currency]=sek) as nested objects and arrays. */
export function unflatten(flat: Record<string, unknown>): Params {
  const out: Params = {};
  for (const [key, value] of Object.entries(flat)) {
    const parts = key.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> = out;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Record<string, unknown>;
    });
  }
  return arrays(out) as Params;
}

function arrays(value: unknown): unknown {
  if (!value || typeof value !== 'object') return value;
  const entries = Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, arrays(v)] as const);
  if (entries.length && entries.every(([k]) => /^\d+$/.test(k))) return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, v]) => v);
  return Object.fromEntries(entries);
}

export const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
export const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Stripe's error body and status. */
export function stripeError(reply: FastifyReply, status: number, message: string, extra: { type?: string; code?: string; param?: string } = {}) {
  return reply.status(status).send({ error: { type: extra.type ?? 'invalid_request_error', message, ...(extra.code ? { code: extra.code } : {}), ...(extra.param ? { param: extra.param } : {}) } });
}

export interface SessionRow {
  id: string;
  account_id: string;
  body: Params & { status: string; amount_total: number; currency: string; success_url: string; cancel_url?: string; locale?: string };
}

/** The two checks of an API call, bound to the app's configuration and database. */
export function apiAuth(app: FastifyInstance) {
  /** The platform's secret key; answers false (and the 401) when it is not the configured one. */
  const platform = (request: FastifyRequest, reply: FastifyReply): boolean => {
    const auth = String(request.headers.authorization ?? '');
    const key = auth.startsWith('Bearer ') ? auth.slice(7) : '';
    if (key && key === app.config.stripe.secretKey) return true;
    void stripeError(reply, 401, key ? `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}` : 'You did not provide an API key.');
    return false;
  };

  /** The connected account of Stripe-Account, when the platform is connected to it. */
  const connected = async (request: FastifyRequest, reply: FastifyReply): Promise<string | null> => {
    const account = str(request.headers['stripe-account']);
    const grant = account
      ? await app.db.one<{ account_id: string }>('select account_id from stripe_sandbox_grants where account_id = $1 and redeemed is not null and revoked is null limit 1', [account])
      : undefined;
    if (!grant) {
      void stripeError(reply, 403, `The provided key does not have access to account '${account}' (or that account does not exist). Application access may have been revoked.`, { type: 'invalid_request_error', code: 'account_invalid' });
      return null;
    }
    return grant.account_id;
  };

  return { platform, connected };
}
