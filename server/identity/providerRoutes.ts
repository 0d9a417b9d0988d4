import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'node:http';
import type { EmbeddedProvider } from './provider';
import { ROUTES } from './provider';
import { endSessionByRefreshToken } from './sessions';

export interface ProviderRoutesOptions {
  embedded: EmbeddedProvider;
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
export default async function providerRoutes(app: FastifyInstance, { embedded, publicUrl }: ProviderRoutesOptions): Promise<void> {
  const { provider, realmPath } = embedded;
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
    await callback(req, reply.raw);
  };

  await app.register(async (mount) => {
    mount.removeAllContentTypeParsers();
    mount.addContentTypeParser('*', (_request, _payload, done) => done(null));
    mount.all(`${realmPath}/*`, handOver);
  });

  // RFC 7009 revocation for the refresh tokens this provider hands out (JWT wrappers, which
  // oidc-provider's own revocation endpoint refuses as "structured"); always answers 200.
  await app.register(async (revoke) => {
    revoke.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    revoke.post<{ Body: FormBody }>(`${realmPath}${ROUTES.revocation}`, async (request, reply) => {
      const { client_id: clientId, token } = request.body ?? {};
      if (!clientId || !token) {
        return reply.code(400).send({ error: 'invalid_request', error_description: "missing required parameter 'client_id' or 'token'" });
      }
      await endSessionByRefreshToken(embedded, token, { clientId });
      return reply.code(200).header('cache-control', 'no-store').send('');
    });
  });
}
