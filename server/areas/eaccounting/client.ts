/**
 * The one client of Visma eAccounting (API v2 and Visma Connect's OAuth2). Addresses come from
 * configuration: EACCOUNTING_API_URL (production https://eaccountingapi.vismaonline.com) and
 * EACCOUNTING_IDENTITY_URL (https://identity.vismaonline.com); without them, the embedded sandbox at
 * PUBLIC_URL/eaccounting-sandbox. A company's tokens are sealed with its key; the access token is
 * refreshed a minute before it expires (the refresh token rotates and is sealed again); a refused
 * refresh or a 401 marks the connection revoked and answers EAccountingConnectionLost (400), which
 * the settings page shows, never a 500.
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/db';
import { companyKey, decrypt, encrypt } from '../../shared/encryption';
import { ApiError, type RefuseField } from '../../shared/errors';
import { eaccountingKey } from './messages';

const SANDBOX = '/eaccounting-sandbox';
const trim = (url: string) => url.replace(/\/+$/, '');

export const apiBase = (publicUrl: string): string => `${trim(process.env.EACCOUNTING_API_URL || `${publicUrl}${SANDBOX}`)}/v2`;
export const identityBase = (publicUrl: string): string => `${trim(process.env.EACCOUNTING_IDENTITY_URL || `${publicUrl}${SANDBOX}/identity`)}/connect`;
/** Where an invoice is opened in the provider's web app (the sandbox's invoice page by default). */
export const invoiceUri = (publicUrl: string, id: string): string =>
  process.env.EACCOUNTING_WEB_URL ? `${trim(process.env.EACCOUNTING_WEB_URL)}/#/customerinvoice/${id}` : `${publicUrl}${SANDBOX}/invoices/${id}`;
export const clientId = (): string => process.env.EACCOUNTING_CLIENT_ID || 'booking-admin';
const clientSecret = (): string => process.env.EACCOUNTING_CLIENT_SECRET || 'sandbox-secret';
/** The admin's page the provider sends the popup back to (spec: /eaccounting after the callback). */
export const redirectUri = (publicUrl: string): string => `${publicUrl}/eaccounting`;

/** How long one call may take before the provider counts as slow (the outbox then carries on). */
const CALL_TIMEOUT_MS = 10_000;

interface Tokens {
  access_token: string;
  refresh_token: string;
  expires_in: number;
}

/** The provider answered with an error (4xx other than 401): its own words. */
export class ProviderRefused extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Not reached, timed out, or a 5xx: worth trying again later. */
export class ProviderUnreachable extends Error {}

async function tokenRequest(publicUrl: string, form: Record<string, string>): Promise<Tokens | { error: string }> {
  const res = await fetch(`${identityBase(publicUrl)}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${Buffer.from(`${encodeURIComponent(clientId())}:${encodeURIComponent(clientSecret())}`).toString('base64')}` },
    body: new URLSearchParams(form),
    signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
  }).catch((err: unknown) => {
    throw new ProviderUnreachable(String(err));
  });
  if (res.status >= 500) throw new ProviderUnreachable(`token endpoint answered ${res.status}`);
  const body = (await res.json().catch(() => ({}))) as Partial<Tokens> & { error?: string };
  if (!res.ok || !body.access_token || !body.refresh_token) return { error: body.error ?? `status ${res.status}` };
  return body as Tokens;
}

/** Stores a company's tokens, sealed, as connected. */
async function store(db: Db, companyId: number, tokens: Tokens): Promise<void> {
  const key = await companyKey(db, companyId);
  await db.query(
    `insert into eaccounting_connections (company_id, access_token_sealed, refresh_token_sealed, expires_at) values ($1, $2, $3, now() + make_interval(secs => $4::int))
     on conflict (company_id) do update set access_token_sealed = excluded.access_token_sealed, refresh_token_sealed = excluded.refresh_token_sealed,
       expires_at = excluded.expires_at, state = 'connected', last_error = null, connected = case when eaccounting_connections.state = 'connected' then eaccounting_connections.connected else now() end`,
    [companyId, encrypt(key, tokens.access_token), encrypt(key, tokens.refresh_token), tokens.expires_in],
  );
}

async function lose(db: Db, companyId: number, reason: string): Promise<never> {
  await db.query("update eaccounting_connections set state = 'revoked', last_error = $2 where company_id = $1", [companyId, reason.slice(0, 500)]);
  throw ApiError.field(400, 'EAccounting', eaccountingKey('EAccountingConnectionLost'));
}

/** Exchanges the callback's code for tokens and stores them. False when the provider refuses the code. */
export async function connect(app: FastifyInstance, companyId: number, code: string): Promise<boolean> {
  const tokens = await tokenRequest(app.config.publicUrl, { grant_type: 'authorization_code', code, redirect_uri: redirectUri(app.config.publicUrl) });
  if ('error' in tokens) return false;
  await store(app.db, companyId, tokens);
  return true;
}

/** Revokes the company's refresh token at the provider (best effort) and forgets the connection. */
export async function disconnect(app: FastifyInstance, companyId: number): Promise<void> {
  const row = await app.db.one<{ refresh_token_sealed: string }>('delete from eaccounting_connections where company_id = $1 returning refresh_token_sealed', [companyId]);
  if (!row) return;
  const token = decrypt(await companyKey(app.db, companyId), row.refresh_token_sealed);
  await fetch(`${identityBase(app.config.publicUrl)}/revocation`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token, token_type_hint: 'refresh_token', client_id: clientId(), client_secret: clientSecret() }),
    signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
  }).catch(() => undefined);
}

/**
 * The refusal of a company with no usable connection, before the schema when a request is refused
 * anyway (checkFieldsWhenRefused), with the words the calls themselves answer.
 */
export async function refuseUnconnected(db: Db, companyId: number, refuse: RefuseField): Promise<void> {
  const row = await db.one<{ state: string }>('select state from eaccounting_connections where company_id = $1', [companyId]);
  if (!row) refuse('EAccounting', eaccountingKey('EAccountingNotAuthenticated'));
  else if (row.state !== 'connected') refuse('EAccounting', eaccountingKey('EAccountingConnectionLost'));
}

/** A valid access token of the company, refreshed when it expires within a minute. */
async function accessToken(app: FastifyInstance, companyId: number): Promise<string> {
  const row = await app.db.one<{ access_token_sealed: string; refresh_token_sealed: string; state: string; soon: boolean }>(
    "select access_token_sealed, refresh_token_sealed, state, expires_at < now() + interval '60 seconds' as soon from eaccounting_connections where company_id = $1",
    [companyId],
  );
  if (!row) throw ApiError.field(400, 'EAccounting', eaccountingKey('EAccountingNotAuthenticated'));
  if (row.state !== 'connected') throw ApiError.field(400, 'EAccounting', eaccountingKey('EAccountingConnectionLost'));
  const key = await companyKey(app.db, companyId);
  if (!row.soon) return decrypt(key, row.access_token_sealed);
  // No lock is held across the call (on PGlite the one session would wait for itself): when two
  // refresh at once, the provider refuses the second's used token, and that one takes the first's.
  const tokens = await tokenRequest(app.config.publicUrl, { grant_type: 'refresh_token', refresh_token: decrypt(key, row.refresh_token_sealed) });
  if ('error' in tokens) {
    const now = await app.db.one<{ access_token_sealed: string; refresh_token_sealed: string }>(
      "select access_token_sealed, refresh_token_sealed from eaccounting_connections where company_id = $1 and state = 'connected'",
      [companyId],
    );
    if (now && now.refresh_token_sealed !== row.refresh_token_sealed) return decrypt(key, now.access_token_sealed);
    return lose(app.db, companyId, `refresh refused: ${tokens.error}`);
  }
  await store(app.db, companyId, tokens);
  return tokens.access_token;
}

/**
 * One call to the API v2 with the company's token. Answers the JSON body; a 401 marks the connection
 * revoked (EAccountingConnectionLost), another 4xx is ProviderRefused with the provider's message,
 * a 5xx, timeout or network error is ProviderUnreachable.
 * @example const articles = await call<{ Data: Article[] }>(app, companyId, 'GET', '/articles?$pagesize=1000');
 */
export async function call<T>(app: FastifyInstance, companyId: number, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T> {
  const token = await accessToken(app, companyId);
  const res = await fetch(`${apiBase(app.config.publicUrl)}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
  }).catch((err: unknown) => {
    throw new ProviderUnreachable(String(err));
  });
  if (res.status === 401) return lose(app.db, companyId, 'eAccounting refused the access token (401)');
  if (res.status >= 500) throw new ProviderUnreachable(`eAccounting answered ${res.status}`);
  const answer = (await res.json().catch(() => ({}))) as T & { DeveloperErrorMessage?: string; Message?: string };
  if (!res.ok) throw new ProviderRefused(res.status, answer.DeveloperErrorMessage ?? answer.Message ?? `status ${res.status}`);
  return answer;
}

/** A provider error as the caller's ResponseStatus (400 with its words, or 502 when unreachable). */
export function asApiError(err: unknown): unknown {
  if (err instanceof ProviderRefused) return ApiError.field(400, 'EAccounting', eaccountingKey('EAccountingProviderRefused'), { message: err.message });
  if (err instanceof ProviderUnreachable) return ApiError.field(502, 'EAccounting', eaccountingKey('EAccountingProviderUnreachable'));
  return err;
}

/** Every item of a list (eAccounting pages at most 1,000 a page; 20 pages at most). */
export async function all<T>(app: FastifyInstance, companyId: number, path: string): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; page <= 20; page++) {
    const sep = path.includes('?') ? '&' : '?';
    const answer = await call<{ Meta?: { TotalNumberOfPages?: number }; Data?: T[] }>(app, companyId, 'GET', `${path}${sep}$page=${page}&$pagesize=1000`);
    items.push(...(answer.Data ?? []));
    if (page >= (answer.Meta?.TotalNumberOfPages ?? 1)) break;
  }
  return items;
}
