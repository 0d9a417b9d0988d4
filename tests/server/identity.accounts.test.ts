import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { hashPassword } from '../../server/identity/passwords';
import { listOutbox } from '../../server/integrations/mail/index';
import { createTestServer, type TestServer } from './harness';

// Passwords, guessing and probing (issue 21 items 6 and 7, issue 10 item 8).

const REALM = '/realms/booking-admin';
const OIDC = `${REALM}/protocol/openid-connect`;
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

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
async function newAdmin(options: { password?: string | null; hash?: string } = {}): Promise<{ email: string; id: number }> {
  const email = `accounts-${++serial}@example.com`;
  const password = options.password === undefined ? 'first-Pass-42' : options.password;
  const hash = options.hash ?? (password === null ? null : await hashPassword(password));
  const row = await server.db.one<{ id: number }>(
    `insert into users (company_id, subject, email, firstname, lastname, password_hash, email_verified)
     values ($1, gen_random_uuid()::text, $2, 'Ada', 'Accounts', $3, true) returning id`,
    [companyId, email, hash],
  );
  await server.db.query('insert into user_roles (company_id, user_id, role_id) values ($1, $2, 1)', [companyId, row!.id]);
  return { email, id: row!.id };
}

function grant(username: string, password: string, client = '192.0.2.1', cookie?: string): Promise<LightMyRequestResponse> {
  return server.app.inject({
    method: 'POST',
    url: `${OIDC}/token`,
    headers: { ...FORM, 'x-forwarded-for': client, ...(cookie ? { cookie } : {}) },
    payload: new URLSearchParams({ grant_type: 'password', client_id: 'api-users', username, password }).toString(),
  });
}

const errorsOf = (res: LightMyRequestResponse) =>
  res.json<{ ResponseStatus: { Errors: { FieldName: string; ErrorCode: string; Message: string }[] } }>().ResponseStatus.Errors;

describe('new passwords', () => {
  it.each(['12345678', 'password', 'Password1', 'qwertyuiop'])('refuses the common password %s on change, naming NewPassword', async (weak) => {
    const { email } = await newAdmin();
    const token = (await grant(email, 'first-Pass-42')).json<{ access_token: string }>().access_token;
    const res = await server.api({ method: 'PUT', url: '/api/users/password', token, payload: { CurrentPassword: 'first-Pass-42', NewPassword: weak } });
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)[0]).toMatchObject({ FieldName: 'NewPassword', ErrorCode: 'PasswordTooCommon', Message: 'The password is too common. Choose one that is harder to guess.' });
  });

  it('refuses a common password when an Administrator sets one, and on the reset page', async () => {
    const res = await server.api({ method: 'POST', url: '/api/administrators', payload: { Firstname: 'A', Lastname: 'B', Email: 'weak@example.com', Password: 'password' } });
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)[0]).toMatchObject({ FieldName: 'Password', ErrorCode: 'PasswordTooCommon' });

    const { email } = await newAdmin();
    await server.app.inject({ method: 'POST', url: '/api/users/forgotpassword', payload: { Email: email }, headers: { 'x-forwarded-for': '192.0.2.50' } });
    await server.app.jobs.drain();
    const [mail] = await listOutbox(server.db, companyId, { to: email, kind: 'reset_password', take: 1 });
    const token = new URL(/https?:\/\/\S+/.exec(mail!.text)![0]).searchParams.get('token')!;
    const page = await server.app.inject({
      method: 'POST',
      url: `${REALM}/login-actions/reset-password?kc_locale=sv`,
      headers: FORM,
      payload: new URLSearchParams({ token, password: '12345678', confirm: '12345678' }).toString(),
    });
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain('Lösenordet är för vanligt');
  });

  it('re-hashes a password stored with weaker parameters at the next successful sign-in', async () => {
    const weak = await new Promise<string>((resolve, reject) => {
      // N = 2^10: what an old hash looks like (scrypt$N$r$p$salt$hash).
      import('node:crypto').then(({ scrypt, randomBytes }) => {
        const salt = randomBytes(16);
        scrypt('old-Pass-99', salt, 32, { N: 1024, r: 8, p: 1 }, (err, key) =>
          err ? reject(err) : resolve(['scrypt', 1024, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$')),
        );
      }, reject);
    });
    const { id, email } = await newAdmin({ hash: weak });
    expect((await grant(email, 'old-Pass-99')).statusCode).toBe(200);
    const stored = (await server.db.one<{ password_hash: string }>('select password_hash from users where id = $1', [id]))!.password_hash;
    expect(Number(stored.split('$')[1])).toBe(2 ** Number(process.env.SCRYPT_LOG_N ?? 17));
    expect((await grant(email, 'old-Pass-99')).statusCode).toBe(200);
  });
});

describe('guessing', () => {
  it('counts wrong CurrentPassword guesses on PUT /users/password like failed sign-ins: the 11th try is refused, even when right', async () => {
    const { email } = await newAdmin();
    const token = (await grant(email, 'first-Pass-42', '192.0.2.7')).json<{ access_token: string }>().access_token;
    const change = (current: string) =>
      server.api({ method: 'PUT', url: '/api/users/password', token, headers: { 'x-forwarded-for': '192.0.2.7' }, payload: { CurrentPassword: current, NewPassword: 'brand-New-Pass-1' } });
    for (let i = 0; i < 9; i++) expect((await change(`guess-${i}`)).statusCode).toBe(400);
    const tenth = await change('guess-9');
    expect(tenth.statusCode).toBe(429);
    const right = await change('first-Pass-42');
    expect(right.statusCode).toBe(429);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
    expect(errorsOf(right)[0]).toMatchObject({ FieldName: 'CurrentPassword', ErrorCode: 'TooManyAttempts' });
  });

  it('a stranger failing on purpose locks only themselves out, not the owner signing in elsewhere', async () => {
    const { email } = await newAdmin();
    for (let i = 0; i < 10; i++) await grant(email, `wrong-${i}`, '203.0.113.66');
    const locked = await grant(email, 'first-Pass-42', '203.0.113.66');
    expect(locked.json()).toMatchObject({ error_description: expect.stringMatching(/^Too many failed sign-ins; try again in 1 min, or reset the password to lift the lock now/) });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await grant(email, 'first-Pass-42', '192.0.2.99')).statusCode).toBe(200);
  });

  it('one client guessing across many addresses is stopped too', async () => {
    for (let i = 0; i < 30; i++) await grant(`nobody-${i}@example.com`, 'x', '203.0.113.77');
    const { email } = await newAdmin();
    const locked = await grant(email, 'first-Pass-42', '203.0.113.77');
    expect(locked.json()).toMatchObject({ error_description: expect.stringMatching(/^Too many failed sign-ins from this network; try again in 1 min/) });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    // Another network is not locked by it.
    expect((await grant(email, 'first-Pass-42', '203.0.113.78')).statusCode).toBe(200);
  });

  it('many networks guessing one address lock it for new devices only, with growing waits; a password reset lifts it', async () => {
    const { email } = await newAdmin();
    const device = (await grant(email, 'first-Pass-42', '192.0.2.120')).headers['set-cookie'];
    const cookie = [device ?? []].flat().find((c) => c.startsWith('KC_DEVICE_'))!.split(';')[0];
    // Each network counts at most 10 failures towards the address: 3 networks reach 30.
    for (const network of ['198.51.100.10', '198.51.100.11']) for (let i = 0; i < 10; i++) await grant(email, `wrong-${i}`, network);
    expect((await grant(email, 'first-Pass-42', '192.0.2.121')).statusCode).toBe(200);
    for (let i = 0; i < 10; i++) await grant(email, `wrong-${i}`, '198.51.100.12');
    const locked = await grant(email, 'first-Pass-42', '192.0.2.122');
    expect(locked.statusCode).toBe(400);
    expect(locked.json()).toMatchObject({ error_description: expect.stringMatching(/^Too many failed sign-ins; try again in 1 min, or reset the password/) });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(50);
    // The owner's device that signed in before is not locked.
    expect((await grant(email, 'first-Pass-42', '192.0.2.122', cookie)).statusCode).toBe(200);
    // The next round waits longer.
    await server.db.query("update sign_in_failures set locked_until = now() - interval '1 second' where key = $1", [`account:${email}`]);
    for (const network of ['198.51.100.13', '198.51.100.14', '198.51.100.15']) for (let i = 0; i < 10; i++) await grant(email, `wrong-${i}`, network);
    expect(Number((await grant(email, 'first-Pass-42', '192.0.2.123')).headers['retry-after'])).toBeGreaterThan(110);

    // A password reset lifts the lock on every network and over all networks.
    await server.app.inject({ method: 'POST', url: '/api/users/forgotpassword', payload: { Email: email }, headers: { 'x-forwarded-for': '192.0.2.124' } });
    await server.app.jobs.drain();
    const [mail] = await listOutbox(server.db, companyId, { to: email, kind: 'reset_password', take: 1 });
    const token = new URL(/https?:\/\/\S+/.exec(mail!.text)![0]).searchParams.get('token')!;
    const reset = await server.app.inject({
      method: 'POST',
      url: `${REALM}/login-actions/reset-password?kc_locale=en`,
      headers: FORM,
      payload: new URLSearchParams({ token, password: 'second-Pass-43', confirm: 'second-Pass-43' }).toString(),
    });
    expect(reset.statusCode).toBe(200);
    expect(await server.db.one('select 1 from sign_in_failures where key = $1 or starts_with(key, $2)', [`account:${email}`, `acct:${email}|`])).toBeUndefined();
    expect((await grant(email, 'second-Pass-43', '192.0.2.123')).statusCode).toBe(200);
    expect((await grant(email, 'second-Pass-43', '198.51.100.15')).statusCode).toBe(200);
  });

  it("a successful sign-in takes the address's own failures out of the network's count", async () => {
    const { email } = await newAdmin();
    const network = '198.51.100.30';
    for (let i = 0; i < 28; i++) await grant(`someone-${i}@example.com`, 'x', network);
    await grant(email, 'typo', network);
    expect((await grant(email, 'first-Pass-42', network)).statusCode).toBe(200);
    // 29 addresses, then 28 once the owner signed in: without that, this next one would lock the network.
    await grant('someone-else@example.com', 'x', network);
    expect((await grant(email, 'first-Pass-42', network)).statusCode).toBe(200);
    await grant('and-another@example.com', 'x', network);
    expect((await grant(email, 'first-Pass-42', network)).json()).toMatchObject({ error_description: expect.stringMatching(/from this network/) });
  });

  it('answers an invited account without a password exactly like a wrong password', async () => {
    const { email } = await newAdmin({ password: null });
    const invited = await grant(email, 'anything-at-all', '192.0.2.31');
    const unknown = await grant('no-such-person@example.com', 'anything-at-all', '192.0.2.31');
    expect(invited.statusCode).toBe(400);
    expect(invited.body).toBe(unknown.body);
  });
});

describe('forgot password', () => {
  const forgot = (email: string, client: string) =>
    server.app.inject({ method: 'POST', url: '/api/users/forgotpassword', payload: { Email: email, Realm: 'booking-admin' }, headers: { 'x-forwarded-for': client } });

  it('answers the same for known, unknown and invited addresses; the reset mail follows through the queue', async () => {
    const known = await newAdmin();
    const invited = await newAdmin({ password: null });
    const answers = await Promise.all([forgot(known.email, '192.0.2.40'), forgot('unknown-person@example.com', '192.0.2.40'), forgot(invited.email, '192.0.2.40')]);
    for (const res of answers) expect([res.statusCode, res.body]).toEqual([answers[0]!.statusCode, answers[0]!.body]);
    // Looking the address up and mailing happen after the answer, in the job queue.
    await server.app.jobs.drain();
    expect(await listOutbox(server.db, companyId, { to: known.email, kind: 'reset_password' })).toHaveLength(1);
    expect(await listOutbox(server.db, companyId, { to: invited.email, kind: 'reset_password' })).toHaveLength(1);
  });

  it('is rate limited per client (429 with Retry-After naming Email) and mails one address at most 3 times an hour', async () => {
    const { email } = await newAdmin();
    for (let i = 0; i < 10; i++) expect((await forgot(email, '192.0.2.41')).statusCode).toBe(200);
    const limited = await forgot(email, '192.0.2.41');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(errorsOf(limited)[0]).toMatchObject({ FieldName: 'Email', ErrorCode: 'TooManyRequests' });
    await server.app.jobs.drain();
    expect(await listOutbox(server.db, companyId, { to: email, kind: 'reset_password' })).toHaveLength(3);
  });

  it('never shows a failing mail server: 200 for a known address, and the mail waits in the outbox to be retried', async () => {
    const saved = process.env.SMTP_URL;
    process.env.SMTP_URL = 'smtp://127.0.0.1:9'; // nothing listens on the discard port
    const failing = await createTestServer();
    if (saved === undefined) delete process.env.SMTP_URL;
    else process.env.SMTP_URL = saved;
    try {
      const res = await failing.app.inject({ method: 'POST', url: '/api/users/forgotpassword', payload: { Email: 'demo@example.com' } });
      expect(res.statusCode).toBe(200);
      await failing.app.jobs.drain();
      const [mail] = await failing.app.outbox.list(failing.db, companyId, { kind: 'mail' });
      expect(mail).toMatchObject({ kind: 'mail', state: 'queued', attempts: 1 });
      expect(mail!.lastError).toBeTruthy();
      expect(await listOutbox(failing.db, companyId, { kind: 'reset_password' })).toHaveLength(0);
    } finally {
      await failing.close();
    }
  });
});
