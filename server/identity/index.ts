import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { extendMessages } from '../shared/messages';
import type { ServerConfig } from '../config';
import { accountLinks, workPasswordResets, type AccountServices } from './accountActions';
import accountPages from './accountPages';
import { purgeExpiredPayloads } from './adapter';
import { loadIdentityKeys } from './keys';
import { identityMessages } from './messages';
import { createEmbeddedProvider } from './provider';
import providerRoutes from './providerRoutes';
import { purgeRateLimits } from './rateLimit';
import { purgeRevocations } from './revocations';
import usersRoutes from './usersRoutes';
import { embeddedTokenVerifier, keycloakTokenVerifier } from './verify';

const PURGE_JOB = 'identity_purge';
const PURGE_CRON = '7 * * * *';

/** Base URLs the admin runs on: the server's own plus ADMIN_ORIGINS (comma list, e.g. the vite dev server). */
export function adminOrigins(publicUrl: string, env: NodeJS.ProcessEnv = process.env): string[] {
  const extra = (env.ADMIN_ORIGINS ?? '')
    .split(',')
    .map((origin) => origin.trim().replace(/\/$/, ''))
    .filter(Boolean);
  return [...new Set([publicUrl.replace(/\/$/, ''), ...extra])];
}

/**
 * Identity for the booking API. With KEYCLOAK_URL unset it mounts the embedded OpenID provider on
 * Keycloak's layout at /realms/{realm}; otherwise it trusts that Keycloak realm. Either way it
 * decorates `verifyToken` and serves the /api/users calls; its mails go through the outbox (integrations plugin).
 */
async function identity(app: FastifyInstance): Promise<void> {
  const { db, config } = app;
  extendMessages(identityMessages);

  const realmPath = `/realms/${config.realm}`;
  const links = accountLinks(`${config.publicUrl}${realmPath}`);
  const services: AccountServices = {
    db,
    jobs: app.jobs,
    outbox: app.outbox,
    links: config.keycloakUrl ? { ...links, resetPassword: () => keycloakResetUrl(config) } : links,
  };
  workPasswordResets(services);
  const adminUrl = `${config.publicUrl}/`;

  // Expired sessions, revocations and rate-limit windows go each hour (a pg-boss schedule).
  app.jobs.every(PURGE_JOB, PURGE_CRON, async () => {
    await Promise.all([purgeExpiredPayloads(db), purgeRevocations(db), purgeRateLimits(db)]);
  });

  if (config.keycloakUrl) {
    app.decorate('verifyToken', keycloakTokenVerifier(db, config.keycloakUrl, config.realm));
    await app.register(accountPages, { realmPath, adminUrl, services });
    await app.register(usersRoutes, { prefix: '/api', config, services });
    return;
  }

  const keys = await loadIdentityKeys(db);
  const embedded = createEmbeddedProvider({ db, config, keys, adminOrigins: adminOrigins(config.publicUrl) });
  embedded.provider.on('server_error', (_ctx: unknown, err: Error) => app.log.error({ err }, 'identity provider error'));
  const verifyAccessToken = embeddedTokenVerifier(embedded.issuer, keys);
  app.decorate('verifyToken', verifyAccessToken);

  await app.register(providerRoutes, { embedded, publicUrl: config.publicUrl, verifyAccessToken });
  await app.register(accountPages, { realmPath, adminUrl, services, embedded });
  await app.register(usersRoutes, { prefix: '/api', config, services, embedded });
}

/** Keycloak's own 'forgot password' page for the realm. */
function keycloakResetUrl(config: ServerConfig): string {
  return `${config.keycloakUrl!.replace(/\/$/, '')}/realms/${config.realm}/login-actions/reset-credentials?client_id=${encodeURIComponent(config.adminClientId)}`;
}

export default fp(identity, { name: 'identity', dependencies: ['integrations'] });
