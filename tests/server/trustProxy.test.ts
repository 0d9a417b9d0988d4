import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { parseTrustProxy } from '../../server/config';
import { FAILURE_FACTOR } from '../../server/identity/bruteForce';
import { FORGOT_REQUESTS_PER_CLIENT } from '../../server/identity/accountActions';
import { createTestServer, OTHER_EMAIL, OTHER_PASSWORD, type TestServer } from './harness';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

/** TRUST_PROXY off (the default): X-Forwarded-For is the client's own claim and is not believed. */
let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ trustProxy: false });
});
afterAll(async () => {
  await server?.close();
});

function grant(username: string, password: string, spoofed: string): Promise<LightMyRequestResponse> {
  return server.app.inject({
    method: 'POST',
    url: '/realms/booking-admin/protocol/openid-connect/token',
    headers: { ...FORM, 'x-forwarded-for': spoofed },
    payload: new URLSearchParams({ grant_type: 'password', client_id: 'api-users', username, password }).toString(),
  });
}

describe('TRUST_PROXY', () => {
  it('reads off, true, a count of hops or a list of proxy addresses', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('off')).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy(' 10.0.0.0/8, 127.0.0.1 ')).toBe('10.0.0.0/8,127.0.0.1');
  });

  it('counts failed sign-ins against the connection, whatever X-Forwarded-For a client invents', async () => {
    for (let i = 0; i < FAILURE_FACTOR; i++) {
      const res = await grant(OTHER_EMAIL, 'wrong-password', `198.51.100.${i + 1}`);
      expect(res.statusCode).toBe(400);
    }
    // A fresh invented address does not lift the lockout: the right password is refused too.
    const locked = await grant(OTHER_EMAIL, OTHER_PASSWORD, '198.51.100.200');
    expect(locked.statusCode).toBe(400);
    expect(locked.json<{ error_description: string }>().error_description).toMatch(/Too many failed sign-ins/);
  });

  it('limits forgot-password per connection, whatever X-Forwarded-For a client invents', async () => {
    const ask = (i: number) =>
      server.app.inject({ method: 'POST', url: '/api/users/forgotpassword', payload: { Email: `x${i}@example.com` }, headers: { 'x-forwarded-for': `203.0.113.${i + 1}` } });
    for (let i = 0; i < FORGOT_REQUESTS_PER_CLIENT; i++) expect((await ask(i)).statusCode).toBe(200);
    expect((await ask(99)).statusCode).toBe(429);
  });
});
