/**
 * The server's log at its default level holds what needs a look, not every request (issue 30: the
 * server logged two lines per request at info): one line per request at debug, a 5xx at error.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { freshDb } from './template';

describe('the request log', () => {
  let app: FastifyInstance | undefined;
  let drop: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await app?.close();
    await drop?.();
  });

  async function logAt(level: string) {
    const fresh = await freshDb();
    drop = fresh.drop;
    const lines: { level: number; msg: string; statusCode?: number; url?: string }[] = [];
    const config = loadConfig({ PUBLIC_URL: 'http://localhost:8080', ADMIN_DIST: '.tmp/no-admin', LOG_LEVEL: level });
    app = await buildApp({ db: fresh.db, config, logger: true, logStream: { write: (line) => void lines.push(JSON.parse(line)) } });
    app.get('/test-failure', async () => {
      throw new Error('a bug');
    });
    await app.ready();
    return { app, lines, requests: () => lines.filter((l) => l.msg === 'request' || l.msg === 'request failed' || l.msg === 'slow request') };
  }

  it('at info, a successful request writes nothing and a failed one writes one error line', async () => {
    const { app, requests } = await logAt('info');
    expect((await app.inject({ method: 'GET', url: '/realms/booking-admin/.well-known/openid-configuration' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/customers' })).statusCode).toBe(401);
    expect(requests()).toEqual([]);
    expect((await app.inject({ method: 'GET', url: '/test-failure' })).statusCode).toBe(500);
    expect(requests()).toEqual([expect.objectContaining({ level: 50, msg: 'request failed', statusCode: 500, url: '/test-failure' })]);
  });

  it('at debug, every request is one line with its status', async () => {
    const { app, requests } = await logAt('debug');
    await app.inject({ method: 'GET', url: '/realms/booking-admin/.well-known/openid-configuration' });
    await app.inject({ method: 'GET', url: '/api/customers' });
    expect(requests().map((l) => [l.msg, l.statusCode])).toEqual([
      ['request', 200],
      ['request', 401],
    ]);
  });
});
