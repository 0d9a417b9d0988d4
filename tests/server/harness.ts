import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type BuildOptions } from '../../server/app';
import { loadConfig, type ServerConfig } from '../../server/config';
import type { Db } from '../../server/db/db';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../server/db/seed';
import { freshDb } from './template';

export const OTHER_EMAIL = 'other@example.com';
export const OTHER_PASSWORD = 'other-password';

export interface TestServer {
  app: FastifyInstance;
  db: Db;
  config: ServerConfig;
  /** An access token from the password grant on the api-users client. */
  login(email?: string, password?: string): Promise<string>;
  /** app.inject with the demo administrator's token and the contract's headers. */
  api(options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/**
 * A booking API on a fresh copy of the seeded template (demo company plus one other company).
 * @example
 * const server = await createTestServer();
 * const res = await server.api({ method: 'GET', url: '/api/customers?Take=5' });
 */
export async function createTestServer(overrides: Partial<ServerConfig> = {}, build: Pick<BuildOptions, 'onRoute'> = {}): Promise<TestServer> {
  const { db, drop } = await freshDb();
  // The tests stand in for many clients behind one trusted proxy (X-Forwarded-For); TRUST_PROXY is off by default.
  const config: ServerConfig = { ...loadConfig({ PUBLIC_URL: 'http://localhost:8080', ADMIN_DIST: '.tmp/no-admin', TRUST_PROXY: 'true' }), ...overrides };
  const app = await buildApp({ db, config, ...build });
  await app.ready();
  const tokens = new Map<string, string>();
  const login = async (email = DEMO_EMAIL, password = DEMO_PASSWORD): Promise<string> => {
    const cached = tokens.get(email);
    if (cached) return cached;
    const res = await app.inject({
      method: 'POST',
      url: `/realms/${config.realm}/protocol/openid-connect/token`,
      payload: new URLSearchParams({ grant_type: 'password', client_id: config.apiClientId, username: email, password }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    if (res.statusCode !== 200) throw new Error(`login failed for ${email}: ${res.statusCode} ${res.body}`);
    const token = (res.json() as { access_token: string }).access_token;
    tokens.set(email, token);
    return token;
  };
  return {
    app,
    db,
    config,
    login,
    async api({ token, headers, ...options }) {
      const bearer = token ?? (await login());
      return app.inject({
        ...options,
        headers: { accept: 'application/json', 'x-language': 'en', authorization: `Bearer ${bearer}`, ...headers },
      });
    },
    async close() {
      await app.close();
      await drop();
    },
  };
}

/**
 * Serves the test server on a free loopback port as well (for callers outside inject: a provider's
 * sandbox calling back, a browser) and makes that its public URL. Answers the base URL.
 * @example const base = await listenOnLoopback(server); // 'http://127.0.0.1:41233'
 */
export async function listenOnLoopback(server: TestServer): Promise<string> {
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(server.app.server.address() as { port: number }).port}`;
  server.config.publicUrl = base;
  return base;
}
