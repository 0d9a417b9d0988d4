/**
 * The one way the sync area reaches Google (issue 33): the official @googleapis/calendar client with
 * a company's access token, refreshed with its sealed refresh token a minute before it ends (Google's
 * last an hour) or once after Google answers 401. A refresh Google refuses marks the connection
 * 'expired' with the reason, for the sync screen, instead of failing every push after it.
 */
import type { FastifyInstance } from 'fastify';
import { calendar, type calendar_v3 } from '@googleapis/calendar';
import { companyKey, decrypt, encrypt } from '../../shared/encryption';
import { GOOGLE_CLIENT_ID, GOOGLE_SANDBOX_PATH } from '../../shared/googleCalendar';

export const googleBase = (publicUrl: string) => (process.env.GOOGLE_API_URL || `${publicUrl}${GOOGLE_SANDBOX_PATH}`).replace(/\/+$/, '');
export const authorizeUrl = (publicUrl: string) => process.env.GOOGLE_AUTH_URL || `${googleBase(publicUrl)}/o/oauth2/v2/auth`;
export const tokenUrl = (publicUrl: string) => process.env.GOOGLE_TOKEN_URL || `${googleBase(publicUrl)}/token`;
export const callbackUrl = (publicUrl: string) => `${publicUrl}/api/sync/googlecalendar/callback`;
const clientSecret = () => process.env.GOOGLE_CLIENT_SECRET ?? 'sandbox';

/**
 * Each call's options: the root URL goes with every call, since the client resolves a global rootUrl
 * against its own absolute paths and so keeps only its origin (the sandbox lives under a path).
 */
export const callOptions = (publicUrl: string) => ({ rootUrl: `${googleBase(publicUrl)}/` });

export const statusOf = (err: unknown): number | undefined => {
  const e = err as { status?: number; code?: number | string; response?: { status?: number } };
  return e.response?.status ?? e.status ?? (typeof e.code === 'number' ? e.code : undefined);
};

/** Writes what Google refused on the connection (and 'expired' when it refused the connection itself). */
export async function report(app: FastifyInstance, companyId: number, text: string, expired: boolean): Promise<void> {
  await app.db.query(`update google_calendar_connections set last_error = $2, state = case when $3 then 'expired' else state end where company_id = $1`, [companyId, text.slice(0, 500), expired]);
}

export interface GoogleTokens {
  access_token?: string;
  refresh_token?: string;
  expires_in?: number;
}

/** Asks Google's token endpoint; undefined when it refuses the grant (400/401), throws when it cannot be reached. */
export async function requestTokens(publicUrl: string, grant: Record<string, string>): Promise<GoogleTokens | undefined> {
  const res = await fetch(tokenUrl(publicUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...grant, client_id: GOOGLE_CLIENT_ID, client_secret: clientSecret() }),
  });
  if (res.status === 400 || res.status === 401) return undefined;
  if (!res.ok) throw new Error(`Google's token endpoint answered ${res.status}`);
  const tokens = (await res.json()) as GoogleTokens;
  return tokens.access_token ? tokens : undefined;
}

/** Stores tokens sealed with the company's key (a refresh keeps the refresh token Google did not replace). */
export async function storeTokens(app: FastifyInstance, companyId: number, tokens: GoogleTokens, first: boolean): Promise<void> {
  const key = await companyKey(app.db, companyId);
  const expires = new Date(Date.now() + (tokens.expires_in ?? 3600) * 1000);
  const refresh = tokens.refresh_token ? encrypt(key, tokens.refresh_token) : null;
  if (first) {
    await app.db.query(
      `insert into google_calendar_connections (company_id, access_token_sealed, refresh_token_sealed, access_expires) values ($1, $2, $3, $4)
       on conflict (company_id) do update set access_token_sealed = excluded.access_token_sealed, refresh_token_sealed = excluded.refresh_token_sealed,
         access_expires = excluded.access_expires, state = 'connected', last_error = null, connected = now()`,
      [companyId, encrypt(key, tokens.access_token!), refresh, expires],
    );
    return;
  }
  await app.db.query(
    'update google_calendar_connections set access_token_sealed = $2, refresh_token_sealed = coalesce($3, refresh_token_sealed), access_expires = $4 where company_id = $1',
    [companyId, encrypt(key, tokens.access_token!), refresh, expires],
  );
}

/** A fresh access token by the refresh token, or undefined (and the connection 'expired') when Google refuses. */
async function refreshed(app: FastifyInstance, companyId: number, sealedRefresh: string | null): Promise<string | undefined> {
  const refresh = sealedRefresh ? decrypt(await companyKey(app.db, companyId), sealedRefresh) : undefined;
  const tokens = refresh ? await requestTokens(app.config.publicUrl, { grant_type: 'refresh_token', refresh_token: refresh }) : undefined;
  if (!tokens) {
    await report(app, companyId, 'Google refused the connection: connect again.', true);
    return undefined;
  }
  await storeTokens(app, companyId, tokens, false);
  return tokens.access_token;
}

/**
 * Runs `call` with the Calendar client of the company's connection; undefined when it has none (or
 * Google refused it). A 401 refreshes the token and tries once more.
 * @example const list = await withCalendar(app, companyId, (c, o) => c.events.list({ calendarId: 'primary' }, o));
 */
export async function withCalendar<T>(
  app: FastifyInstance,
  companyId: number,
  call: (client: calendar_v3.Calendar, options: ReturnType<typeof callOptions>) => Promise<T>,
): Promise<{ value: T } | undefined> {
  const connection = await app.db.one<{ access_token_sealed: string; refresh_token_sealed: string | null; access_expires: Date | string | null }>(
    "select access_token_sealed, refresh_token_sealed, access_expires from google_calendar_connections where company_id = $1 and state = 'connected'",
    [companyId],
  );
  if (!connection) return undefined;
  const ending = connection.access_expires !== null && new Date(connection.access_expires).getTime() - Date.now() < 60_000;
  let token = ending ? await refreshed(app, companyId, connection.refresh_token_sealed) : decrypt(await companyKey(app.db, companyId), connection.access_token_sealed);
  if (!token) return undefined;
  const options = callOptions(app.config.publicUrl);
  try {
    return { value: await call(calendar({ version: 'v3', headers: { Authorization: `Bearer ${token}` }, retry: false }), options) };
  } catch (err) {
    if (statusOf(err) !== 401 || ending) throw err;
  }
  token = await refreshed(app, companyId, connection.refresh_token_sealed);
  if (!token) return undefined;
  return { value: await call(calendar({ version: 'v3', headers: { Authorization: `Bearer ${token}` }, retry: false }), options) };
}
