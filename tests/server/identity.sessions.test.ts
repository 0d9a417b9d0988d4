import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { listOutbox } from '../../server/integrations/mail/index';
import { hashPassword } from '../../server/identity/passwords';
import { createTestServer, type TestServer } from './harness';

// Sessions end when they should (issue 21 item 1 and 2, issue 10 item 3): a password change, an
// e-mail change, deactivation, logout and revocation take effect on the very next request.

const OIDC = '/realms/booking-admin/protocol/openid-connect';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

interface Tokens {
  access_token: string;
  refresh_token: string;
}

let server: TestServer;
let companyId: number;

beforeAll(async () => {
  server = await createTestServer();
  companyId = (await server.db.one<{ company_id: number }>("select company_id from users where email = 'demo@example.com'"))!.company_id;
});
afterAll(async () => {
  await server?.close();
});

let serial = 0;
/** A new administrator of the demo company with a password; answers its e-mail and id. */
async function newAdmin(password = 'first-Pass-42'): Promise<{ email: string; id: number }> {
  const email = `session-${++serial}@example.com`;
  const row = await server.db.one<{ id: number }>(
    `insert into users (company_id, subject, email, firstname, lastname, password_hash, email_verified)
     values ($1, gen_random_uuid()::text, $2, 'Sam', 'Session', $3, true) returning id`,
    [companyId, email, await hashPassword(password)],
  );
  await server.db.query('insert into user_roles (company_id, user_id, role_id) values ($1, $2, 1)', [companyId, row!.id]);
  return { email, id: row!.id };
}

function token(params: Record<string, string>): Promise<LightMyRequestResponse> {
  return server.app.inject({ method: 'POST', url: `${OIDC}/token`, headers: FORM, payload: new URLSearchParams(params).toString() });
}

async function signIn(email: string, password = 'first-Pass-42'): Promise<Tokens> {
  const res = await token({ grant_type: 'password', client_id: 'api-users', username: email, password });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Tokens>();
}

const refresh = (t: Tokens) => token({ grant_type: 'refresh_token', client_id: 'api-users', refresh_token: t.refresh_token });
const profile = (t: Tokens) => server.api({ method: 'GET', url: '/api/users', token: t.access_token });

describe('a password change ends every other session', () => {
  it('PUT /users/password: the other sessions stop at once, the one that changed it continues, and older reset links die', async () => {
    const { email } = await newAdmin();
    const mine = await signIn(email);
    const other = await signIn(email);
    expect((await profile(other)).statusCode).toBe(200); // now in the caller cache too

    await server.api({ method: 'POST', url: '/api/users/forgotpassword', payload: { Email: email, Realm: 'booking-admin' } });
    await server.app.jobs.drain();
    const [resetMail] = await listOutbox(server.db, companyId, { to: email, kind: 'reset_password', take: 1 });
    const resetLink = /https?:\/\/\S+/.exec(resetMail!.text)![0].replace('http://localhost:8080', '');

    const change = await server.api({
      method: 'PUT',
      url: '/api/users/password',
      token: mine.access_token,
      payload: { CurrentPassword: 'first-Pass-42', NewPassword: 'second-Pass-43' },
    });
    expect(change.statusCode, change.body).toBe(200);

    expect((await profile(other)).statusCode).toBe(401);
    expect((await refresh(other)).statusCode).toBe(400);
    expect((await profile(mine)).statusCode).toBe(200);
    expect((await refresh(mine)).statusCode).toBe(200);
    expect((await server.app.inject({ method: 'GET', url: resetLink })).statusCode).toBe(400);
    await signIn(email, 'second-Pass-43');
  });

  it("PUT /administrators/{id} with a Password ends all of that administrator's sessions", async () => {
    const { email, id } = await newAdmin();
    const theirs = await signIn(email);
    expect((await profile(theirs)).statusCode).toBe(200);
    const res = await server.api({
      method: 'PUT',
      url: `/api/administrators/${id}`,
      payload: { Firstname: 'Sam', Lastname: 'Session', Email: email, Password: 'set-by-Admin-7' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await profile(theirs)).statusCode).toBe(401);
    expect((await refresh(theirs)).statusCode).toBe(400);
    await signIn(email, 'set-by-Admin-7');
  });

  it('deactivation ends the sessions too', async () => {
    const { email, id } = await newAdmin();
    const theirs = await signIn(email);
    const res = await server.api({ method: 'PUT', url: `/api/administrators/${id}`, payload: { Firstname: 'Sam', Lastname: 'Session', Email: email, Active: false } });
    expect(res.statusCode, res.body).toBe(200);
    expect((await refresh(theirs)).statusCode).toBe(400);
  });
});

describe('an e-mail change', () => {
  it('marks the new address unverified, mails a verification link to it and ends the sessions', async () => {
    const { email, id } = await newAdmin();
    const theirs = await signIn(email);
    const renamed = `renamed-${serial}@example.com`;
    const res = await server.api({ method: 'PUT', url: `/api/administrators/${id}`, payload: { Firstname: 'Sam', Lastname: 'Session', Email: renamed } });
    expect(res.statusCode, res.body).toBe(200);
    expect((await server.db.one<{ email_verified: boolean }>('select email_verified from users where id = $1', [id]))!.email_verified).toBe(false);
    expect((await refresh(theirs)).statusCode).toBe(400);

    const fresh = await signIn(renamed);
    const claims = JSON.parse(Buffer.from(fresh.access_token.split('.')[1]!, 'base64url').toString()) as { email_verified: boolean };
    expect(claims.email_verified).toBe(false);

    await server.app.jobs.drain();
    const [mail] = await listOutbox(server.db, companyId, { to: renamed, kind: 'verify_email', take: 1 });
    expect(mail?.text).toContain('verify-email');
  });
});

describe('logout and revocation end the access token at once', () => {
  it('POST /users/logout: the access token that was used stops working on the next request', async () => {
    const { email } = await newAdmin();
    const t = await signIn(email);
    expect((await profile(t)).statusCode).toBe(200);
    const res = await server.api({ method: 'POST', url: '/api/users/logout', token: t.access_token, payload: { ClientId: 'api-users', RefreshToken: t.refresh_token } });
    expect(res.statusCode).toBe(200);
    expect((await profile(t)).statusCode).toBe(401);
  });

  it('revoking the refresh token ends its access tokens; revoking an access token ends that token', async () => {
    const { email } = await newAdmin();
    const a = await signIn(email);
    expect((await profile(a)).statusCode).toBe(200);
    const revoke = (value: string) =>
      server.app.inject({ method: 'POST', url: `${OIDC}/revoke`, headers: FORM, payload: new URLSearchParams({ client_id: 'api-users', token: value }).toString() });
    expect((await revoke(a.refresh_token)).statusCode).toBe(200);
    expect((await profile(a)).statusCode).toBe(401);

    const b = await signIn(email);
    expect((await profile(b)).statusCode).toBe(200);
    expect((await revoke(b.access_token)).statusCode).toBe(200);
    expect((await profile(b)).statusCode).toBe(401);
    // Only that token: the session refreshes to a new one that works.
    const renewed = (await refresh(b)).json<Tokens>();
    expect((await profile(renewed)).statusCode).toBe(200);
  });

  it('a revocation written by another server process is seen by this one', async () => {
    const { email } = await newAdmin();
    const t = await signIn(email);
    expect((await profile(t)).statusCode).toBe(200);
    const sid = (JSON.parse(Buffer.from(t.access_token.split('.')[1]!, 'base64url').toString()) as { sid: string }).sid;
    // What another process's logout leaves behind: one row in the shared database.
    await server.db.query(`insert into token_revocations (key, expires_at) values ($1, now() + interval '10 minutes')`, [`sid:${sid}`]);
    expect((await profile(t)).statusCode).toBe(401);
  });
});
