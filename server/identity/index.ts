import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { extendMessages } from '../messages';
import { createMailer } from '../integrations/mail/index';
import { accountLinks, type AccountServices } from './accountActions';
import accountPages from './accountPages';
import { purgeExpiredPayloads } from './adapter';
import { loadIdentityKeys } from './keys';
import { identityMessages } from './messages';
import { createEmbeddedProvider } from './provider';
import providerRoutes from './providerRoutes';
import usersRoutes from './usersRoutes';
import { embeddedTokenVerifier, keycloakTokenVerifier } from './verify';

const PURGE_EVERY_MS = 60 * 60 * 1000;

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
 * decorates `verifyToken` and `mailer` and serves the /api/users calls.
 */
async function identity(app: FastifyInstance): Promise<void> {
  const { db, config } = app;
  extendMessages(identityMessages);
  const mailer = createMailer(db);
  app.decorate('mailer', mailer);
  const realmPath = `/realms/${config.realm}`;
  const services: AccountServices = { db, mailer, links: accountLinks(`${config.publicUrl}${realmPath}`) };
  const adminUrl = `${config.publicUrl}/`;

  if (config.keycloakUrl) {
    app.decorate('verifyToken', keycloakTokenVerifier(db, config.keycloakUrl, config.realm));
    await app.register(accountPages, { realmPath, adminUrl, services });
    await app.register(usersRoutes, { prefix: '/api', config, services });
    return;
  }

  const keys = await loadIdentityKeys(db);
  const embedded = createEmbeddedProvider({ db, config, keys, adminOrigins: adminOrigins(config.publicUrl) });
  embedded.provider.on('server_error', (_ctx: unknown, err: Error) => app.log.error({ err }, 'identity provider error'));
  app.decorate('verifyToken', embeddedTokenVerifier(embedded.issuer, keys));

  await app.register(providerRoutes, { embedded, publicUrl: config.publicUrl });
  await app.register(accountPages, { realmPath, adminUrl, services, embedded });
  await app.register(usersRoutes, { prefix: '/api', config, services, embedded });

  const purge = setInterval(() => {
    purgeExpiredPayloads(db).catch((err: unknown) => app.log.warn({ err }, 'purging expired identity data failed'));
  }, PURGE_EVERY_MS);
  purge.unref();
  app.addHook('onClose', async () => clearInterval(purge));
}

export default fp(identity, { name: 'identity' });
