import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'node:http';
import type { TokenVerifier, VerifiedToken } from '../shared/context';
import { findUserBySubject, userClaims } from './accounts';
import type { EmbeddedProvider } from './provider';
import { ROUTES } from './provider';
import { revokeTokenId, tokenRevoked } from './revocations';
import { endSessionByRefreshToken } from './sessions';

export interface ProviderRoutesOptions {
  embedded: EmbeddedProvider;
  /** Verifies the provider's access tokens as the API does (signature, issuer, audience, expiry). */
  verifyAccessToken: TokenVerifier;
  /** The address browsers use; the provider speaks as this origin whatever Host a request carries. */
  publicUrl: string;
}

interface FormBody {
  client_id?: string;
  token?: string;
  token_type_hint?: string;
}

/**
 * Mounts oidc-provider (a Koa app) at `/realms/{realm}/*`: the raw request and response go to
 * `provider.callback()` with the realm prefix moved to `originalUrl`, which is how the library
 * finds its mount path. Bodies are left unread for the provider to parse.
 */
export default async function providerRoutes(app: FastifyInstance, { embedded, publicUrl, verifyAccessToken }: ProviderRoutesOptions): Promise<void> {
  const { provider, realmPath, db } = embedded;
  const callback = provider.callback();
  const { host, protocol } = new URL(publicUrl);

  const handOver = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    reply.hijack();
    const req: IncomingMessage & { originalUrl?: string } = request.raw;
    const url = req.url ?? '/';
    req.originalUrl = url;
    req.url = url.slice(realmPath.length) || '/';
    req.headers['x-forwarded-host'] = host;
    req.headers['x-forwarded-proto'] = protocol.replace(':', '');
    // The provider (Koa, proxy mode) takes the client's address from here: the one Fastify worked
    // out under TRUST_PROXY, never what the client wrote itself.
    req.headers['x-forwarded-for'] = request.ip;
    await callback(req, reply.raw);
  };

  await app.register(async (mount) => {
    mount.removeAllContentTypeParsers();
    mount.addContentTypeParser('*', (_request, _payload, done) => done(null));
    mount.all(`${realmPath}/*`, handOver);
  });

  /** A live access token of this provider (not revoked), or undefined. */
  const liveAccessToken = async (token: string): Promise<VerifiedToken | undefined> => {
    try {
      const verified = await verifyAccessToken(token);
      return (await tokenRevoked(db, verified)) ? undefined : verified;
    } catch {
      return undefined;
    }
  };

  // RFC 7009 revocation for the refresh tokens this provider hands out (JWT wrappers, which
  // oidc-provider's own revocation endpoint refuses as "structured") and for access tokens, which
  // stop opening the API at once; always answers 200.
  await app.register(async (revoke) => {
    revoke.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    revoke.post<{ Body: FormBody }>(`${realmPath}${ROUTES.revocation}`, async (request, reply) => {
      const { client_id: clientId, token } = request.body ?? {};
      if (!clientId || !token) {
        return reply.code(400).send({ error: 'invalid_request', error_description: "missing required parameter 'client_id' or 'token'" });
      }
      if (!(await endSessionByRefreshToken(embedded, token, { clientId }))) {
        const access = await liveAccessToken(token);
        if (access?.jti && access.azp === clientId) await revokeTokenId(db, access.jti);
      }
      return reply.code(200).header('cache-control', 'no-store').send('');
    });

    // Userinfo answers for the access tokens the provider issues (audience: the API), as
    // Keycloak's does; oidc-provider's own would accept only tokens meant for itself.
    const userinfo = async (request: FastifyRequest, reply: FastifyReply) => {
      const header = request.headers.authorization;
      const verified = header?.startsWith('Bearer ') ? await liveAccessToken(header.slice(7)) : undefined;
      const user = verified ? await findUserBySubject(db, verified.sub) : undefined;
      reply.header('cache-control', 'no-store');
      if (!user?.active) {
        return reply
          .code(401)
          .header('www-authenticate', 'Bearer error="invalid_token", error_description="invalid token provided"')
          .send({ error: 'invalid_token', error_description: 'invalid token provided' });
      }
      return reply.send(userClaims(user));
    };
    revoke.get(`${realmPath}${ROUTES.userinfo}`, userinfo);
    revoke.post(`${realmPath}${ROUTES.userinfo}`, userinfo);
  });
}
