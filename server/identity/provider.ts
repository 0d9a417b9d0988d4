import { createHmac, randomUUID } from 'node:crypto';
import Provider, { errors, type Client, type KoaContextWithOIDC, type ResourceServerInfo, type TokenInstance } from 'oidc-provider';
import type { Db } from '../db/db';
import type { ServerConfig } from '../config';
import { accountFinder, authenticate, findUserBySubject, sessionIdOf, userClaims } from './accounts';
import { PgAdapter } from './adapter';
import type { LockReason } from './bruteForce';
import { deviceCookies, type DeviceCookies } from './devices';
import type { IdentityKeys } from './keys';
import { messagePage, page } from './pages';
import { escapeHtml } from '../shared/html';
import { refreshTokenWrapper, type RefreshTokenWrapper } from './refreshTokens';
import { revokeSessionTokens } from './revocations';
import { pageLanguage, t } from './texts';

/** The resource indicator (and `aud`) of access tokens for the booking API. */
export const API_RESOURCE = 'urn:booking-admin:api';

export const ACCESS_TOKEN_TTL = 300;
export const REFRESH_TOKEN_TTL = 1800;
/** Longest a sign-in lasts however often it is refreshed (Keycloak's SSO Session Max). */
export const SESSION_MAX = 10 * 60 * 60;

const SCOPES = ['openid', 'email', 'profile', 'offline_access'];
const DEFAULT_SCOPE = 'openid email profile';

/** Keycloak's endpoint paths below the realm. */
export const ROUTES = {
  authorization: '/protocol/openid-connect/auth',
  token: '/protocol/openid-connect/token',
  end_session: '/protocol/openid-connect/logout',
  jwks: '/protocol/openid-connect/certs',
  userinfo: '/protocol/openid-connect/userinfo',
  revocation: '/protocol/openid-connect/revoke',
} as const;

export interface EmbeddedProviderOptions {
  db: Db;
  config: ServerConfig;
  keys: IdentityKeys;
  /** Base URLs the admin is served from (publicUrl plus ADMIN_ORIGINS); redirect URIs are `${base}/auth`. */
  adminOrigins: string[];
}

export interface EmbeddedProvider {
  provider: Provider;
  db: Db;
  issuer: string;
  /** `/realms/{realm}` */
  realmPath: string;
  refreshTokens: RefreshTokenWrapper;
  /** Signed device cookies that exempt a device from the locks strangers can cause (./devices). */
  devices: DeviceCookies;
}

/**
 * The password grant's refusal of a locked sign-in (Keycloak's first words), saying what lifts the
 * lock and when (the answer's Retry-After says the same in seconds).
 * @example lockedText({ seconds: 60, reason: 'account' }) // 'Too many failed sign-ins; try again in 1 min, or reset the password to lift the lock now'
 */
export function lockedText({ seconds, reason }: { seconds: number; reason: LockReason }): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (reason === 'network') return `Too many failed sign-ins from this network; try again in ${minutes} min (a device that has signed in to the account before is not locked)`;
  if (reason === 'device') return `Too many failed sign-ins on this device; try again in ${minutes} min, or reset the password to lift the lock now`;
  return `Too many failed sign-ins; try again in ${minutes} min, or reset the password to lift the lock now (a device that has signed in to the account before is not locked)`;
}

const resourceServerInfo: ResourceServerInfo = {
  scope: DEFAULT_SCOPE,
  audience: API_RESOURCE,
  accessTokenTTL: ACCESS_TOKEN_TTL,
  accessTokenFormat: 'jwt',
  jwt: { sign: { alg: 'RS256' } },
};

interface TokenBody {
  access_token?: string;
  refresh_token?: string;
  id_token?: string;
  expires_in?: number;
  [key: string]: unknown;
}

function isTokenBody(body: unknown): body is TokenBody {
  return typeof body === 'object' && body !== null && 'access_token' in body;
}

function epoch(): number {
  return Math.floor(Date.now() / 1000);
}

/**
 * The embedded OpenID provider (oidc-provider) on Keycloak's URL layout, with accounts in the users
 * table, storage and keys in PostgreSQL, JWT access and refresh tokens, and the password grant.
 * @example
 * const { provider, realmPath } = createEmbeddedProvider({ db, config, keys, adminOrigins: [config.publicUrl] });
 * app.all(`${realmPath}/*`, ...) // hand raw req/res to provider.callback()
 */
export function createEmbeddedProvider({ db, config, keys, adminOrigins }: EmbeddedProviderOptions): EmbeddedProvider {
  const realmPath = `/realms/${config.realm}`;
  const issuer = `${config.publicUrl}${realmPath}`;
  const refreshTokens = refreshTokenWrapper(issuer, keys);
  // The device cookies' key, derived from the stored cookie secret (shared by every process).
  const devices = deviceCookies(createHmac('sha256', keys.cookieKeys[0]).update('device-cookies').digest('base64url'), {
    secure: config.publicUrl.startsWith('https:'),
    path: realmPath,
  });
  const origins = new Set(adminOrigins.map((base) => new URL(base).origin));
  const adminUrl = `${config.publicUrl}/`;

  const requestLang = (ctx: KoaContextWithOIDC) =>
    pageLanguage({
      kcLocale: typeof ctx.oidc?.params?.kc_locale === 'string' ? ctx.oidc.params.kc_locale : undefined,
      uiLocales: typeof ctx.oidc?.params?.ui_locales === 'string' ? ctx.oidc.params.ui_locales : undefined,
      acceptLanguage: ctx.get('accept-language'),
    });

  const provider = new Provider(issuer, {
    adapter: (name: string) => new PgAdapter(db, name, name === 'RefreshToken' ? { resolveId: refreshTokens.unwrap } : {}),
    clients: [
      {
        client_id: config.adminClientId,
        client_name: 'Booking admin',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: adminOrigins.map((origin) => `${origin}/auth`),
        post_logout_redirect_uris: adminOrigins.map((origin) => `${origin}/`),
      },
      {
        client_id: config.apiClientId,
        client_name: 'API users',
        token_endpoint_auth_method: 'none',
        grant_types: ['password', 'refresh_token'],
        response_types: [],
        redirect_uris: [],
      },
    ],
    jwks: { keys: [keys.signingJwk] },
    cookies: {
      keys: keys.cookieKeys,
      long: { httpOnly: true, sameSite: 'lax', signed: true },
      short: { httpOnly: true, sameSite: 'lax', signed: true },
    },
    findAccount: accountFinder(db),
    scopes: SCOPES,
    claims: {
      // Keycloak adds the profile and email client scopes by default; so does 'openid' here.
      openid: ['sub', 'sid', 'email', 'email_verified', 'name', 'given_name', 'family_name', 'preferred_username'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name', 'preferred_username'],
    },
    conformIdTokenClaims: false,
    responseTypes: ['code'],
    extraParams: ['kc_locale', 'kc_idp_hint'],
    pkce: { required: () => true },
    clientBasedCORS: (_ctx: KoaContextWithOIDC, origin: string) => origins.has(origin),
    routes: { ...ROUTES },
    discovery: {
      revocation_endpoint: `${issuer}${ROUTES.revocation}`,
      ui_locales_supported: ['sv', 'en', 'fi', 'no'],
    },
    features: {
      devInteractions: { enabled: false },
      pushedAuthorizationRequests: { enabled: false },
      revocation: { enabled: false },
      introspection: { enabled: false },
      userinfo: { enabled: true },
      // Access tokens are plain bearer tokens: the API does not check DPoP proofs, so binding a
      // token to a key (cnf.jkt) would promise a protection nobody enforces (docs/identity.md).
      dPoP: { enabled: false },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => API_RESOURCE,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx: KoaContextWithOIDC, indicator: string) => {
          if (indicator !== API_RESOURCE) throw new errors.InvalidTarget();
          return resourceServerInfo;
        },
      },
      rpInitiatedLogout: {
        enabled: true,
        // Signs out at once only when the request carries a valid id_token_hint (oidc-provider has
        // checked its signature and client) of the signed-in account, as keycloak-js sends it;
        // anyone else's link to the logout endpoint gets a question and two buttons.
        logoutSource: async (ctx: KoaContextWithOIDC, form: string) => {
          const lang = requestLang(ctx);
          const hint = ctx.oidc.entities.IdTokenHint as { payload?: { sub?: unknown } } | undefined;
          const session = ctx.oidc.entities.Session as { accountId?: string } | undefined;
          const expected = !!hint?.payload?.sub && hint.payload.sub === session?.accountId;
          const button = `<button id="signout" type="submit" form="op.logoutForm" name="logout" value="yes">${escapeHtml(t(lang, 'signOut'))}</button>`;
          ctx.type = 'html';
          ctx.body = expected
            ? page({ lang, title: t(lang, 'signingOut'), body: `${form}${button}`, clickOnLoad: 'signout' })
            : page({
                lang,
                title: t(lang, 'signOut'),
                body: `<p>${escapeHtml(t(lang, 'signOutQuestion'))}</p>${form}${button}<p class="links"><a href="${escapeHtml(adminUrl)}">${escapeHtml(t(lang, 'stayHere'))}</a></p>`,
              });
        },
        postLogoutSuccessSource: async (ctx: KoaContextWithOIDC) => {
          const lang = requestLang(ctx);
          ctx.type = 'html';
          ctx.body = messagePage({ lang, title: t(lang, 'signOut'), message: t(lang, 'signedOut'), link: { href: adminUrl, text: t(lang, 'openAdmin') } });
        },
      },
    },
    renderError: async (ctx: KoaContextWithOIDC, out: Record<string, string>) => {
      const lang = requestLang(ctx);
      ctx.type = 'html';
      ctx.body = messagePage({
        lang,
        title: t(lang, 'errorTitle'),
        kind: 'error',
        message: out.error_description || out.error || t(lang, 'errorTitle'),
        link: { href: adminUrl, text: t(lang, 'openAdmin') },
      });
    },
    interactions: {
      url: (_ctx: KoaContextWithOIDC, interaction: { uid: string }) => `${realmPath}/login-actions/${interaction.uid}`,
    },
    issueRefreshToken: async (_ctx: KoaContextWithOIDC, client: Client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    extraTokenClaims: async (_ctx: KoaContextWithOIDC, token: TokenInstance) => {
      const user = token.accountId ? await findUserBySubject(db, token.accountId) : undefined;
      const claims = user ? userClaims(user) : {};
      return {
        ...claims,
        typ: 'Bearer',
        azp: token.clientId,
        sid: sessionIdOf(token),
        session_state: sessionIdOf(token),
        realm_access: { roles: user?.roles ?? [] },
      };
    },
    ttl: {
      AccessToken: ACCESS_TOKEN_TTL,
      AuthorizationCode: 60,
      IdToken: ACCESS_TOKEN_TTL,
      RefreshToken: (_ctx: KoaContextWithOIDC, token: TokenInstance) => {
        const started = token.iiat ?? token.iat ?? epoch();
        return Math.max(1, Math.min(REFRESH_TOKEN_TTL, SESSION_MAX - (epoch() - started)));
      },
      Interaction: 60 * 60,
      Session: SESSION_MAX,
      Grant: SESSION_MAX,
    },
  });
  // Host, scheme and client address come from the headers providerRoutes sets on every request.
  provider.proxy = true;

  provider.registerGrantType(
    'password',
    async (ctx: KoaContextWithOIDC) => {
      const { client, params } = ctx.oidc;
      if (!client) throw new errors.InvalidClient();
      if (typeof params.username !== 'string' || typeof params.password !== 'string' || !params.username || !params.password) {
        throw new errors.InvalidRequest("missing required parameter 'username' or 'password'");
      }
      // The provider parses this body itself, so the API's control-character guard does not see it.
      if (/\p{Cc}/u.test(params.username)) throw new errors.InvalidRequest("invalid parameter 'username'");
      const device = devices.read(ctx.get('cookie'), params.username);
      const result = await authenticate(db, { email: params.username, client: ctx.ip, device }, params.password);
      if (!('user' in result)) {
        // Keycloak's wording in error_description (oidc-provider would put a generic one there).
        if (result.refused === 'locked') ctx.set('Retry-After', String(result.retryAfterSeconds));
        const text = result.refused === 'locked' ? lockedText({ seconds: result.retryAfterSeconds, reason: result.reason }) : 'Invalid user credentials';
        throw Object.assign(new errors.InvalidGrant(text), { error_description: text });
      }
      const user = result.user;
      // This device (a script keeping cookies) is now known to the address.
      ctx.res.appendHeader('set-cookie', devices.issue(params.username, device));

      const requested = typeof params.scope === 'string' ? params.scope.split(' ') : [];
      const scope = [...new Set([...DEFAULT_SCOPE.split(' '), ...requested.filter((s) => SCOPES.includes(s))])].join(' ');
      const grant = new provider.Grant({ accountId: user.subject, clientId: client.clientId });
      grant.addOIDCScope(scope);
      grant.addResourceScope(API_RESOURCE, DEFAULT_SCOPE);
      const grantId = await grant.save();
      const sid = randomUUID();

      const at = new provider.AccessToken({ accountId: user.subject, client, grantId, gty: 'password', scope: DEFAULT_SCOPE, sid });
      at.resourceServer = new provider.ResourceServer(API_RESOURCE, resourceServerInfo);
      ctx.oidc.entity('AccessToken', at);
      const accessToken = await at.save();

      const rt = new provider.RefreshToken({
        accountId: user.subject,
        client,
        grantId,
        gty: 'password',
        scope,
        sid,
        resource: API_RESOURCE,
        rotations: 0,
        expiresWithSession: false,
      });
      ctx.oidc.entity('RefreshToken', rt);
      const refreshToken = await rt.save();

      const idToken = new provider.IdToken({ ...userClaims(user) }, { ctx });
      idToken.scope = scope;
      idToken.set('sid', sid);

      ctx.body = {
        access_token: accessToken,
        expires_in: at.expiration,
        refresh_token: refreshToken,
        token_type: 'Bearer',
        id_token: await idToken.issue({ use: 'idtoken' }),
        scope,
      } satisfies TokenBody;
    },
    ['username', 'password', 'scope'],
  );

  provider.use(async (ctx, next) => {
    await next();
    // A confirmed logout ends the access tokens of the browser session too, in every process.
    if (ctx.oidc?.route === 'end_session_confirm') {
      const session = ctx.oidc.entities.Session as { uid?: string; destroyed?: boolean } | undefined;
      if (session?.uid) await revokeSessionTokens(db, session.uid);
    }
    // keycloak-js calls the token endpoint with credentials: 'include'; an admin on another
    // allowed origin (the vite dev server) needs the credentials flag on the CORS answer.
    if (origins.has(ctx.get('origin')) && ctx.response.get('access-control-allow-origin')) {
      ctx.set('access-control-allow-credentials', 'true');
    }
    // Refresh tokens leave the token endpoint as signed JWTs (see refreshTokens.ts).
    if (ctx.oidc?.route !== 'token' || !isTokenBody(ctx.body) || typeof ctx.body.refresh_token !== 'string') return;
    const rt = ctx.oidc.entities.RefreshToken as TokenInstance | undefined;
    if (!rt?.accountId) return;
    const exp = epoch() + rt.expiration;
    ctx.body.refresh_token = await refreshTokens.wrap({
      jti: ctx.body.refresh_token,
      sub: rt.accountId,
      azp: rt.clientId,
      sid: sessionIdOf(rt),
      scope: rt.scope,
      exp,
    });
    ctx.body.refresh_expires_in = rt.expiration;
    const sid = sessionIdOf(rt);
    if (sid) ctx.body.session_state = sid;
  });

  return { provider, db, issuer, realmPath, refreshTokens, devices };
}
