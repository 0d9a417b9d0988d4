import { createHash, randomBytes } from 'node:crypto';
import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SignJWT, createLocalJWKSet, decodeJwt, decodeProtectedHeader, exportJWK, generateKeyPair, jwtVerify, type JSONWebKeySet } from 'jose';
import type { LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../server/app';
import { loadIdentityKeys } from '../../server/identity/keys';
import { createTestServer, OTHER_EMAIL, OTHER_PASSWORD, type TestServer } from './harness';

const REALM = '/realms/booking-admin';
const OIDC = `${REALM}/protocol/openid-connect`;
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

interface TokenResponse {
  access_token: string;
  refresh_token: string;
  id_token: string;
  expires_in: number;
  refresh_expires_in: number;
  token_type: string;
}

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

async function token(params: Record<string, string>, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  return server.app.inject({ method: 'POST', url: `${OIDC}/token`, headers: { ...FORM, ...headers }, payload: new URLSearchParams(params).toString() });
}

async function passwordGrant(username = 'demo@example.com', password = 'demo'): Promise<TokenResponse> {
  const res = await token({ grant_type: 'password', client_id: 'api-users', username, password });
  expect(res.statusCode).toBe(200);
  return res.json<TokenResponse>();
}

async function jwks(): Promise<ReturnType<typeof createLocalJWKSet>> {
  const res = await server.app.inject({ method: 'GET', url: `${OIDC}/certs` });
  return createLocalJWKSet(res.json<JSONWebKeySet>());
}

/** Cookies of one browser, by name (paths ignored: the flow only visits the realm). */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  store(res: LightMyRequestResponse): void {
    for (const c of res.cookies) {
      if (c.value === '' || (c.maxAge !== undefined && c.maxAge <= 0)) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  /** The cookies whose names start with `prefix`, as a Cookie header. */
  only(prefix: string): string {
    return [...this.cookies].filter(([k]) => k.startsWith(prefix)).map(([k, v]) => `${k}=${v}`).join('; ');
  }
  /** Takes `name=value; …` (what `only` gives) into the jar. */
  add(header: string): void {
    for (const part of header.split(';')) {
      const eq = part.indexOf('=');
      if (eq > 0) this.cookies.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim());
    }
  }
}

/** A browser walking the authorization code + PKCE flow the way keycloak-js starts it. */
async function browserLogin(options: { email?: string; password?: string; uiLocales?: string; redirectUri?: string; client?: string; cookies?: string } = {}) {
  const from: Record<string, string> = options.client ? { 'x-forwarded-for': options.client } : {};
  const jar = new CookieJar();
  if (options.cookies) jar.add(options.cookies);
  const verifier = randomBytes(48).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const redirectUri = options.redirectUri ?? 'http://localhost:8080/auth';
  const query = new URLSearchParams({
    client_id: 'booking-admin-web',
    redirect_uri: redirectUri,
    state: 'state-1',
    response_mode: 'fragment',
    response_type: 'code',
    scope: 'openid',
    nonce: 'nonce-1',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...(options.uiLocales ? { ui_locales: options.uiLocales } : {}),
  });
  const get = async (url: string) => {
    const res = await server.app.inject({ method: 'GET', url, headers: { ...from, cookie: jar.header() } });
    jar.store(res);
    return res;
  };
  const start = await get(`${OIDC}/auth?${query}`);
  const loginUrl = start.headers.location as string;
  const loginPage = loginUrl ? await get(loginUrl) : undefined;
  const action = loginPage ? /<form method="post" action="([^"]+)"/.exec(loginPage.body)?.[1]?.replace(/&#38;/g, '&') : undefined;
  const submit = async (email: string, password: string) => {
    const res = await server.app.inject({
      method: 'POST',
      url: action!,
      headers: { ...FORM, ...from, cookie: jar.header() },
      payload: new URLSearchParams({ email, password }).toString(),
    });
    jar.store(res);
    return res;
  };
  /** Follows redirects inside the provider until one leaves for the admin. */
  const follow = async (res: LightMyRequestResponse): Promise<string> => {
    let location = res.headers.location as string;
    for (let hops = 0; hops < 10 && location && !location.startsWith(redirectUri); hops++) {
      const next = await get(location.replace('http://localhost:8080', ''));
      location = next.headers.location as string;
    }
    return location;
  };
  const exchange = async (code: string) =>
    token({ grant_type: 'authorization_code', client_id: 'booking-admin-web', code, redirect_uri: redirectUri, code_verifier: verifier });
  return { jar, start, loginPage, submit, follow, exchange, get };
}

describe('discovery and keys', () => {
  it("publishes the realm's OpenID configuration on Keycloak's paths", async () => {
    const res = await server.app.inject({ method: 'GET', url: `${REALM}/.well-known/openid-configuration` });
    expect(res.statusCode).toBe(200);
    const doc = res.json<Record<string, unknown>>();
    const issuer = 'http://localhost:8080/realms/booking-admin';
    expect(doc).toMatchObject({
      issuer,
      authorization_endpoint: `${issuer}/protocol/openid-connect/auth`,
      token_endpoint: `${issuer}/protocol/openid-connect/token`,
      end_session_endpoint: `${issuer}/protocol/openid-connect/logout`,
      jwks_uri: `${issuer}/protocol/openid-connect/certs`,
      userinfo_endpoint: `${issuer}/protocol/openid-connect/userinfo`,
      revocation_endpoint: `${issuer}/protocol/openid-connect/revoke`,
    });
    expect(doc.grant_types_supported).toEqual(expect.arrayContaining(['authorization_code', 'refresh_token', 'password']));
    expect(doc.code_challenge_methods_supported).toEqual(['S256']);
  });

  it('publishes one RS256 public key and no private parts', async () => {
    const res = await server.app.inject({ method: 'GET', url: `${OIDC}/certs` });
    const { keys } = res.json<{ keys: Record<string, string>[] }>();
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(keys[0].d).toBeUndefined();
  });

  it('keeps its signing key across restarts: a token from before still opens the API', async () => {
    const before = await passwordGrant();
    const restarted = await buildApp({ db: server.db, config: server.config });
    await restarted.ready();
    try {
      const res = await restarted.inject({ method: 'GET', url: '/api/users', headers: { authorization: `Bearer ${before.access_token}` } });
      expect(res.statusCode).toBe(200);
      const refreshed = await restarted.inject({
        method: 'POST',
        url: `${OIDC}/token`,
        headers: FORM,
        payload: new URLSearchParams({ grant_type: 'refresh_token', client_id: 'api-users', refresh_token: before.refresh_token }).toString(),
      });
      expect(refreshed.statusCode).toBe(200);
    } finally {
      await restarted.close();
    }
    // A second server on the same database boots every area and starts its queues: more than the default 30 s on a loaded machine.
  }, 120_000);
});

describe('password grant (api-users)', () => {
  it('answers JWT access, refresh and ID tokens with the claims the admin reads', async () => {
    const tokens = await passwordGrant();
    expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: 300, refresh_expires_in: 1800 });
    const keySet = await jwks();
    const issuer = 'http://localhost:8080/realms/booking-admin';

    const { payload: access } = await jwtVerify(tokens.access_token, keySet, { issuer });
    expect(access).toMatchObject({
      typ: 'Bearer',
      azp: 'api-users',
      email: 'demo@example.com',
      name: 'Demo Admin',
      given_name: 'Demo',
      family_name: 'Admin',
      preferred_username: 'demo@example.com',
      realm_access: { roles: ['administrator'] },
    });
    expect(access.sub).toEqual(expect.any(String));
    expect(access.sid).toEqual(expect.any(String));
    expect(access.exp! - access.iat!).toBe(300);

    const { payload: refresh } = await jwtVerify(tokens.refresh_token, keySet, { issuer });
    expect(refresh).toMatchObject({ typ: 'Refresh', azp: 'api-users', sub: access.sub, sid: access.sid });
    expect(refresh.exp! - refresh.iat!).toBe(1800);

    const { payload: id } = await jwtVerify(tokens.id_token, keySet, { issuer, audience: 'api-users' });
    expect(id).toMatchObject({ sub: access.sub, email: 'demo@example.com', sid: access.sid });
  });

  it.each([
    ['a wrong password', 'demo@example.com', 'wrong'],
    ['an unknown account', 'nobody@example.com', 'demo'],
  ])('refuses %s with an OAuth error', async (_label, username, password) => {
    const res = await token({ grant_type: 'password', client_id: 'api-users', username, password });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'invalid_grant', error_description: 'Invalid user credentials' });
  });

  it('refuses the password grant on the web client', async () => {
    const res = await token({ grant_type: 'password', client_id: 'booking-admin-web', username: 'demo@example.com', password: 'demo' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBeTruthy();
  });

  it('refreshes: a new access token, and the used refresh token cannot be replayed', async () => {
    const first = await passwordGrant();
    const res = await token({ grant_type: 'refresh_token', client_id: 'api-users', refresh_token: first.refresh_token });
    expect(res.statusCode).toBe(200);
    const second = res.json<TokenResponse>();
    expect(decodeJwt(second.access_token).jti).not.toBe(decodeJwt(first.access_token).jti);
    expect(decodeJwt(second.refresh_token).typ).toBe('Refresh');
    expect(decodeJwt(second.access_token).sid).toBe(decodeJwt(first.access_token).sid);

    const api = await server.api({ method: 'GET', url: '/api/users', token: second.access_token });
    expect(api.statusCode).toBe(200);

    const replay = await token({ grant_type: 'refresh_token', client_id: 'api-users', refresh_token: first.refresh_token });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error).toBe('invalid_grant');
  });

  it('refuses a refresh token whose signature was tampered with', async () => {
    const { refresh_token: refresh } = await passwordGrant();
    const [header, payload] = refresh.split('.');
    const forged = `${header}.${payload}.${'A'.repeat(342)}`;
    const res = await token({ grant_type: 'refresh_token', client_id: 'api-users', refresh_token: forged });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('invalid_grant');
  });
});

describe('bearer tokens on the API', () => {
  it('opens the API with a valid token', async () => {
    const res = await server.api({ method: 'GET', url: '/api/users' });
    expect(res.statusCode).toBe(200);
    expect(res.json().Email).toBe('demo@example.com');
  });

  async function signed(claims: Record<string, unknown>, options: { issuer?: string; expiresAt?: number; ownKey?: boolean } = {}): Promise<string> {
    const keys = await loadIdentityKeys(server.db);
    const other = await generateKeyPair('RS256');
    const access = decodeJwt((await passwordGrant()).access_token);
    return new SignJWT({ ...access, ...claims })
      .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: keys.publicJwk.kid })
      .setIssuer(options.issuer ?? 'http://localhost:8080/realms/booking-admin')
      .setIssuedAt()
      .setExpirationTime(options.expiresAt ?? Math.floor(Date.now() / 1000) + 300)
      .sign(options.ownKey === false ? other.privateKey : keys.privateKey);
  }

  it.each([
    ['no token', undefined],
    ['garbage', 'not-a-token'],
  ])('answers 401 with a ResponseStatus for %s', async (_label, bearer) => {
    const res = await server.app.inject({
      method: 'GET',
      url: '/api/users',
      headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().ResponseStatus).toMatchObject({ ErrorCode: 'Unauthorized' });
  });

  it('answers 401 for an expired token', async () => {
    const bearer = await signed({}, { expiresAt: Math.floor(Date.now() / 1000) - 60 });
    const res = await server.api({ method: 'GET', url: '/api/users', token: bearer });
    expect(res.statusCode).toBe(401);
    expect(res.json().ResponseStatus.ErrorCode).toBe('Unauthorized');
  });

  it('refuses a token it accepted before once that token has expired (accepted tokens are remembered, their expiry is checked on every use)', async () => {
    const bearer = await signed({}, { expiresAt: Math.floor(Date.now() / 1000) + 60 });
    expect((await server.api({ method: 'GET', url: '/api/users', token: bearer })).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 120_000);
      const res = await server.api({ method: 'GET', url: '/api/users', token: bearer });
      expect(res.statusCode).toBe(401);
      expect(res.json().ResponseStatus.ErrorCode).toBe('Unauthorized');
    } finally {
      vi.useRealTimers();
    }
  });

  it('answers 401 for a token of another issuer', async () => {
    const bearer = await signed({}, { issuer: 'https://evil.example.com/realms/booking-admin' });
    expect((await server.api({ method: 'GET', url: '/api/users', token: bearer })).statusCode).toBe(401);
  });

  it('answers 401 for a token signed with another key', async () => {
    const bearer = await signed({}, { ownKey: false });
    expect((await server.api({ method: 'GET', url: '/api/users', token: bearer })).statusCode).toBe(401);
  });

  it('answers 401 when a refresh or ID token is used as an access token', async () => {
    const tokens = await passwordGrant();
    expect((await server.api({ method: 'GET', url: '/api/users', token: tokens.refresh_token })).statusCode).toBe(401);
    expect((await server.api({ method: 'GET', url: '/api/users', token: tokens.id_token })).statusCode).toBe(401);
  });

  it('sanity: a token signed the same way with valid claims is accepted (so the 401s above are about the flaw)', async () => {
    const bearer = await signed({});
    expect((await server.api({ method: 'GET', url: '/api/users', token: bearer })).statusCode).toBe(200);
  });
});

describe('authorization code + PKCE through the sign-in page', () => {
  it('signs in with the form and exchanges the code for keycloak-js-readable tokens', async () => {
    const browser = await browserLogin();
    expect(browser.start.statusCode).toBe(303);
    expect(browser.start.headers.location).toMatch(/^\/realms\/booking-admin\/login-actions\/[\w-]+$/);
    expect(browser.loginPage!.statusCode).toBe(200);
    expect(browser.loginPage!.headers['content-type']).toContain('text/html');
    expect(browser.loginPage!.body).toContain('lang="sv"');
    expect(browser.loginPage!.body).toContain('Logga in');
    expect(browser.loginPage!.body).toContain('Glömt lösenordet?');

    const submitted = await browser.submit('demo@example.com', 'demo');
    expect(submitted.statusCode).toBe(303);
    const landing = await browser.follow(submitted);
    expect(landing).toMatch(/^http:\/\/localhost:8080\/auth#/);
    const fragment = new URLSearchParams(landing.split('#')[1]);
    expect(fragment.get('state')).toBe('state-1');
    expect(fragment.get('code')).toBeTruthy();

    const exchanged = await browser.exchange(fragment.get('code')!);
    expect(exchanged.statusCode).toBe(200);
    const tokens = exchanged.json<TokenResponse>();
    for (const jwt of [tokens.access_token, tokens.refresh_token, tokens.id_token]) expect(jwt.split('.')).toHaveLength(3);
    const access = decodeJwt(tokens.access_token);
    expect(access).toMatchObject({ typ: 'Bearer', azp: 'booking-admin-web', email: 'demo@example.com', realm_access: { roles: ['administrator'] } });
    expect(access.sid).toEqual(expect.any(String));
    expect(decodeJwt(tokens.id_token)).toMatchObject({ nonce: 'nonce-1', sid: access.sid, aud: 'booking-admin-web', email: 'demo@example.com' });
    expect(decodeJwt(tokens.refresh_token)).toMatchObject({ typ: 'Refresh', azp: 'booking-admin-web', sid: access.sid });
    expect(decodeProtectedHeader(tokens.access_token).alg).toBe('RS256');

    const api = await server.api({ method: 'GET', url: '/api/users', token: tokens.access_token });
    expect(api.statusCode).toBe(200);

    // keycloak-js updateToken(55): refresh on the web client
    const refreshed = await token({ grant_type: 'refresh_token', client_id: 'booking-admin-web', refresh_token: tokens.refresh_token });
    expect(refreshed.statusCode).toBe(200);
    expect(decodeJwt(refreshed.json<TokenResponse>().access_token).sid).toBe(access.sid);
  });

  it('shows "Invalid email or password" in the requested language and stays on the form', async () => {
    const browser = await browserLogin({ uiLocales: 'en' });
    expect(browser.loginPage!.body).toContain('lang="en"');
    const res = await browser.submit('demo@example.com', 'wrong');
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Invalid email or password.');
    expect(res.body).toContain('value="demo@example.com"');
  });

  it('escapes what the visitor typed', async () => {
    const browser = await browserLogin();
    const res = await browser.submit('"><script>alert(1)</script>', 'x');
    expect(res.body).not.toContain('<script>alert(1)</script>');
    expect(res.body).toContain('&#34;&#62;&#60;script&#62;');
  });

  it('refuses a redirect URI that is not registered', async () => {
    const browser = await browserLogin({ redirectUri: 'https://evil.example.com/auth' });
    expect(browser.start.statusCode).toBe(400);
    expect(browser.start.headers.location).toBeUndefined();
  });

  it('refuses a login POST without the interaction cookie (another site cannot submit it)', async () => {
    const browser = await browserLogin();
    const uid = (browser.start.headers.location as string).split('/').pop();
    const res = await server.app.inject({
      method: 'POST',
      url: `${REALM}/login-actions/${uid}/login`,
      headers: FORM,
      payload: 'email=demo%40example.com&password=demo',
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers.location).toBeUndefined();
  });

  it('signs out at the logout endpoint and the refresh token stops working', async () => {
    const browser = await browserLogin();
    const landing = await browser.follow(await browser.submit('demo@example.com', 'demo'));
    const tokens = (await browser.exchange(new URLSearchParams(landing.split('#')[1]).get('code')!)).json<TokenResponse>();

    const logout = await browser.get(
      `${OIDC}/logout?${new URLSearchParams({ client_id: 'booking-admin-web', post_logout_redirect_uri: 'http://localhost:8080/', id_token_hint: tokens.id_token })}`,
    );
    expect(logout.statusCode).toBe(200);
    const form = /<form id="op.logoutForm" method="post" action="([^"]+)"><input type="hidden" name="xsrf" value="([^"]+)"/.exec(logout.body);
    expect(form).not.toBeNull();
    const confirm = await server.app.inject({
      method: 'POST',
      url: form![1].replace('http://localhost:8080', ''),
      headers: { ...FORM, cookie: browser.jar.header() },
      payload: new URLSearchParams({ xsrf: form![2], logout: 'yes' }).toString(),
    });
    expect(confirm.statusCode).toBe(303);
    expect(confirm.headers.location).toBe('http://localhost:8080/');

    const refresh = await token({ grant_type: 'refresh_token', client_id: 'booking-admin-web', refresh_token: tokens.refresh_token });
    expect(refresh.statusCode).toBe(400);
    expect(refresh.json().error).toBe('invalid_grant');
  });
});

describe('brute-force protection (Keycloak: max login failures, wait increment)', () => {
  // Each test guesses from its own client address (failures are counted per address and client).
  let client = '';
  let clients = 0;
  beforeEach(() => {
    client = `198.51.100.${++clients}`;
  });
  const from = () => ({ 'x-forwarded-for': client });
  const failTimes = async (username: string, times: number) => {
    for (let i = 0; i < times; i++) {
      const res = await token({ grant_type: 'password', client_id: 'api-users', username, password: `wrong-${i}` }, from());
      expect(res.statusCode).toBe(400);
    }
  };
  const unlock = (email: string) => server.db.query("update sign_in_failures set locked_until = now() - interval '1 second' where starts_with(key, 'acct:' || $1 || '|')", [email]);

  it('locks an address after ten failures in a row, even for the right password, and tells the visitor when to retry', async () => {
    await failTimes(OTHER_EMAIL, 9);
    expect((await token({ grant_type: 'password', client_id: 'api-users', username: OTHER_EMAIL, password: OTHER_PASSWORD }, from())).statusCode).toBe(200);
    await failTimes(OTHER_EMAIL, 10);
    const refused = await token({ grant_type: 'password', client_id: 'api-users', username: OTHER_EMAIL, password: OTHER_PASSWORD }, from());
    expect(refused.statusCode).toBe(400);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({ error: 'invalid_grant', error_description: expect.stringMatching(/^Too many failed sign-ins; try again in 1 min, or reset the password/) });

    const browser = await browserLogin({ uiLocales: 'sv', client });
    const form = await browser.submit(OTHER_EMAIL.toUpperCase(), OTHER_PASSWORD);
    expect(form.statusCode).toBe(429);
    expect(Number(form.headers['retry-after'])).toBeGreaterThan(0);
    expect(form.body).toContain('För många misslyckade inloggningar. Försök igen om 1 min');

    // Other administrators are not affected, nor is this address on another client (its owner).
    expect((await token({ grant_type: 'password', client_id: 'api-users', username: 'demo@example.com', password: 'demo' }, from())).statusCode).toBe(200);
    expect((await token({ grant_type: 'password', client_id: 'api-users', username: OTHER_EMAIL, password: OTHER_PASSWORD })).statusCode).toBe(200);

    // Once the wait is over the right password works and the count starts again.
    await unlock(OTHER_EMAIL);
    expect((await token({ grant_type: 'password', client_id: 'api-users', username: OTHER_EMAIL, password: OTHER_PASSWORD }, from())).statusCode).toBe(200);
    expect(await server.db.one("select 1 from sign_in_failures where starts_with(key, 'acct:' || $1 || '|')", [OTHER_EMAIL])).toBeUndefined();
  });

  it('the sign-in form makes the browser a known device, which strangers cannot lock out; a locked form says what lifts the lock, in four languages', async () => {
    const owner = await browserLogin({ client });
    const signedIn = await owner.submit(OTHER_EMAIL, OTHER_PASSWORD);
    expect(signedIn.statusCode).toBe(303);
    const set = [signedIn.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith('KC_DEVICE_'));
    expect(set).toMatch(/; Path=\/realms\/booking-admin; Max-Age=31536000; HttpOnly; SameSite=Lax$/);
    const device = owner.jar.only('KC_DEVICE_');
    expect(device).not.toBe('');

    // A stranger on the same network locks the address there.
    await failTimes(OTHER_EMAIL, 10);
    const texts = {
      sv: 'Försök igen om 1 min, eller återställ lösenordet med ”Glömt lösenordet?” så hävs spärren direkt.',
      en: 'Try again in 1 min, or reset your password with “Forgot password?” to lift the lock at once.',
      fi: 'Yritä uudelleen 1 min kuluttua tai palauta salasana (”Unohditko salasanasi?”), jolloin esto poistuu heti.',
      no: 'Prøv igjen om 1 min, eller tilbakestill passordet med «Glemt passordet?» så oppheves sperren med en gang.',
    };
    for (const [lang, text] of Object.entries(texts)) {
      const stranger = await browserLogin({ uiLocales: lang, client });
      const refused = await stranger.submit(OTHER_EMAIL, OTHER_PASSWORD);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.body).toContain(text);
    }

    // The owner's browser, with its device cookie, signs in on the same network and gets its code.
    const again = await browserLogin({ client, cookies: device });
    const res = await again.submit(OTHER_EMAIL, OTHER_PASSWORD);
    expect(res.statusCode).toBe(303);
    expect(new URL(await again.follow(res)).hash).toMatch(/code=/);
    // A device cookie of this address does not open another address's lock.
    await failTimes('third-party@example.com', 10);
    const other = await browserLogin({ client, cookies: device });
    expect((await other.submit('third-party@example.com', 'anything')).statusCode).toBe(429);
  });

  it('waits longer after each further round of failures, at most 15 minutes', async () => {
    const email = 'guesser@example.com';
    const wait = async () => (await server.db.one<{ s: number }>("select extract(epoch from locked_until - now())::int as s from sign_in_failures where starts_with(key, 'acct:' || $1 || '|')", [email]))!.s;
    await failTimes(email, 10);
    expect(await wait()).toBeGreaterThan(50);
    expect(await wait()).toBeLessThanOrEqual(60);
    await unlock(email);
    await failTimes(email, 10);
    expect(await wait()).toBeGreaterThan(110);
    await server.db.query("update sign_in_failures set failures = 290 where starts_with(key, 'acct:' || $1 || '|')", [email]);
    await unlock(email);
    await failTimes(email, 10);
    expect(await wait()).toBeLessThanOrEqual(900);
    expect(await wait()).toBeGreaterThan(890);
  });

  it('treats an address without an account the same way, so a lockout does not reveal which addresses exist', async () => {
    await failTimes('nobody-at-all@example.com', 10);
    const res = await token({ grant_type: 'password', client_id: 'api-users', username: 'nobody-at-all@example.com', password: 'anything' }, from());
    expect(res.json()).toMatchObject({ error: 'invalid_grant', error_description: expect.stringMatching(/^Too many failed sign-ins; try again in 1 min, or reset the password/) });
  });
});

describe('revocation', () => {
  it('revokes a refresh token at the revoke endpoint', async () => {
    const tokens = await passwordGrant(OTHER_EMAIL, OTHER_PASSWORD);
    const res = await server.app.inject({
      method: 'POST',
      url: `${OIDC}/revoke`,
      headers: FORM,
      payload: new URLSearchParams({ client_id: 'api-users', token: tokens.refresh_token, token_type_hint: 'refresh_token' }).toString(),
    });
    expect(res.statusCode).toBe(200);
    const refresh = await token({ grant_type: 'refresh_token', client_id: 'api-users', refresh_token: tokens.refresh_token });
    expect(refresh.statusCode).toBe(400);
  });

  it("does not let another client revoke a client's token", async () => {
    const tokens = await passwordGrant();
    await server.app.inject({
      method: 'POST',
      url: `${OIDC}/revoke`,
      headers: FORM,
      payload: new URLSearchParams({ client_id: 'booking-admin-web', token: tokens.refresh_token }).toString(),
    });
    const refresh = await token({ grant_type: 'refresh_token', client_id: 'api-users', refresh_token: tokens.refresh_token });
    expect(refresh.statusCode).toBe(200);
  });
});

describe('a real Keycloak (KEYCLOAK_URL)', () => {
  it('verifies tokens against the realm JWKS and links an administrator by e-mail on first use', async () => {
    // The embedded provider of one server plays Keycloak for a second server configured with KEYCLOAK_URL.
    const port = await freePort();
    const address = `http://127.0.0.1:${port}`;
    const kc = await createTestServer({ publicUrl: address });
    await kc.app.listen({ host: '127.0.0.1', port });
    const api = await createTestServer({ keycloakUrl: address });
    try {
      const tokenRes = await fetch(`${address}${OIDC}/token`, {
        method: 'POST',
        headers: FORM,
        body: new URLSearchParams({ grant_type: 'password', client_id: 'api-users', username: 'demo@example.com', password: 'demo' }),
      });
      const { access_token: bearer } = (await tokenRes.json()) as TokenResponse;
      const sub = decodeJwt(bearer).sub!;
      await api.db.query("update users set subject = 'local-only' where lower(email) = 'demo@example.com'");

      const res = await api.app.inject({ method: 'GET', url: '/api/users', headers: { authorization: `Bearer ${bearer}` } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ Email: 'demo@example.com', UserId: sub });

      const discovery = await api.app.inject({ method: 'GET', url: `${REALM}/.well-known/openid-configuration` });
      expect(discovery.statusCode).toBe(404);

      const foreign = await signedByStranger(address);
      expect((await api.app.inject({ method: 'GET', url: '/api/users', headers: { authorization: `Bearer ${foreign}` } })).statusCode).toBe(401);
    } finally {
      await api.close();
      await kc.close();
    }
    // Two servers start here (each a copy of the template database, every area, the job queue).
  }, 120_000);
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function signedByStranger(issuerBase: string): Promise<string> {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwk = await exportJWK(publicKey);
  return new SignJWT({ typ: 'Bearer', email: 'demo@example.com', email_verified: true })
    .setProtectedHeader({ alg: 'RS256', kid: jwk.n!.slice(0, 8) })
    .setIssuer(`${issuerBase}${REALM}`)
    .setSubject('stranger')
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(privateKey);
}

describe('admin on another origin (ADMIN_ORIGINS)', () => {
  it('accepts its redirect URI and answers token calls with credentialed CORS', async () => {
    process.env.ADMIN_ORIGINS = 'http://127.0.0.1:5173';
    const dev = await createTestServer();
    delete process.env.ADMIN_ORIGINS;
    try {
      const auth = await dev.app.inject({
        method: 'GET',
        url: `${OIDC}/auth?${new URLSearchParams({
          client_id: 'booking-admin-web',
          redirect_uri: 'http://127.0.0.1:5173/auth',
          response_type: 'code',
          scope: 'openid',
          code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
          code_challenge_method: 'S256',
        })}`,
      });
      expect(auth.statusCode).toBe(303);
      expect(auth.headers.location).toContain('/login-actions/');

      const call = (origin: string) =>
        dev.app.inject({
          method: 'POST',
          url: `${OIDC}/token`,
          headers: { ...FORM, origin },
          payload: new URLSearchParams({ grant_type: 'refresh_token', client_id: 'booking-admin-web', refresh_token: 'unknown' }).toString(),
        });
      const allowed = await call('http://127.0.0.1:5173');
      expect(allowed.headers['access-control-allow-origin']).toBe('http://127.0.0.1:5173');
      expect(allowed.headers['access-control-allow-credentials']).toBe('true');
      const stranger = await call('https://evil.example.com');
      expect(stranger.headers['access-control-allow-origin']).toBeUndefined();
      expect(stranger.headers['access-control-allow-credentials']).toBeUndefined();
    } finally {
      await dev.close();
    }
  });
});
