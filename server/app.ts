import sandboxes from './sandboxes/index';
import Fastify, { LogController, type FastifyInstance, type RouteOptions } from 'fastify';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { Db } from './db/db';
import { DataVersions } from './db/versions';
import type { ServerConfig } from './config';
import { errorHandler, notFoundHandler } from './shared/errors';
import contextPlugin from './shared/context';
import permissionsPlugin from './shared/permissions';
import identityPlugin from './identity/index';
import integrationsPlugin from './integrations/index';
import areasPlugin, { areaPorts } from './areas/index';
import { addContractSchemas } from './shared/schemas';
import serviceStackConventions from './serviceStack/index';
import { addSecurityHeaders } from './securityHeaders';
import { registerInputGuards, validationOptions } from './validation';
import { warnUntrustedForwardedFor } from './forwardedFor';

export interface BuildOptions {
  db: Db;
  config: ServerConfig;
  /** Pino logging; off in tests. */
  logger?: boolean;
  /** Where the log goes instead of stdout (tests read it). */
  logStream?: { write(line: string): void };
  /** Sees every route as it is registered (the fuzz test walks them all). */
  onRoute?: (route: RouteOptions) => void;
}

/** Trusts the nearest `hops` proxies (TRUST_PROXY=2: the two in front of the server). */
function hopsOf(hops: number): (address: string, hop: number) => boolean {
  return (_address, hop) => hop < hops;
}

/**
 * Builds the whole booking API: identity provider, /api areas and the admin's static files.
 * @example
 * const app = await buildApp({ db, config: loadConfig() });
 * await app.listen({ port: 8080 });
 */
export async function buildApp({ db, config, logger = false, logStream, onRoute }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ? { level: config.logLevel, ...(logStream ? { stream: logStream } : {}) } : false,
    // Fastify logs two lines per request at info; ours logs one per request at debug, and a slow or failed one above it (logRequests).
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 2 * 1024 * 1024,
    // Only a configured proxy may name the client (request.ip feeds sign-in throttling).
    trustProxy: typeof config.trustProxy === 'number' ? hopsOf(config.trustProxy) : config.trustProxy,
    ...validationOptions,
  });
  if (onRoute) app.addHook('onRoute', onRoute);
  logRequests(app);
  app.decorate('db', db);
  app.decorate('config', config);
  app.decorate('versions', await DataVersions.open(db));
  app.setErrorHandler(errorHandler);
  warnUntrustedForwardedFor(app);
  addSecurityHeaders(app, config.keycloakUrl);
  registerInputGuards(app);
  addContractSchemas(app);

  await app.register(serviceStackConventions);
  await app.register(permissionsPlugin);
  await app.register(integrationsPlugin);
  await app.register(identityPlugin);
  await app.register(contextPlugin);
  await app.register(areaPorts);
  await app.register(areasPlugin, { prefix: '/api' });
  await app.register(sandboxes);

  app.get('/config.json', { config: { public: true } }, async () => ({
    apiUrl: `${config.publicUrl}/api`,
    apiKey: config.apiKey,
    keycloak: {
      url: config.keycloakUrl ?? config.publicUrl,
      realm: config.realm,
      clientId: config.adminClientId,
    },
  }));
  app.get('/healthz', async () => ({ ok: true }));

  const indexHtml = join(config.adminDist, 'index.html');
  if (existsSync(indexHtml)) {
    await app.register(fastifyStatic, { root: config.adminDist, wildcard: false, index: false });
    app.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0];
      const isApi = path.startsWith('/api/') || path.startsWith('/realms/');
      if (request.method === 'GET' && !isApi && !/\.[a-z0-9]+$/i.test(path)) {
        return reply.type('text/html').sendFile('index.html');
      }
      return notFoundHandler(request, reply);
    });
  } else {
    app.setNotFoundHandler(notFoundHandler);
  }
  return app;
}

/** A request slower than this is logged at warn, whatever LOG_LEVEL says of the others. */
const SLOW_REQUEST_MS = 1000;

/**
 * One log line per request: at debug normally (LOG_LEVEL=debug shows every request), at warn when it
 * took longer than a second, at error when it answered 5xx. At the default level (info) the log then
 * holds what needs a look, not every request.
 */
function logRequests(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    const took = reply.elapsedTime;
    // The live feed's event stream lasts as long as the screen: its length is not slowness.
    const stream = String(reply.getHeader('content-type') ?? '').startsWith('text/event-stream');
    const line = { method: request.method, url: request.url, statusCode: reply.statusCode, ms: Math.round(took) };
    if (reply.statusCode >= 500) request.log.error(line, 'request failed');
    else if (took > SLOW_REQUEST_MS && !stream) request.log.warn(line, 'slow request');
    else request.log.debug(line, 'request');
  });
}
