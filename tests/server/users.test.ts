import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { listOutbox } from '../../server/integrations/mail/index';
import { hashPassword } from '../../server/identity/passwords';
import { createTestServer, OTHER_EMAIL, type TestServer } from './harness';

const REALM = '/realms/booking-admin';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

let server: TestServer;
let demoCompanyId: number;
let otherCompanyId: number;

beforeAll(async () => {
  server = await createTestServer();
  demoCompanyId = (await server.db.one<{ company_id: number }>("select company_id from users where email = 'demo@example.com'"))!.company_id;
  otherCompanyId = (await server.db.one<{ company_id: number }>('select company_id from users where email = $1', [OTHER_EMAIL]))!.company_id;
});
afterAll(async () => {
  await server?.close();
});

/** A new administrator of the demo company, with a password, ready to sign in. */
async function addAdministrator(email: string, password: string, options: { verified?: boolean } = {}): Promise<number> {
  const row = await server.db.one<{ id: number }>(
    `insert into users (company_id, subject, email, firstname, lastname, password_hash, email_verified)
     values ($1, gen_random_uuid()::text, $2, 'New', 'Admin', $3, $4) returning id`,
    [demoCompanyId, email, await hashPassword(password), options.verified ?? false],
  );
  await server.db.query('insert into user_roles (company_id, user_id, role_id) values ($1, $2, 1)', [demoCompanyId, row!.id]);
  return row!.id;
}

async function passwordGrant(username: string, password: string): Promise<LightMyRequestResponse> {
  return server.app.inject({
    method: 'POST',
    url: `${REALM}/protocol/openid-connect/token`,
    headers: FORM,
    payload: new URLSearchParams({ grant_type: 'password', client_id: 'api-users', username, password }).toString(),
  });
}

async function tokenFor(email: string, password: string): Promise<string> {
  const res = await passwordGrant(email, password);
  expect(res.statusCode).toBe(200);
  return res.json<{ access_token: string }>().access_token;
}

async function lastMail(to: string, kind: string, companyId = demoCompanyId) {
  // Mail goes out after the answer, through the job queue.
  await server.app.jobs.drain();
  const [mail] = await listOutbox(server.db, companyId, { to, kind, take: 1 });
  return mail;
}

function linkIn(text: string): string {
  const url = /https?:\/\/\S+/.exec(text)?.[0];
  expect(url).toBeTruthy();
  return url!.replace('http://localhost:8080', '');
}

function errorsOf(res: LightMyRequestResponse): { FieldName: string; ErrorCode: string; Message: string }[] {
  return res.json<{ ResponseStatus: { Errors: { FieldName: string; ErrorCode: string; Message: string }[] } }>().ResponseStatus.Errors;
}

describe('GET /api/users', () => {
  it("answers the caller's profile with company and license", async () => {
    const res = await server.api({ method: 'GET', url: '/api/users' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      Email: 'demo@example.com',
      Firstname: 'Demo',
      Lastname: 'Admin',
      CompanyId: demoCompanyId,
      CompanyUsers: [{ CompanyId: demoCompanyId, Email: 'demo@example.com' }],
      Company: { Id: demoCompanyId, Name: 'Solrosens Yoga & Padel', LicenseTypeId: 9, IsFreeAccount: false, TimeZone: 'Europe/Stockholm' },
    });
  });

  it('answers the other company for its own administrator', async () => {
    const token = await server.login(OTHER_EMAIL, 'other-password');
    const res = await server.api({ method: 'GET', url: '/api/users', token });
    expect(res.json()).toMatchObject({ Email: OTHER_EMAIL, CompanyId: otherCompanyId, Company: { Name: 'Other Company AB' } });
  });
});

describe('forgot password', () => {
  it('always answers 200, and mails a reset link only when the account exists', async () => {
    const before = await server.db.one<{ n: number }>('select count(*)::int as n from mail_outbox');
    const unknown = await server.app.inject({
      method: 'POST',
      url: '/api/users/forgotpassword',
      payload: { Email: 'nobody@example.com', Realm: 'booking-admin' },
    });
    expect(unknown.statusCode).toBe(200);
    expect((await server.db.one<{ n: number }>('select count(*)::int as n from mail_outbox'))!.n).toBe(before!.n);

    await addAdministrator('forgetful@example.com', 'old-password-1');
    const known = await server.app.inject({
      method: 'POST',
      url: '/api/users/forgotpassword',
      headers: { 'x-language': 'en' },
      payload: { Email: 'Forgetful@example.com', Realm: 'booking-admin' },
    });
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    const mail = await lastMail('forgetful@example.com', 'reset_password');
    expect(mail.subject).toBe('Choose a new password');
    expect(mail.transport).toBe('sandbox');

    const link = linkIn(mail.text);
    const form = await server.app.inject({ method: 'GET', url: link });
    expect(form.statusCode).toBe(200);
    expect(form.body).toContain('New password');
    const token = new URL(`http://x${link}`).searchParams.get('token')!;

    const tooShort = await server.app.inject({ method: 'POST', url: `${REALM}/login-actions/reset-password?kc_locale=en`, headers: FORM, payload: new URLSearchParams({ token, password: 'short', confirm: 'short' }).toString() });
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.body).toContain('at least 8 characters');

    const saved = await server.app.inject({
      method: 'POST',
      url: `${REALM}/login-actions/reset-password?kc_locale=en`,
      headers: FORM,
      payload: new URLSearchParams({ token, password: 'brand-new-pass', confirm: 'brand-new-pass' }).toString(),
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.body).toContain('Your password has been changed');

    expect((await passwordGrant('forgetful@example.com', 'old-password-1')).statusCode).toBe(400);
    expect((await passwordGrant('forgetful@example.com', 'brand-new-pass')).statusCode).toBe(200);

    const again = await server.app.inject({ method: 'GET', url: link });
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain('already used or has expired');
  });

  it('refuses an unknown realm and a malformed e-mail, naming the field', async () => {
    const realm = await server.app.inject({ method: 'POST', url: '/api/users/forgotpassword', headers: { 'x-language': 'en' }, payload: { Email: 'demo@example.com', Realm: 'master' } });
    expect(realm.statusCode).toBe(400);
    expect(errorsOf(realm)[0]).toMatchObject({ FieldName: 'Realm', Message: "'Realm' must be booking-admin." });
    const email = await server.app.inject({ method: 'POST', url: '/api/users/forgotpassword', payload: { Email: 'not-an-email' } });
    expect(email.statusCode).toBe(400);
    expect(errorsOf(email)[0].FieldName).toBe('Email');
  });

  it("a reset link does not work after it expires (1 hour)", async () => {
    await addAdministrator('late@example.com', 'late-password-1');
    await server.app.inject({ method: 'POST', url: '/api/users/forgotpassword', payload: { Email: 'late@example.com' } });
    const link = linkIn((await lastMail('late@example.com', 'reset_password')).text);
    const lifetime = await server.db.one<{ seconds: number }>(
      "select extract(epoch from expires_at - created)::int as seconds from user_tokens where purpose = 'reset_password' order by id desc limit 1",
    );
    expect(lifetime!.seconds).toBe(3600);
    await server.db.query("update user_tokens set expires_at = now() - interval '1 second' where purpose = 'reset_password'");
    expect((await server.app.inject({ method: 'GET', url: link })).statusCode).toBe(400);
  });

  it("the sign-in page's 'Forgot password?' sends the same mail", async () => {
    await addAdministrator('pagefan@example.com', 'pagefan-pass-1');
    const start = await server.app.inject({
      method: 'GET',
      url: `${REALM}/protocol/openid-connect/auth?${new URLSearchParams({
        client_id: 'booking-admin-web',
        redirect_uri: 'http://localhost:8080/auth',
        response_type: 'code',
        scope: 'openid',
        code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
        code_challenge_method: 'S256',
        kc_locale: 'fi',
      })}`,
    });
    const cookie = start.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const login = await server.app.inject({ method: 'GET', url: start.headers.location as string, headers: { cookie } });
    const forgotUrl = /href="([^"]+\/forgot)"/.exec(login.body)![1];
    expect(login.body).toContain('Unohditko salasanasi?');
    const forgot = await server.app.inject({ method: 'GET', url: forgotUrl, headers: { cookie } });
    expect(forgot.body).toContain('Palauta salasana');
    const sent = await server.app.inject({ method: 'POST', url: forgotUrl, headers: { ...FORM, cookie }, payload: 'email=pagefan%40example.com' });
    expect(sent.statusCode).toBe(200);
    expect(sent.body).toContain('Jos osoite kuuluu tilille');
    const mail = await lastMail('pagefan@example.com', 'reset_password');
    expect(mail.subject).toBe('Valitse uusi salasana');
  });
});

describe('PUT /api/users/password', () => {
  it('changes the password with the right current password', async () => {
    await addAdministrator('changer@example.com', 'first-password');
    const token = await tokenFor('changer@example.com', 'first-password');
    const res = await server.api({ method: 'PUT', url: '/api/users/password', token, payload: { CurrentPassword: 'first-password', NewPassword: 'second-password' } });
    expect(res.statusCode).toBe(200);
    expect((await passwordGrant('changer@example.com', 'first-password')).statusCode).toBe(400);
    expect((await passwordGrant('changer@example.com', 'second-password')).statusCode).toBe(200);
  });

  it('answers 400 naming CurrentPassword when it is wrong, and changes nothing', async () => {
    await addAdministrator('wrongcurrent@example.com', 'keep-this-one');
    const token = await tokenFor('wrongcurrent@example.com', 'keep-this-one');
    const res = await server.api({ method: 'PUT', url: '/api/users/password', token, payload: { CurrentPassword: 'guess', NewPassword: 'another-password' } });
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)[0]).toMatchObject({ FieldName: 'CurrentPassword', Message: 'The current password is wrong.' });
    expect((await passwordGrant('wrongcurrent@example.com', 'keep-this-one')).statusCode).toBe(200);
  });

  it('answers 400 naming NewPassword when it is shorter than 8 characters', async () => {
    const res = await server.api({ method: 'PUT', url: '/api/users/password', payload: { CurrentPassword: 'demo', NewPassword: 'short' } });
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)[0].FieldName).toBe('NewPassword');
  });
});

describe('agreement', () => {
  it('shows the latest agreement in the caller language, then records acceptance', async () => {
    await addAdministrator('agreer@example.com', 'agreer-password');
    const token = await tokenFor('agreer@example.com', 'agreer-password');
    const en = await server.api({ method: 'GET', url: '/api/users/agreement', token });
    expect(en.statusCode).toBe(200);
    expect(en.json()).toMatchObject({ AgreementId: 1, AgreedToLatest: false });
    expect(en.json().Content).toContain('Terms of service');
    expect(en.json().Documents).toHaveLength(4);
    const sv = await server.api({ method: 'GET', url: '/api/users/agreement', token, headers: { 'x-language': 'sv' } });
    expect(sv.json().Content).toContain('Användarvillkor');

    const me = (await server.api({ method: 'GET', url: '/api/users', token })).json<{ UserId: string }>();
    const accepted = await server.api({ method: 'POST', url: '/api/users/agreement', token, payload: { UserId: me.UserId, AgreementId: 1 } });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ AgreementId: 1, AgreedToLatest: true });
    expect((await server.api({ method: 'GET', url: '/api/users/agreement', token })).json().AgreedToLatest).toBe(true);
  });

  it('the demo administrator has accepted the latest agreement, so the demo opens without the modal', async () => {
    const res = await server.api({ method: 'GET', url: '/api/users/agreement' });
    expect(res.json()).toMatchObject({ AgreementId: 1, AgreedToLatest: true });
  });

  it('answers 400 naming AgreementId for an unknown agreement', async () => {
    const me = (await server.api({ method: 'GET', url: '/api/users' })).json<{ UserId: string }>();
    const res = await server.api({ method: 'POST', url: '/api/users/agreement', payload: { UserId: me.UserId, AgreementId: 999 } });
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)[0].FieldName).toBe('AgreementId');
  });

  it("answers 403 when accepting for someone else", async () => {
    const other = await server.db.one<{ subject: string }>('select subject from users where email = $1', [OTHER_EMAIL]);
    const res = await server.api({ method: 'POST', url: '/api/users/agreement', payload: { UserId: other!.subject, AgreementId: 1 } });
    expect(res.statusCode).toBe(403);
    const stored = await server.db.one<{ agreement_id: number | null }>('select agreement_id from users where email = $1', [OTHER_EMAIL]);
    expect(stored!.agreement_id).toBeNull();
  });

  it('serves each language version as a document', async () => {
    const agreement = (await server.api({ method: 'GET', url: '/api/users/agreement' })).json<{ Documents: { Language: string; Url: string }[] }>();
    const fi = agreement.Documents.find((d) => d.Language === 'fi')!;
    const res = await server.app.inject({ method: 'GET', url: fi.Url.replace('http://localhost:8080', '') });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Käyttöehdot');
  });
});

describe('POST /api/users/{id}/verify', () => {
  it('mails a verification link that marks the e-mail verified', async () => {
    const id = await addAdministrator('unverified@example.com', 'unverified-pass');
    const res = await server.api({ method: 'POST', url: `/api/users/${id}/verify` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ Id: id, Email: 'unverified@example.com', EmailVerified: false, VerificationSent: true });
    const link = linkIn((await lastMail('unverified@example.com', 'verify_email')).text);
    const page = await server.app.inject({ method: 'GET', url: link });
    expect(page.statusCode).toBe(200);
    const row = await server.db.one<{ email_verified: boolean }>('select email_verified from users where id = $1', [id]);
    expect(row!.email_verified).toBe(true);
  });

  it("answers 404 for another company's administrator", async () => {
    const other = await server.db.one<{ id: number }>('select id from users where email = $1', [OTHER_EMAIL]);
    const res = await server.api({ method: 'POST', url: `/api/users/${other!.id}/verify` });
    expect(res.statusCode).toBe(404);
    expect(await lastMail(OTHER_EMAIL, 'verify_email', otherCompanyId)).toBeUndefined();
  });
});

describe('DELETE /api/users', () => {
  it('mails a confirmation link; the account is deleted only when it is confirmed', async () => {
    await addAdministrator('leaving@example.com', 'leaving-password');
    const token = await tokenFor('leaving@example.com', 'leaving-password');
    const res = await server.api({
      method: 'DELETE',
      url: '/api/users',
      token,
      payload: { UserName: 'leaving@example.com', Realm: 'booking-admin', ForceDelete: false },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ Email: 'leaving@example.com', ConfirmationSent: true });
    expect((await passwordGrant('leaving@example.com', 'leaving-password')).statusCode).toBe(200);

    const link = linkIn((await lastMail('leaving@example.com', 'delete_account')).text);
    const confirmPage = await server.app.inject({ method: 'GET', url: link });
    expect(confirmPage.statusCode).toBe(200);
    expect(confirmPage.body).toContain('leaving@example.com');
    const deleted = await server.app.inject({
      method: 'POST',
      url: `${REALM}/login-actions/delete-account`,
      headers: FORM,
      payload: new URLSearchParams({ token: new URL(`http://x${link}`).searchParams.get('token')! }).toString(),
    });
    expect(deleted.statusCode).toBe(200);
    expect(await server.db.one("select id from users where email = 'leaving@example.com'")).toBeUndefined();
    expect((await passwordGrant('leaving@example.com', 'leaving-password')).statusCode).toBe(400);
    expect((await server.api({ method: 'GET', url: '/api/users', token })).statusCode).toBe(401);
  });

  it("answers 403 for someone else's account", async () => {
    const res = await server.api({ method: 'DELETE', url: '/api/users', payload: { UserName: OTHER_EMAIL, Realm: 'booking-admin' } });
    expect(res.statusCode).toBe(403);
    expect(errorsOf(res)[0].FieldName).toBe('UserName');
  });

  it("asks for ForceDelete before deleting the company's last administrator", async () => {
    const token = await server.login(OTHER_EMAIL, 'other-password');
    const res = await server.api({ method: 'DELETE', url: `/api/users?UserName=${encodeURIComponent(OTHER_EMAIL)}`, token });
    expect(res.statusCode).toBe(409);
    expect(errorsOf(res)[0].FieldName).toBe('ForceDelete');
    const forced = await server.api({ method: 'DELETE', url: `/api/users?UserName=${encodeURIComponent(OTHER_EMAIL)}&ForceDelete=true`, token });
    expect(forced.statusCode).toBe(200);
    expect(await lastMail(OTHER_EMAIL, 'delete_account', otherCompanyId)).toBeDefined();
  });
});

describe('POST /api/users/logout', () => {
  it('ends the session of the refresh token', async () => {
    const grant = (await passwordGrant('demo@example.com', 'demo')).json<{ access_token: string; refresh_token: string }>();
    const res = await server.api({
      method: 'POST',
      url: '/api/users/logout',
      token: grant.access_token,
      payload: { ClientId: 'api-users', Realm: 'booking-admin', RefreshToken: grant.refresh_token },
    });
    expect(res.statusCode).toBe(200);
    const refresh = await server.app.inject({
      method: 'POST',
      url: `${REALM}/protocol/openid-connect/token`,
      headers: FORM,
      payload: new URLSearchParams({ grant_type: 'refresh_token', client_id: 'api-users', refresh_token: grant.refresh_token }).toString(),
    });
    expect(refresh.statusCode).toBe(400);
  });

  it("cannot end another administrator's session", async () => {
    const other = (await passwordGrant(OTHER_EMAIL, 'other-password')).json<{ refresh_token: string }>();
    const res = await server.api({ method: 'POST', url: '/api/users/logout', payload: { RefreshToken: other.refresh_token } });
    expect(res.statusCode).toBe(200);
    const refresh = await server.app.inject({
      method: 'POST',
      url: `${REALM}/protocol/openid-connect/token`,
      headers: FORM,
      payload: new URLSearchParams({ grant_type: 'refresh_token', client_id: 'api-users', refresh_token: other.refresh_token }).toString(),
    });
    expect(refresh.statusCode).toBe(200);
  });
});
