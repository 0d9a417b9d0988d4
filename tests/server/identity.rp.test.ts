import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as oidc from 'openid-client';
import { exportJWK, generateKeyPair, SignJWT, decodeJwt } from 'jose';
import { randomUUID } from 'node:crypto';
import { createTestServer, type TestServer } from './harness';

// The embedded provider driven by openid-client (panva's relying-party library) as a
// standards-following client would: discovery, code + PKCE, ID token validation, userinfo,
// refresh, revocation and RP-initiated logout with id_token_hint (issue 21 items 3, 4, 5).

let server: TestServer;
let base: string;
let issuer: string;

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = await createTestServer({ publicUrl: base });
  await server.app.listen({ host: '127.0.0.1', port });
  issuer = `${base}/realms/booking-admin`;
});
afterAll(async () => {
  await server?.close();
});

/** A browser: cookies by name, redirects followed by hand so the test sees each hop. */
class Browser {
  private readonly cookies = new Map<string, string>();
  async go(url: string, init: RequestInit = {}): Promise<Response> {
    const res = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers as Record<string, string>), cookie: this.header() } });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...value] = pair!.split('=');
      const v = value.join('=');
      if (!v || /max-age=0|expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), v);
    }
    return res;
  }
  /** Follows redirects until one leaves the provider; answers that address (or the last page). */
  async follow(res: Response): Promise<{ location?: string; page?: Response }> {
    for (let hops = 0; hops < 10; hops++) {
      const location = res.headers.get('location');
      if (!location) return { page: res };
      const next = new URL(location, base).toString();
      if (!next.startsWith(issuer)) return { location: next };
      res = await this.go(next);
    }
    throw new Error('too many redirects');
  }
  private header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

async function relyingParty(): Promise<oidc.Configuration> {
  return oidc.discovery(new URL(issuer), 'booking-admin-web', undefined, oidc.None(), { execute: [oidc.allowInsecureRequests] });
}

/** Signs in through the provider's own form and answers the callback URL with the code. */
async function signInWithCode(
  config: oidc.Configuration,
  browser: Browser,
  pkce: { challenge: string },
  state: string,
  nonce: string,
  account = { email: 'demo@example.com', password: 'demo' },
): Promise<URL> {
  const url = authorizationUrl(config, pkce, state, nonce);
  const { page } = await browser.follow(await browser.go(url.toString()));
  const html = await page!.text();
  const action = /<form method="post" action="([^"]+)"/.exec(html)![1]!.replace(/&#38;/g, '&');
  const posted = await browser.go(new URL(action, base).toString(), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(account),
  });
  const { location } = await browser.follow(posted);
  expect(location).toContain(`${base}/auth?`);
  return new URL(location!);
}

function authorizationUrl(config: oidc.Configuration, pkce: { challenge: string }, state: string, nonce: string): URL {
  return oidc.buildAuthorizationUrl(config, {
    redirect_uri: `${base}/auth`,
    scope: 'openid email profile',
    code_challenge: pkce.challenge,
    code_challenge_method: 'S256',
    state,
    nonce,
  });
}

describe('a standards-following relying party (openid-client)', () => {
  it('discovers, signs in with code + PKCE, validates the ID token, reads userinfo, refreshes, revokes and signs out with id_token_hint', async () => {
    const config = await relyingParty();
    expect(config.serverMetadata().issuer).toBe(issuer);

    const browser = new Browser();
    const verifier = oidc.randomPKCECodeVerifier();
    const challenge = await oidc.calculatePKCECodeChallenge(verifier);
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const callback = await signInWithCode(config, browser, { challenge }, state, nonce);

    const tokens = await oidc.authorizationCodeGrant(config, callback, { pkceCodeVerifier: verifier, expectedState: state, expectedNonce: nonce });
    const claims = tokens.claims()!;
    expect(claims).toMatchObject({ iss: issuer, aud: 'booking-admin-web', email: 'demo@example.com' });

    const userinfo = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
    expect(userinfo).toMatchObject({ sub: claims.sub, email: 'demo@example.com', preferred_username: 'demo@example.com' });

    const refreshed = await oidc.refreshTokenGrant(config, tokens.refresh_token!);
    const api = (bearer: string) => fetch(`${base}/api/users`, { headers: { authorization: `Bearer ${bearer}` } });
    expect((await api(refreshed.access_token)).status).toBe(200);

    // Revoking the access token ends it for the API and for userinfo at once.
    await oidc.tokenRevocation(config, refreshed.access_token);
    expect((await api(refreshed.access_token)).status).toBe(401);
    await expect(oidc.fetchUserInfo(config, refreshed.access_token, claims.sub)).rejects.toThrow();

    // RP-initiated logout with the client's own id_token_hint signs out without asking.
    const endSession = oidc.buildEndSessionUrl(config, { id_token_hint: tokens.id_token!, post_logout_redirect_uri: `${base}/` });
    const logoutPage = await browser.go(endSession.toString());
    expect(logoutPage.status).toBe(200);
    const html = await logoutPage.text();
    expect(html).toContain('.click()');
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)![1]!;
    const action = /<form id="op.logoutForm" method="post" action="([^"]+)"/.exec(html)![1]!;
    const done = await browser.go(new URL(action, base).toString(), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ xsrf, logout: 'yes' }),
    });
    expect(done.headers.get('location')).toBe(`${base}/`);
    // The session's access token ends with it, not 300 s later.
    expect((await api(tokens.access_token)).status).toBe(401);
    await expect(oidc.refreshTokenGrant(config, refreshed.refresh_token!)).rejects.toThrow();
    const latest = await oidc.refreshTokenGrant(config, tokens.refresh_token!).catch(() => undefined);
    expect(latest).toBeUndefined();
  });

  it('asks before signing out when the logout link comes without an id_token_hint (another site sent the browser)', async () => {
    const config = await relyingParty();
    const browser = new Browser();
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const callback = await signInWithCode(config, browser, { challenge: await oidc.calculatePKCECodeChallenge(verifier) }, state, nonce);
    const tokens = await oidc.authorizationCodeGrant(config, callback, { pkceCodeVerifier: verifier, expectedState: state, expectedNonce: nonce });

    const page = await browser.go(`${issuer}/protocol/openid-connect/logout?ui_locales=en`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).not.toContain('.click()');
    expect(html).toContain('Do you want to sign out of Booking admin?');
    expect(html).toContain('No, stay signed in');
    // Nothing ended by looking at the question.
    expect((await fetch(`${base}/api/users`, { headers: { authorization: `Bearer ${tokens.access_token}` } })).status).toBe(200);
    await oidc.refreshTokenGrant(config, tokens.refresh_token!);
  });

  it('does not bind tokens to a DPoP key the API would not check: a DPoP proof gets a plain Bearer token', async () => {
    const { privateKey, publicKey } = await generateKeyPair('ES256');
    const jwk = await exportJWK(publicKey);
    const proof = await new SignJWT({ htm: 'POST', htu: `${issuer}/protocol/openid-connect/token`, jti: randomUUID() })
      .setProtectedHeader({ alg: 'ES256', typ: 'dpop+jwt', jwk })
      .setIssuedAt()
      .sign(privateKey);
    const tokenUrl = `${issuer}/protocol/openid-connect/token`;
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const first = await fetch(tokenUrl, {
      method: 'POST',
      headers: form,
      body: new URLSearchParams({ grant_type: 'password', client_id: 'api-users', username: 'demo@example.com', password: 'demo' }),
    });
    const { refresh_token: refreshToken } = (await first.json()) as { refresh_token: string };
    const res = await fetch(tokenUrl, {
      method: 'POST',
      headers: { ...form, dpop: proof },
      body: new URLSearchParams({ grant_type: 'refresh_token', client_id: 'api-users', refresh_token: refreshToken }),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { access_token: string; token_type: string };
    expect(body.token_type).toBe('Bearer');
    expect(decodeJwt(body.access_token).cnf).toBeUndefined();
  });
});

describe('single sign-on ends with the password', () => {
  it("an Administrator setting another's password ends that person's browser session: the next sign-in asks for the password again", async () => {
    const email = 'sso-person@example.com';
    const { hashPassword } = await import('../../server/identity/passwords');
    const company = (await server.db.one<{ company_id: number }>("select company_id from users where email = 'demo@example.com'"))!.company_id;
    const row = await server.db.one<{ id: number }>(
      `insert into users (company_id, subject, email, firstname, lastname, password_hash, email_verified)
       values ($1, gen_random_uuid()::text, $2, 'Sso', 'Person', $3, true) returning id`,
      [company, email, await hashPassword('first-Pass-42')],
    );
    const config = await relyingParty();
    const browser = new Browser();
    const pkce = { challenge: await oidc.calculatePKCECodeChallenge(oidc.randomPKCECodeVerifier()) };
    await signInWithCode(config, browser, pkce, 's1', 'n1', { email, password: 'first-Pass-42' });
    // Signed in: a second authorization goes straight back with a code.
    const again = await browser.follow(await browser.go(authorizationUrl(config, pkce, 's2', 'n2').toString()));
    expect(again.location).toContain('code=');

    const demo = await server.login();
    const res = await fetch(`${base}/api/administrators/${row!.id}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${demo}`, 'content-type': 'application/json' },
      body: JSON.stringify({ Firstname: 'Sso', Lastname: 'Person', Email: email, Password: 'second-Pass-43' }),
    });
    expect(res.status).toBe(200);
    const after = await browser.follow(await browser.go(authorizationUrl(config, pkce, 's3', 'n3').toString()));
    expect(after.location).toBeUndefined();
    expect(await after.page!.text()).toContain('type="password"');
  });
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
