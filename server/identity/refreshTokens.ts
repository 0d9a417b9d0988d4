import { SignJWT, jwtVerify } from 'jose';
import type { IdentityKeys } from './keys';

export interface RefreshTokenClaims {
  /** The provider's stored (opaque) refresh token id. */
  jti: string;
  sub: string;
  azp: string;
  sid?: string;
  scope?: string;
  exp: number;
}

/**
 * Refresh tokens as clients see them. oidc-provider's refresh tokens are opaque ids, but
 * keycloak-js decodes the refresh token as a JWT; so the token endpoint hands out a signed JWT
 * (Keycloak's `typ: "Refresh"` shape) whose `jti` is the opaque id, and every place a refresh token
 * comes back in (refresh grant, revoke, /api/users/logout) unwraps it after checking the signature.
 * @example
 * const wrapper = refreshTokenWrapper(issuer, keys);
 * const jwt = await wrapper.wrap({ jti: opaque, sub, azp: 'booking-admin-web', exp });
 * await wrapper.unwrap(jwt); // opaque
 */
export function refreshTokenWrapper(issuer: string, keys: IdentityKeys) {
  return {
    async wrap(claims: RefreshTokenClaims): Promise<string> {
      return new SignJWT({ typ: 'Refresh', azp: claims.azp, sid: claims.sid, scope: claims.scope })
        .setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid: keys.publicJwk.kid })
        .setIssuer(issuer)
        .setAudience(issuer)
        .setSubject(claims.sub)
        .setJti(claims.jti)
        .setIssuedAt()
        .setExpirationTime(claims.exp)
        .sign(keys.privateKey);
    },

    /** The opaque id inside a valid wrapper; a bare opaque id passes through; otherwise undefined. */
    async unwrap(value: string): Promise<string | undefined> {
      if (!value.includes('.')) return value;
      try {
        const { payload } = await jwtVerify(value, keys.publicKey, { issuer, audience: issuer, algorithms: ['RS256'] });
        return payload.typ === 'Refresh' && typeof payload.jti === 'string' ? payload.jti : undefined;
      } catch {
        return undefined;
      }
    },
  };
}

export type RefreshTokenWrapper = ReturnType<typeof refreshTokenWrapper>;
