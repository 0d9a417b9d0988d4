import type { FastifyInstance } from 'fastify';

/**
 * Warns once, in the log, when a request carries X-Forwarded-For from a peer TRUST_PROXY does not
 * name: the header is then ignored and the peer's own address is the client's (sign-in,
 * forgot-password and sign-up throttling count per client), so behind a proxy every client would
 * be counted as the proxy. Fastify's `request.ips` lists the connection and the forwarded
 * addresses it believed: one entry (or none, TRUST_PROXY off) means it believed none.
 * @example warnUntrustedForwardedFor(app); // in buildApp, before the routes
 */
export function warnUntrustedForwardedFor(app: FastifyInstance): void {
  let warned = false;
  app.addHook('onRequest', async (request) => {
    if (warned || request.headers['x-forwarded-for'] === undefined) return;
    if ((request.ips?.length ?? 0) >= 2) return;
    warned = true;
    app.log.warn(
      { peer: request.socket?.remoteAddress, trustProxy: app.config.trustProxy },
      'X-Forwarded-For arrives from a peer TRUST_PROXY does not name, so it is ignored and every client behind that peer counts as the peer in sign-in throttling; behind a reverse proxy set TRUST_PROXY to its address (README, Configuration; docs/identity.md)',
    );
  });
}
