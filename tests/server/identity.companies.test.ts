import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import type { LightMyRequestResponse } from 'fastify';
import { listOutbox } from '../../server/integrations/mail/index';
import { createTestServer, OTHER_EMAIL, OTHER_PASSWORD, type TestServer } from './harness';

/**
 * One e-mail address with an administrator account in two companies (issue 10): the password
 * opens the accounts whose password it is; when it opens both, the sign-in page asks which
 * company to open, in the visitor's language.
 */
const REALM = '/realms/booking-admin';
const OIDC = `${REALM}/protocol/openid-connect`;
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const REDIRECT = 'http://localhost:8080/auth';

let server: TestServer;
let demoCompany: { id: number; name: string };
let otherCompany: { id: number; name: string };

beforeAll(async () => {
  server = await createTestServer();
  demoCompany = (await server.db.one<{ id: number; name: string }>(`select c.id, c.name from companies c join users u on u.company_id = c.id where u.email = 'demo@example.com'`))!;
  otherCompany = (await server.db.one<{ id: number; name: string }>(`select c.id, c.name from companies c join users u on u.company_id = c.id where u.email = $1`, [OTHER_EMAIL]))!;
  // The demo company adds the other company's administrator with the same password.
  const res = await server.api({ method: 'POST', url: '/api/administrators', payload: { Firstname: 'Other', Lastname: 'Twice', Email: OTHER_EMAIL, Password: OTHER_PASSWORD, Roles: [2] } });
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(async () => {
  await server?.close();
});

/** A browser through the authorization code + PKCE flow, as keycloak-js starts it. */
async function browser(uiLocales = 'en') {
  const cookies = new Map<string, string>();
  const store = (res: LightMyRequestResponse) => {
    for (const c of res.cookies) {
      if (c.value === '' || (c.maxAge !== undefined && c.maxAge <= 0)) cookies.delete(c.name);
      else cookies.set(c.name, c.value);
    }
    return res;
  };
  const cookie = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const verifier = randomBytes(48).toString('base64url');
  const query = new URLSearchParams({
    client_id: 'booking-admin-web',
    redirect_uri: REDIRECT,
    state: 's',
    response_mode: 'fragment',
    response_type: 'code',
    scope: 'openid',
    nonce: 'n',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    ui_locales: uiLocales,
  });
  const get = async (url: string) => store(await server.app.inject({ method: 'GET', url, headers: { cookie: cookie() } }));
  const post = async (url: string, form: Record<string, string>) =>
    store(await server.app.inject({ method: 'POST', url, headers: { ...FORM, cookie: cookie() }, payload: new URLSearchParams(form).toString() }));
  const start = await get(`${OIDC}/auth?${query}`);
  const page = await get(start.headers.location as string);
  const actionOf = (html: string) => /<form method="post" action="([^"]+)"/.exec(html)![1].replace(/&#38;/g, '&');
  /** Follows the provider's redirects to the admin and exchanges the code; answers the access token's claims. */
  const finish = async (res: LightMyRequestResponse) => {
    let location = res.headers.location as string;
    for (let hops = 0; hops < 10 && location && !location.startsWith(REDIRECT); hops++) {
      location = (await get(location.replace('http://localhost:8080', ''))).headers.location as string;
    }
    const code = new URLSearchParams(location.split('#')[1]).get('code')!;
    const tokens = await server.app.inject({
      method: 'POST',
      url: `${OIDC}/token`,
      headers: FORM,
      payload: new URLSearchParams({ grant_type: 'authorization_code', client_id: 'booking-admin-web', code, redirect_uri: REDIRECT, code_verifier: verifier }).toString(),
    });
    return tokens.json<{ access_token: string }>().access_token;
  };
  return {
    signIn: (email: string, password: string) => post(actionOf(page.body), { email, password }),
    choose: (html: string, account: string) => post(actionOf(html), { account }),
    finish,
  };
}

const buttons = (html: string) => [...html.matchAll(/<button type="submit" name="account" value="([^"]+)">([^<]+)<\/button>/g)].map((m) => ({ subject: m[1], name: decodeHtml(m[2]) }));
const decodeHtml = (html: string) => html.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));

describe('one address, accounts in two companies', () => {
  it('asks which company to open when the password opens both, and opens the chosen one', async () => {
    const b = await browser('en');
    const chooser = await b.signIn(OTHER_EMAIL, OTHER_PASSWORD);
    expect(chooser.statusCode).toBe(200);
    expect(chooser.body).toContain('<h1>Choose company</h1>');
    const choices = buttons(chooser.body);
    expect(choices.map((c) => c.name).sort()).toEqual([demoCompany.name, otherCompany.name].sort());
    const demo = choices.find((c) => c.name === demoCompany.name)!;
    const token = await b.finish(await b.choose(chooser.body, demo.subject));
    expect(decodeJwt(token).sub).toBe(demo.subject);
    const me = (await server.api({ method: 'GET', url: '/api/users', token })).json<{ CompanyId: number; CompanyUsers: { CompanyId: number }[] }>();
    expect(me.CompanyId).toBe(demoCompany.id);
    expect(me.CompanyUsers.map((c) => c.CompanyId).sort()).toEqual([demoCompany.id, otherCompany.id].sort());
    // The demo company's account has the Staff role there: administrators are out of reach.
    expect((await server.api({ method: 'GET', url: '/api/administrators', token })).statusCode).toBe(403);
  });

  it.each([
    ['sv', 'Välj företag'],
    ['fi', 'Valitse yritys'],
    ['no', 'Velg bedrift'],
  ])('asks in %s', async (lang, title) => {
    const chooser = await (await browser(lang)).signIn(OTHER_EMAIL, OTHER_PASSWORD);
    expect(chooser.body).toContain(`lang="${lang}"`);
    expect(chooser.body).toContain(`<h1>${title}</h1>`);
  });

  it('refuses a choice the password did not open (another subject posted by hand)', async () => {
    const b = await browser('en');
    const chooser = await b.signIn(OTHER_EMAIL, OTHER_PASSWORD);
    const demoSubject = (await server.db.one<{ subject: string }>(`select subject from users where email = 'demo@example.com'`))!.subject;
    const res = await b.choose(chooser.body, demoSubject);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Invalid email or password.');
  });

  it('goes straight to the one company whose password it is', async () => {
    const other = (await server.db.one<{ id: number; subject: string }>('select id, subject from users where email = $1 and company_id = $2', [OTHER_EMAIL, otherCompany.id]))!;
    const res = await server.api({
      method: 'PUT',
      url: `/api/administrators/${(await server.db.one<{ id: number }>('select id from users where email = $1 and company_id = $2', [OTHER_EMAIL, demoCompany.id]))!.id}`,
      payload: { Firstname: 'Other', Lastname: 'Twice', Email: OTHER_EMAIL, Password: 'demo-company-only-9' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const b = await browser('en');
    const token = await b.finish(await b.signIn(OTHER_EMAIL, OTHER_PASSWORD));
    expect(decodeJwt(token).sub).toBe(other.subject);
    const b2 = await browser('en');
    const token2 = await b2.finish(await b2.signIn(OTHER_EMAIL, 'demo-company-only-9'));
    expect((await server.api({ method: 'GET', url: '/api/users', token: token2 })).json<{ CompanyId: number }>().CompanyId).toBe(demoCompany.id);
  });

  it('mails a reset link for each company on forgot password, each naming its company', async () => {
    const res = await server.app.inject({ method: 'POST', url: '/api/users/forgotpassword', payload: { Email: OTHER_EMAIL }, headers: { 'x-language': 'en' } });
    expect(res.statusCode).toBe(200);
    await server.app.jobs.drain();
    for (const company of [demoCompany, otherCompany]) {
      const [mail] = await listOutbox(server.db, company.id, { to: OTHER_EMAIL, kind: 'reset_password', take: 1 });
      expect(mail.text).toContain(`${OTHER_EMAIL} at ${company.name}`);
    }
  });
});
