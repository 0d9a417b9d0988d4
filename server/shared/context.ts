import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DataScope, DataVersions, VersionsReadAlong } from '../db/versions';
import type { Db } from '../db/db';
import type { CountryId } from '../../schema/company';
import type { ServerConfig } from '../config';
import { ApiError } from './errors';
import { languageOfCountry, requestLanguage, type Lang } from './messages';
import { checkPermission } from './permissions';
import { Lru } from './lru';
import { revocationKeys, revokedSql } from './tokenRevocation';

/** Who is calling, resolved once per request from the bearer token. */
export interface CallerContext {
  companyId: number;
  /** users.id of the administrator. */
  userId: number;
  /** The token subject (users.subject). */
  subject: string;
  email: string;
  /** Role ids (roles table), read from the database on this request. */
  roles: number[];
  /** Session id (token `sid`). */
  sessionId: string | null;
  lang: Lang;
  /** IANA zone from the Timezone header, else the company's. */
  timeZone: string;
  /** The data versions the route asked to read with the caller (route config `versionsAlong`). */
  versionsRead?: VersionsReadAlong;
}

/**
 * The company's country (ISO 3166-1 alpha-2): how its phone numbers, identity numbers and postal
 * codes are read when they carry no country of their own.
 * @example const country = await companyCountry(db, ctx.companyId); // 'SE'
 */
export async function companyCountry(db: Db, companyId: number): Promise<CountryId> {
  const row = await db.one<{ country_id: CountryId }>('select country_id from companies where id = $1', [companyId]);
  return row?.country_id ?? 'SE';
}

/**
 * The language a company's customers get (mails, texts, pay pages) unless they chose one: the system
 * settings' CustomerLanguage, else the language of the company's country.
 * @example const lang = await customerLanguage(db, companyId); // 'sv'
 */
export async function customerLanguage(db: Db, companyId: number): Promise<Lang> {
  const row = await db.one<{ country_id: string; customer_language: Lang | null }>(
    'select c.country_id, s.customer_language from companies c left join system_settings s on s.company_id = c.id where c.id = $1',
    [companyId],
  );
  return row?.customer_language ?? languageOfCountry(row?.country_id);
}

/**
 * The context of work the company's own server does, not a caller's (an event handed to an
 * integration): the company's zone, English, no user. Records read with it are as GET answers them.
 * @example const record = await findRecord(tx, await companyContext(tx, companyId), bookings, id);
 */
export async function companyContext(db: Db, companyId: number): Promise<CallerContext> {
  const row = await db.one<{ time_zone: string }>('select time_zone from companies where id = $1', [companyId]);
  return { companyId, userId: 0, subject: 'system', email: '', roles: [], sessionId: null, lang: 'en', timeZone: row?.time_zone ?? 'UTC' };
}

/** What verifying a bearer token yields. */
export interface VerifiedToken {
  sub: string;
  sid?: string;
  email?: string;
  /** Expiry, seconds since the epoch. */
  exp?: number;
  /** Issued at, seconds since the epoch. */
  iat?: number;
  /** Token id. */
  jti?: string;
  /** The client the token was issued to. */
  azp?: string;
}

export type TokenVerifier = (token: string) => Promise<VerifiedToken>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route needs no bearer token. */
    public?: boolean;
    /**
     * The data versions (server/db/versions.ts) the route will read for a caller of this company,
     * worked out from the request as it arrived (before validation): they are read in the caller's
     * statement, one round trip fewer, and handed to `versions.readMany` as `ctx.versionsRead`.
     */
    versionsAlong?: (request: FastifyRequest, companyId: number) => DataScope[] | undefined;
  }
  interface FastifyInstance {
    db: Db;
    config: ServerConfig;
    /** Per-company data versions for caches (server/db/versions.ts). */
    versions: DataVersions;
    /** Set by the identity plugin (embedded provider or real Keycloak). */
    verifyToken: TokenVerifier;
  }
  interface FastifyRequest {
    /** Present on every /api route that requires a caller (all but the public ones). */
    ctx: CallerContext;
  }
}

/** The part of the caller's context that depends on the token alone. */
type CallerIdentity = Omit<CallerContext, 'lang' | 'timeZone'> & { companyTimeZone: string; token: VerifiedToken };

interface UserRow {
  id: number;
  company_id: number;
  email: string;
  active: boolean;
  time_zone: string;
  roles: number[];
  /** The token was revoked (server/shared/tokenRevocation.ts). */
  revoked: boolean;
  /** The data versions asked for along ([folded, pending] per scope), when any were. */
  versions: [string | number, string | number][] | null;
}

/**
 * The administrator a verified token names, read on every request in one indexed query (users by
 * subject, their roles by user_roles' primary key, and whether the token was revoked): deleting or deactivating an administrator or
 * changing their roles takes effect on their very next request, in every server process. Nothing
 * about the caller that decides access is kept between requests (only a guess of their company, to
 * pick the data versions a route reads along; the versions are read for the company the row names).
 */
const callerSql = (versions = 'null') => `
  select u.id, u.company_id, u.email, u.active, c.time_zone,
         array(select ur.role_id from user_roles ur where ur.user_id = u.id order by ur.role_id) as roles,
         ${revokedSql('$2', '$3')} as revoked, ${versions} as versions
    from users u join companies c on c.id = u.company_id
   where u.subject = $1`;

/** Callers' companies by token subject, to guess which data versions a route will read (see versionsAlong). */
const COMPANY_GUESSES = 10_000;

/**
 * Resolves the caller of every /api request: verifies the bearer token, finds the administrator,
 * their roles and their company, refuses a route their roles do not allow with 403 (server/permissions.ts),
 * and rejects a CompanyId that is not the caller's with 404.
 * Routes opt out with `config: { public: true }`.
 */
async function contextPlugin(app: FastifyInstance): Promise<void> {
  app.decorateRequest('ctx', null as unknown as CallerContext);
  const plainSql = callerSql();
  const alongSql = app.versions.alongSql('u.company_id', '$4');
  const withVersionsSql = alongSql && callerSql(alongSql);
  const companyOf = new Lru<number>({ maxEntries: COMPANY_GUESSES });
  const identify = async (token: string, versionsAlong?: (companyId: number) => DataScope[] | undefined): Promise<CallerIdentity> => {
    let verified: VerifiedToken;
    try {
      verified = await app.verifyToken(token);
    } catch {
      throw ApiError.unauthorized();
    }
    // The account's state and the token's revocation (logout, password change) are read on every request, in one statement.
    const guess = versionsAlong && withVersionsSql ? companyOf.get(verified.sub) : undefined;
    const scopes = guess === undefined ? undefined : scopesOrNone(() => versionsAlong!(guess));
    const params = [verified.sub, revocationKeys(verified), verified.iat ?? 0];
    const user = scopes?.length ? await app.db.one<UserRow>(withVersionsSql!, [...params, scopes]) : await app.db.one<UserRow>(plainSql, params);
    if (!user || !user.active || user.revoked) throw ApiError.unauthorized();
    if (versionsAlong && guess !== user.company_id) companyOf.set(verified.sub, user.company_id);
    return {
      companyId: user.company_id,
      userId: user.id,
      subject: verified.sub,
      email: user.email,
      roles: user.roles.map(Number),
      sessionId: verified.sid ?? null,
      companyTimeZone: user.time_zone,
      token: verified,
      versionsRead: scopes?.length && user.versions ? app.versions.readAlong(user.company_id, scopes, user.versions) : undefined,
    };
  };

  app.addHook('onRequest', async (request: FastifyRequest) => {
    if (!request.url.startsWith('/api/')) return;
    if (request.routeOptions.config?.public || !request.routeOptions.url) return;
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) throw ApiError.unauthorized();
    const along = request.routeOptions.config?.versionsAlong;
    const { companyTimeZone, token: _token, ...identity } = await identify(header.slice(7), along && ((companyId) => along(request, companyId)));
    const tzHeader = request.headers.timezone;
    const sessionHeader = request.headers['x-session-id'];
    request.ctx = {
      ...identity,
      sessionId: identity.sessionId ?? (typeof sessionHeader === 'string' ? sessionHeader : null),
      lang: requestLanguage(request),
      timeZone: typeof tzHeader === 'string' && isValidZone(tzHeader) ? tzHeader : companyTimeZone,
    };
    checkPermission(request, request.ctx.roles);
  });
  app.addHook('preHandler', async (request: FastifyRequest) => {
    if (!request.ctx) return;
    const asked = companyIdAskedFor(request);
    if (asked !== undefined && asked !== request.ctx.companyId) throw ApiError.notFound('Company', asked);
  });
}

/** The scopes a route's versionsAlong names; none when it cannot tell from the request as it arrived. */
function scopesOrNone(scopes: () => DataScope[] | undefined): DataScope[] | undefined {
  try {
    return scopes();
  } catch {
    return undefined;
  }
}

function companyIdAskedFor(request: FastifyRequest): number | undefined {
  const fromQuery = (request.query as Record<string, unknown> | undefined)?.CompanyId;
  const fromBody = request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>).CompanyId : undefined;
  const fromParams = (request.params as Record<string, unknown> | undefined)?.companyId;
  for (const v of [fromParams, fromQuery, fromBody]) {
    if (v === undefined || v === null || v === '') continue;
    const n = Number(v);
    return Number.isFinite(n) ? n : -1;
  }
  return undefined;
}

const zoneCache = new Map<string, boolean>();
function isValidZone(zone: string): boolean {
  let ok = zoneCache.get(zone);
  if (ok === undefined) {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      ok = true;
    } catch {
      ok = false;
    }
    if (zoneCache.size < 1000) zoneCache.set(zone, ok);
  }
  return ok;
}

export default fp(contextPlugin, { name: 'context' });
