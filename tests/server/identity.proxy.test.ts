import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../server/db/seed';
import { clientNetwork } from '../../server/identity/bruteForce';
import { deviceCookies } from '../../server/identity/devices';
import { createTestServer, OTHER_EMAIL, OTHER_PASSWORD, type TestServer } from './harness';

/**
 * Sign-in throttling through a real reverse proxy on loopback: the server listens on a real port, a
 * tiny node:http proxy in front of it appends the connection's address to X-Forwarded-For, and each
 * client connects from its own loopback address (127.0.0.0/8), so the proxy names them apart.
 */
const ATTACKER = '127.0.0.66';
const ADMIN = '127.0.0.2';
const OTHER_ADMIN = '127.0.0.3';
const TOKEN_PATH = '/realms/booking-admin/protocol/openid-connect/token';

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A POST from `localAddress` to the proxy, with the body form-encoded. */
function post(port: number, path: string, form: Record<string, string>, localAddress: string, headers: Record<string, string> = {}): Promise<Answer> {
  const body = new URLSearchParams(form).toString();
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path, method: 'POST', localAddress, headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(Buffer.byteLength(body)), ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** A reverse proxy to `target` that appends the client's address to X-Forwarded-For, as nginx's $proxy_add_x_forwarded_for does. */
async function startProxy(target: number): Promise<{ port: number; close: () => Promise<void> }> {
  const proxy: Server = createServer((req, res) => {
    const forwarded = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
    const upstream = request({ host: '127.0.0.1', port: target, method: req.method, path: req.url, headers: { ...req.headers, 'x-forwarded-for': forwarded } }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return {
    port: (proxy.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => proxy.close(() => resolve())),
  };
}

/** The device cookie a successful sign-in set, as a Cookie header. */
function deviceCookie(answer: Answer): string {
  const cookie = [answer.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith('KC_DEVICE_'));
  expect(cookie, 'a device cookie').toBeDefined();
  expect(cookie).toMatch(/; HttpOnly/);
  expect(cookie).toMatch(/; SameSite=Lax/);
  expect(cookie).toMatch(/; Max-Age=\d{7,}/);
  return cookie!.split(';')[0];
}

describe.each([
  { mode: 'TRUST_PROXY off', trustProxy: false as const },
  { mode: 'TRUST_PROXY=127.0.0.1 (the proxy)', trustProxy: '127.0.0.1' },
])('through a reverse proxy, $mode', ({ trustProxy }) => {
  const trusted = trustProxy !== false;
  let server: TestServer;
  let proxy: { port: number; close: () => Promise<void> };
  const warnings: unknown[][] = [];

  beforeAll(async () => {
    server = await createTestServer({ trustProxy });
    // What the server warns, kept (the tests run without a logger).
    server.app.log.warn = (...args: unknown[]) => void warnings.push(args);
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    proxy = await startProxy((server.app.server.address() as AddressInfo).port);
  });
  afterAll(async () => {
    await proxy?.close();
    await server?.close();
  });

  const grant = (username: string, password: string, from: string, headers: Record<string, string> = {}) =>
    post(proxy.port, TOKEN_PATH, { grant_type: 'password', client_id: 'api-users', username, password }, from, headers);
  const description = (answer: Answer) => (JSON.parse(answer.body) as { error_description?: string }).error_description ?? '';

  let adminDevice = '';
  let otherDevice = '';

  it('100 wrong sign-ins from one anonymous client leave a known administrator able to sign in from a device that signed in before, and other companies\' administrators untouched', async () => {
    // The administrators have signed in before from their own devices.
    const first = await grant(DEMO_EMAIL, DEMO_PASSWORD, ADMIN);
    expect(first.status).toBe(200);
    adminDevice = deviceCookie(first);
    const other = await grant(OTHER_EMAIL, OTHER_PASSWORD, OTHER_ADMIN);
    expect(other.status).toBe(200);
    otherDevice = deviceCookie(other);

    // The attacker knows the administrator's address and invents X-Forwarded-For addresses too.
    for (let i = 0; i < 100; i++) {
      const answer = await grant(DEMO_EMAIL, `guess-${i}`, ATTACKER, { 'x-forwarded-for': `198.51.100.${i + 1}` });
      expect(answer.status).toBe(400);
      if (i >= 10) {
        expect(description(answer)).toMatch(/^Too many failed sign-ins; try again in \d+ min, or reset the password/);
        expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
      }
    }
    // The attacker's own network is locked, even with the right password.
    expect((await grant(DEMO_EMAIL, DEMO_PASSWORD, ATTACKER)).status).toBe(400);

    // The administrator's device that signed in before is not locked.
    const fromDevice = await grant(DEMO_EMAIL, DEMO_PASSWORD, ADMIN, { cookie: adminDevice });
    expect(fromDevice.status).toBe(200);
    // Without its cookie the administrator shares the lock only when the server cannot tell them apart (no TRUST_PROXY).
    const withoutDevice = await grant(DEMO_EMAIL, DEMO_PASSWORD, ADMIN);
    if (trusted) {
      expect(withoutDevice.status).toBe(200);
    } else {
      expect(withoutDevice.status).toBe(400);
      expect(Number(withoutDevice.headers['retry-after'])).toBeGreaterThan(0);
    }

    // Another company's administrator is untouched, with or without a device cookie.
    expect((await grant(OTHER_EMAIL, OTHER_PASSWORD, OTHER_ADMIN)).status).toBe(200);
    expect((await grant(OTHER_EMAIL, OTHER_PASSWORD, OTHER_ADMIN, { cookie: otherDevice })).status).toBe(200);
  });

  it('100 wrong sign-ins on invented addresses (spraying) lock the sprayer\'s network, never a known device', async () => {
    for (let i = 0; i < 100; i++) {
      const answer = await grant(`made-up-${i}@example.com`, 'guess', ATTACKER);
      expect(answer.status).toBe(400);
    }
    const sprayer = await grant(OTHER_EMAIL, OTHER_PASSWORD, ATTACKER);
    expect(sprayer.status).toBe(400);
    expect(description(sprayer)).toMatch(/^Too many failed sign-ins from this network; try again in \d+ min/);
    expect(Number(sprayer.headers['retry-after'])).toBeGreaterThan(0);

    // Known devices sign in, whatever the server can tell of addresses.
    expect((await grant(OTHER_EMAIL, OTHER_PASSWORD, OTHER_ADMIN, { cookie: otherDevice })).status).toBe(200);
    expect((await grant(DEMO_EMAIL, DEMO_PASSWORD, ADMIN, { cookie: adminDevice })).status).toBe(200);
    // A new device of another administrator: untouched when TRUST_PROXY names the proxy; behind an
    // unnamed proxy every client is the proxy's address, which the sprayer has locked.
    expect((await grant(OTHER_EMAIL, OTHER_PASSWORD, OTHER_ADMIN)).status).toBe(trusted ? 200 : 400);
  });

  it('a forged or another address\'s device cookie exempts nothing', async () => {
    const [name, value] = adminDevice.split('=');
    const forged = `${name}=${value.slice(0, -2)}${value.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await grant(DEMO_EMAIL, DEMO_PASSWORD, ATTACKER, { cookie: forged })).status).toBe(400);
    expect((await grant(DEMO_EMAIL, DEMO_PASSWORD, ATTACKER, { cookie: otherDevice })).status).toBe(400);
  });

  it(trusted ? 'does not warn: X-Forwarded-For comes from the proxy TRUST_PROXY names' : 'warns once in the log that X-Forwarded-For comes from a peer TRUST_PROXY does not name', () => {
    const forwarded = warnings.filter((call) => String(call[1]).includes('X-Forwarded-For arrives from a peer TRUST_PROXY does not name'));
    expect(forwarded).toHaveLength(trusted ? 0 : 1);
  });
});

describe('clientNetwork', () => {
  it('counts an IPv6 client by its /64 and an IPv4 client by its address', () => {
    expect(clientNetwork('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(clientNetwork('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(clientNetwork('2001:0db8:0001:0002:ffff::9')).toBe('2001:db8:1:2::/64');
    expect(clientNetwork('2001:db8::')).toBe('2001:db8:0:0::/64');
    expect(clientNetwork('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientNetwork('::1')).toBe('0:0:0:0::/64');
    expect(clientNetwork('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(clientNetwork('203.0.113.9')).toBe('203.0.113.9');
    expect(clientNetwork('2001:db8:1:3::1')).not.toBe(clientNetwork('2001:db8:1:2::1'));
  });
});

describe('deviceCookies', () => {
  const https = deviceCookies('server-key', { secure: true, path: '/realms/booking-admin' });
  const http = deviceCookies('server-key', { secure: false, path: '/realms/booking-admin' });

  it('is Secure on https, HttpOnly, SameSite=Lax and long-lived, and names its address', () => {
    const set = https.issue('Ada@Example.com', 'device-1');
    expect(set).toMatch(/; Path=\/realms\/booking-admin; Max-Age=31536000; HttpOnly; SameSite=Lax; Secure$/);
    expect(http.issue('ada@example.com')).not.toMatch(/Secure/);
    const cookie = set.split(';')[0];
    expect(https.read(cookie, 'ada@example.com')).toBe('device-1');
    expect(https.read(`other=1; ${cookie}`, ' ADA@example.com ')).toBe('device-1');
  });

  it('answers nothing for another address, another key, a tampered value or an expired cookie', () => {
    const cookie = https.issue('ada@example.com', 'device-1').split(';')[0];
    expect(https.read(cookie, 'eve@example.com')).toBeUndefined();
    expect(deviceCookies('another-key', { secure: true, path: '/' }).read(cookie, 'ada@example.com')).toBeUndefined();
    const [name, value] = cookie.split('=');
    const [payload, mac] = value.split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ e: 'ada@example.com', d: 'device-2', x: 4102444800 })).toString('base64url');
    expect(https.read(`${name}=${forgedPayload}.${mac}`, 'ada@example.com')).toBeUndefined();
    expect(https.read(`${name}=${payload}.${mac.slice(1)}`, 'ada@example.com')).toBeUndefined();
    expect(https.read(`${name}=${payload}`, 'ada@example.com')).toBeUndefined();
    const now = Date.now;
    try {
      Date.now = () => now() + 366 * 24 * 3600 * 1000;
      expect(https.read(cookie, 'ada@example.com')).toBeUndefined();
    } finally {
      Date.now = now;
    }
  });
});
