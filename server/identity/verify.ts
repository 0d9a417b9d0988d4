import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import type { Db } from '../db/db';
import { Lru } from '../shared/lru';
import type { TokenVerifier, VerifiedToken } from '../shared/context';
import type { IdentityKeys } from './keys';
import { API_RESOURCE } from './provider';

interface AccessTokenClaims extends JWTPayload {
  typ?: string;
  sid?: string;
  email?: string;
  email_verified?: boolean;
}

function toVerified(payload: AccessTokenClaims, sub: string): VerifiedToken {
  return {
    sub,
    sid: typeof payload.sid === 'string' ? payload.sid : undefined,
    email: typeof payload.email === 'string' ? payload.email : undefined,
    exp: typeof payload.exp === 'number' ? payload.exp : undefined,
    iat: typeof payload.iat === 'number' ? payload.iat : undefined,
    jti: typeof payload.jti === 'string' ? payload.jti : undefined,
    azp: typeof payload.azp === 'string' ? payload.azp : undefined,
  };
}

/** Seconds of clock difference allowed on expiry, as jose's `clockTolerance`. */
const CLOCK_TOLERANCE = 5;
/** Verified tokens remembered per verifier (a token is about 1 KB). */
const REMEMBERED = 2000;

/**
 * `verify` remembering the claims of the tokens it accepted: a token seen again is not verified
 * again (its RS256 signature check is a round trip through libuv's thread pool on every API call)
 * but its expiry still is, on every use, as jose checks it. Only what passed every check is kept,
 * and the signing keys never change, so the same token string always verifies the same way.
 * @example const claims = rememberVerified((t) => jwtVerify(t, key, options).then((r) => r.payload));
 */
export function rememberVerified<T extends JWTPayload>(verify: (token: string) => Promise<T>): (token: string) => Promise<T> {
  const known = new Lru<T>({ maxEntries: REMEMBERED });
  return async (token) => {
    const kept = known.get(token);
    if (kept && (kept.exp === undefined || kept.exp > Math.floor(Date.now() / 1000) - CLOCK_TOLERANCE)) return kept;
    const payload = await verify(token);
    known.set(token, payload);
    return payload;
  };
}

function assertBearer(payload: AccessTokenClaims): string {
  if (payload.typ !== 'Bearer') throw new Error('not an access token');
  if (typeof payload.sub !== 'string' || !payload.sub) throw new Error('token has no subject');
  return payload.sub;
}

/**
 * Verifies access tokens of the embedded provider: RS256 signature with the stored key, issuer,
 * audience, expiry, and Keycloak's `typ: "Bearer"`.
 * @example
 * app.decorate('verifyToken', embeddedTokenVerifier(issuer, keys));
 */
export function embeddedTokenVerifier(issuer: string, keys: IdentityKeys): TokenVerifier {
  const claims = rememberVerified(async (token) => {
    const { payload } = await jwtVerify<AccessTokenClaims>(token, keys.publicKey, {
      issuer,
      audience: API_RESOURCE,
      algorithms: ['RS256'],
      clockTolerance: CLOCK_TOLERANCE,
    });
    assertBearer(payload);
    return payload;
  });
  return async (token) => {
    const payload = await claims(token);
    return toVerified(payload, assertBearer(payload));
  };
}

/**
 * Verifies access tokens of a real Keycloak realm against its JWKS, then maps the token to an
 * administrator: by subject, else (first sign-in) by verified e-mail, which links the account by
 * storing Keycloak's subject in users.subject and marking the row linked. A linked row is never
 * taken over by another subject presenting the same e-mail (a second Keycloak account, an e-mail
 * changed in Keycloak): that subject is refused.
 * @example
 * app.decorate('verifyToken', keycloakTokenVerifier(db, 'https://id.example.com', 'booking-admin'));
 */
export function keycloakTokenVerifier(db: Db, keycloakUrl: string, realm: string): TokenVerifier {
  const issuer = `${keycloakUrl.replace(/\/$/, '')}/realms/${realm}`;
  const jwks = createRemoteJWKSet(new URL(`${issuer}/protocol/openid-connect/certs`));
  const claims = rememberVerified(async (token) => (await jwtVerify<AccessTokenClaims>(token, jwks, { issuer, clockTolerance: CLOCK_TOLERANCE })).payload);
  return async (token) => {
    const payload = await claims(token);
    const sub = assertBearer(payload);
    const known = await db.one<{ linked: boolean }>('select keycloak_linked as linked from users where subject = $1', [sub]);
    if (known) {
      // Signing in by subject proves the link (rows linked before the flag existed get it now).
      if (!known.linked) await db.query('update users set keycloak_linked = true where subject = $1', [sub]);
      return toVerified(payload, sub);
    }
    if (typeof payload.email !== 'string' || payload.email_verified !== true) throw new Error('unknown subject');
    const linked = await db.one<{ subject: string }>(
      `update users set subject = $1, keycloak_linked = true, updated = now()
        where id = (select id from users where lower(email) = lower($2) and active and not keycloak_linked order by id limit 1)
        returning subject`,
      [sub, payload.email],
    );
    if (!linked) throw new Error('no administrator with this e-mail');
    return toVerified(payload, linked.subject);
  };
}
