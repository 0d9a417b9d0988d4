import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { SetupProgress, SignUp, SignUpMailbox, SignUpResponse, SignUpVerifyResponse } from '../../schema/signup';
import type { Company, CompanyLicense } from '../../schema/company';
import { DEMO_EMAIL } from '../../server/db/seed';
import { createTestServer, type TestServer } from './harness';

let server: TestServer;
let clients = 0;
/** Each test signs up from its own address, so the per-client limit is only met where a test means to. */
const nextClient = () => `198.51.100.${++clients}`;

interface ErrorBody {
  ResponseStatus: { ErrorCode: string; Message: string; Errors: { FieldName: string; ErrorCode: string; Message: string }[] };
}

const form = (overrides: Partial<SignUp> = {}): SignUp => ({
  CompanyName: 'Fjällstugans Yoga AB',
  OrganisationNumber: '556036-0793',
  CountryId: 'SE',
  Email: `new-${Math.random().toString(36).slice(2)}@example.com`,
  Password: 'Fjällstuga-lösen-2030',
  ...overrides,
});

function signUp(body: unknown, client = nextClient(), lang = 'en'): Promise<LightMyRequestResponse> {
  return server.app.inject({ method: 'POST', url: '/api/signup', payload: body as object, headers: { 'x-forwarded-for': client, 'x-language': lang } });
}

function verify(token: string): Promise<LightMyRequestResponse> {
  return server.app.inject({ method: 'POST', url: '/api/signup/verify', payload: { Token: token }, headers: { 'x-language': 'en' } });
}

async function mailsTo(to: string): Promise<{ kind: string; subject: string; text_body: string; company_id: number | null }[]> {
  await server.app.jobs.drain();
  return server.db.query('select kind, subject, text_body, company_id from mail_outbox where lower(to_address) = lower($1) order by id', [to]);
}

function tokenIn(text: string): string {
  const link = /https?:\/\/\S+\/signup\/verify\?\S+/.exec(text)?.[0];
  expect(link, text).toBeTruthy();
  return new URL(link!).searchParams.get('token')!;
}

/** A valid Swedish organisation number (Luhn check digit) from nine digits. */
function orgNumber(nine: string): string {
  const sum = [...nine].reduce((acc, d, i) => {
    const v = Number(d) * (i % 2 === 0 ? 2 : 1);
    return acc + (v > 9 ? v - 9 : v);
  }, 0);
  return `${nine.slice(0, 6)}-${nine.slice(6)}${(10 - (sum % 10)) % 10}`;
}

const count = async (sql: string, params: (string | number)[] = []) => (await server.db.one<{ n: number }>(sql, params))!.n;
const companies = () => count('select count(*)::int as n from companies');

beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('POST /signup and POST /signup/verify', () => {
  it('creates exactly one company with its administrator once the mailed link is opened, on the free plan with no trial', async () => {
    const body = form();
    const before = await companies();
    const res = await signUp(body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ Email: body.Email, LinkValidHours: 24, MailboxToken: expect.any(String) });
    // Nothing exists until the address is confirmed.
    expect(await companies()).toBe(before);

    const [mail] = await mailsTo(body.Email);
    expect(mail).toMatchObject({ kind: 'signup_verify', subject: 'Confirm the sign-up of Fjällstugans Yoga AB', company_id: null });
    const token = tokenIn(mail.text_body);

    const verified = await verify(token);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json<SignUpVerifyResponse>()).toEqual({ Email: body.Email, CompanyName: 'Fjällstugans Yoga AB' });
    expect(await companies()).toBe(before + 1);

    // The link works once.
    const again = await verify(token);
    expect(again.statusCode).toBe(400);
    expect(again.json<ErrorBody>().ResponseStatus.Errors[0]).toMatchObject({ FieldName: 'Token', ErrorCode: 'SignUpLinkInvalid' });
    expect(await companies()).toBe(before + 1);

    // The administrator signs in with the password chosen at sign-up and sees the new company.
    const token2 = await server.login(body.Email, body.Password);
    const company = (await server.api({ method: 'GET', url: '/api/companies', token: token2 })).json<{ Results: Company[] }>().Results[0];
    expect(company).toMatchObject({ Name: 'Fjällstugans Yoga AB', OrganisationNumber: '556036-0793', CountryId: 'SE', Email: body.Email, StatusId: 1, TimeZone: 'Europe/Stockholm', CurrencyId: 'SEK' });
    const admins = await server.db.query<{ email: string; email_verified: boolean; role_id: number }>(
      'select u.email, u.email_verified, ur.role_id from users u join user_roles ur on ur.user_id = u.id where u.company_id = $1',
      [company.Id],
    );
    expect(admins).toEqual([{ email: body.Email, email_verified: true, role_id: 1 }]);
    // The profile says the address is verified, so the account page asks for nothing more.
    const profile = (await server.api({ method: 'GET', url: '/api/users', token: token2 })).json<{ Email: string; EmailVerified: boolean }>();
    expect(profile).toMatchObject({ Email: body.Email, EmailVerified: true });
    const licenses = (await server.api({ method: 'GET', url: '/api/licenses/company', token: token2 })).json<{ Results: CompanyLicense[] }>().Results;
    expect(licenses).toEqual([expect.objectContaining({ TypeId: 1, Active: true, Canceled: false })]);
    expect(await count('select count(*)::int as n from booking_settings where company_id = $1', [company.Id])).toBe(1);
    // The agreement is still to be accepted (the admin asks on first sign-in).
    const agreement = (await server.api({ method: 'GET', url: '/api/users/agreement', token: token2 })).json<{ AgreedToLatest: boolean }>();
    expect(agreement.AgreedToLatest).toBe(false);
    // The new company sees nothing of the demo company.
    const services = (await server.api({ method: 'GET', url: '/api/services?Take=100', token: token2 })).json<{ Total: number }>();
    expect(services.Total).toBe(0);
  });

  it('answers a taken e-mail exactly as a new one, and mails the existing account instead of creating anything', async () => {
    const before = await companies();
    const fresh = await signUp(form({ Email: 'someone-new@example.com', OrganisationNumber: orgNumber('556703748') }));
    const taken = await signUp(form({ Email: DEMO_EMAIL.toUpperCase(), OrganisationNumber: orgNumber('556703748') }));
    expect(fresh.statusCode).toBe(200);
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(Object.keys(taken.json())).toEqual(Object.keys(fresh.json()));
    // Each answer has its own sandbox mailbox key (this server has no SMTP_URL); the rest is the same.
    expect(taken.json()).toEqual({ ...fresh.json(), Email: DEMO_EMAIL.toUpperCase(), MailboxToken: expect.any(String) });

    const [notice] = await mailsTo(DEMO_EMAIL);
    expect(notice).toMatchObject({ kind: 'signup_existing', subject: 'You already have an account in Booking admin' });
    expect(notice.text_body).not.toMatch(/signup\/verify/);
    expect(notice.text_body).toContain('/login-actions/forgot-password');
    expect(await companies()).toBe(before);
  });

  it('answers a taken organisation number as a new one and tells the company that has it, not the person signing up', async () => {
    const email = 'probe@example.com';
    const taken = await signUp(form({ Email: email, OrganisationNumber: '5566778899' }));
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toEqual({ Email: email, LinkValidHours: 24, MailboxToken: expect.any(String) });
    expect(await mailsTo(email)).toEqual([]);
    const [notice] = await mailsTo('info@solrosen.example.com');
    expect(notice).toMatchObject({ kind: 'signup_company_exists' });
    expect(notice.text_body).toContain(email);
  });

  it('answers 400 naming the field for bad input and writes nothing', async () => {
    const rows = () => count('select count(*)::int as n from signup_requests');
    const before = await rows();
    const cases: [Partial<SignUp> | Record<string, unknown>, string][] = [
      [{ OrganisationNumber: '556036-0794' }, 'OrganisationNumber'],
      [{ CountryId: 'NO', OrganisationNumber: '556036-0793' }, 'OrganisationNumber'],
      [{ CompanyName: '   ' }, 'CompanyName'],
      [{ Email: 'not-an-address' }, 'Email'],
      [{ Password: 'short' }, 'Password'],
      [{ Password: 'password123' }, 'Password'],
      [{ CountryId: 'US' }, 'CountryId'],
    ];
    for (const [overrides, field] of cases) {
      const res = await signUp({ ...form(), ...overrides });
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(res.json<ErrorBody>().ResponseStatus.Errors.map((e) => e.FieldName)).toContain(field);
    }
    const { CompanyName: _omitted, ...missing } = form();
    const res = await signUp(missing);
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().ResponseStatus.Errors.map((e) => e.FieldName)).toContain('CompanyName');
    expect(await rows()).toBe(before);
    // Valid numbers of the other Nordic countries pass.
    expect((await signUp(form({ CountryId: 'NO', OrganisationNumber: '923609016' }))).statusCode).toBe(200);
    expect((await signUp(form({ CountryId: 'FI', OrganisationNumber: '0112038-9' }))).statusCode).toBe(200);
  });

  it('refuses a client past five sign-ups an hour with 429 and Retry-After, in the caller language', async () => {
    const client = nextClient();
    for (let i = 0; i < 5; i++) expect((await signUp(form(), client)).statusCode).toBe(200);
    const refused = await signUp(form(), client, 'sv');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json<ErrorBody>().ResponseStatus).toMatchObject({ ErrorCode: 'TooManySignUps', Message: expect.stringContaining('För många registreringar') });
    // Another client is not held up.
    expect((await signUp(form())).statusCode).toBe(200);
  });

  it('refuses unknown, expired and second links for one address', async () => {
    expect((await verify('not-a-token')).statusCode).toBe(400);
    const email = 'twice@example.com';
    expect((await signUp(form({ Email: email, OrganisationNumber: orgNumber('556677123') }))).statusCode).toBe(200);
    expect((await signUp(form({ Email: email, OrganisationNumber: orgNumber('556677123') }))).statusCode).toBe(200);
    const [first, second] = (await mailsTo(email)).map((m) => tokenIn(m.text_body));
    const before = await companies();
    expect((await verify(second)).statusCode).toBe(200);
    // The other link of the same address cannot make a second company.
    expect((await verify(first)).statusCode).toBe(400);
    expect(await companies()).toBe(before + 1);

    expect((await signUp(form({ Email: 'late@example.com', OrganisationNumber: orgNumber('556000000') }))).statusCode).toBe(200);
    const [late] = await mailsTo('late@example.com');
    await server.db.query(`update signup_requests set expires_at = now() - interval '1 minute' where lower(email) = 'late@example.com'`);
    expect((await verify(tokenIn(late.text_body))).statusCode).toBe(400);
  });
});

describe('links opened at the same time', () => {
  it('make one company for one organisation number, whichever commits first', async () => {
    const number = orgNumber('556123456');
    const emails = ['first-at-once@example.com', 'second-at-once@example.com'];
    for (const email of emails) expect((await signUp(form({ Email: email, OrganisationNumber: number }))).statusCode).toBe(200);
    const tokens = await Promise.all(emails.map(async (email) => tokenIn((await mailsTo(email))[0].text_body)));
    const answers = await Promise.all(tokens.map((token) => verify(token)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    expect(await count(`select count(*)::int as n from companies where organisation_number = $1`, [number])).toBe(1);
  });
});

describe('company status', () => {
  it('moves registered → awaiting approval on send for approval, once; approved is data', async () => {
    const body = form({ Email: 'status@example.com', OrganisationNumber: orgNumber('556036080') });
    expect((await signUp(body)).statusCode).toBe(200);
    const [mail] = await mailsTo(body.Email);
    expect((await verify(tokenIn(mail.text_body))).statusCode).toBe(200);
    const token = await server.login(body.Email, body.Password);
    const company = (await server.api({ method: 'GET', url: '/api/companies', token })).json<{ Results: Company[] }>().Results[0];
    expect(company.StatusId).toBe(1);
    const sent = await server.api({ method: 'PUT', url: `/api/companies/${company.Id}/sendforapproval`, token });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json<Company>().StatusId).toBe(2);
    const twice = await server.api({ method: 'PUT', url: `/api/companies/${company.Id}/sendforapproval`, token });
    expect(twice.statusCode).toBe(409);
    await server.db.query('update companies set status_id = 3 where id = $1', [company.Id]);
    expect((await server.api({ method: 'GET', url: '/api/companies', token })).json<{ Results: Company[] }>().Results[0].StatusId).toBe(3);
  });
});

describe('the sign-in page', () => {
  it('links to the sign-up page in its language', async () => {
    const start = await server.app.inject({
      method: 'GET',
      url: `/realms/booking-admin/protocol/openid-connect/auth?${new URLSearchParams({
        client_id: 'booking-admin-web',
        redirect_uri: 'http://localhost:8080/auth',
        response_type: 'code',
        scope: 'openid',
        code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
        code_challenge_method: 'S256',
        ui_locales: 'en',
      })}`,
    });
    expect(start.statusCode).toBe(303);
    const page = await server.app.inject({ method: 'GET', url: start.headers.location!, cookies: Object.fromEntries(start.cookies.map((c) => [c.name, c.value])) });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('href="http://localhost:8080/signup?lang=en"');
    expect(page.body).toContain('Sign up your company');
  });
});

describe('the first-service wizard', () => {
  it("gives a new company free times with the wizard's calls: a service with a price, a resource and a schedule", async () => {
    const body = form({ Email: 'wizard@example.com', OrganisationNumber: orgNumber('556036081') });
    expect((await signUp(body)).statusCode).toBe(200);
    const [mail] = await mailsTo(body.Email);
    expect((await verify(tokenIn(mail.text_body))).statusCode).toBe(200);
    const token = await server.login(body.Email, body.Password);
    const progress = async () => {
      const res = await server.api({ method: 'GET', url: '/api/signup/progress', token });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<SetupProgress>();
    };
    expect(await progress()).toEqual({ HasBookableService: false, StatusId: 1 });
    const post = async <T>(url: string, payload: object): Promise<T> => {
      const res = await server.api({ method: 'POST', url, payload, token });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      return res.json<T>();
    };
    const service = await post<{ Id: number }>('/api/services', { Name: 'Yoga 60 min', Description: 'Hatha yoga', Duration: 60 });
    // A service alone, or with a price and a resource but no schedule, is not bookable yet.
    expect((await progress()).HasBookableService).toBe(false);
    await post('/api/services/prices', { ServiceId: service.Id, Price: 200, VAT: 6 });
    const type = await post<{ Id: number }>('/api/resourcetypes', { Name: 'Yoga 60 min' });
    await post('/api/resource', { Name: 'Sal 1', ResourceTypeIds: [type.Id] });
    await post(`/api/services/${service.Id}/resourcetypes`, { ResourceTypeId: type.Id });
    expect((await progress()).HasBookableService).toBe(false);
    await post('/api/schedules/recurring', { Name: 'Yoga 60 min', TimeInterval: 60, StartTime: '09:00', EndTime: '12:00', DaysOfWeek: [1, 2, 3, 4, 5], Services: [{ Id: service.Id }] });
    expect(await progress()).toEqual({ HasBookableService: true, StatusId: 1 });
    // Another company's bookable services count for nothing here, and the demo company has its own.
    expect((await server.api({ method: 'GET', url: '/api/signup/progress' })).json<SetupProgress>()).toEqual({ HasBookableService: true, StatusId: 3 });
    const res = await server.api({ method: 'GET', url: `/api/services/${service.Id}/availabletimes?From=2030-03-04&To=2030-03-05`, token });
    expect(res.statusCode, res.body).toBe(200);
    const times = res.json<{ Times: { From: string; Free: boolean }[] }>().Times;
    expect(times.filter((t) => t.Free).map((t) => t.From)).toEqual([
      '2030-03-04T09:00:00',
      '2030-03-04T10:00:00',
      '2030-03-04T11:00:00',
      '2030-03-05T09:00:00',
      '2030-03-05T10:00:00',
      '2030-03-05T11:00:00',
    ]);
  });
});

/** The verification links in a text (the mailed one, or the one the log line names). */
const linksIn = (text: string): string[] => text.match(/https?:\/\/\S+\/signup\/verify\?\S+/g) ?? [];

function readMailbox(token: unknown): Promise<LightMyRequestResponse> {
  return server.app.inject({ method: 'POST', url: '/api/signup/mail', payload: { Token: token }, headers: { 'x-language': 'en' } });
}

/** What the sandbox mailbox of a sign-up shows once the queue has delivered its mail. */
async function mailbox(token: string): Promise<SignUpMailbox> {
  await server.app.jobs.drain();
  const res = await readMailbox(token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SignUpMailbox>();
}

describe('sign-up without SMTP_URL (mail stays in the sandbox)', () => {
  it('logs the verification link at info level and opens the sign-up’s own mail with the key of its answer', async () => {
    const info = vi.spyOn(server.app.log, 'info');
    try {
      const body = form({ Email: 'sandbox-reader@example.com', OrganisationNumber: orgNumber('556036082') });
      const res = await signUp(body);
      expect(res.statusCode, res.body).toBe(200);
      const { MailboxToken } = res.json<SignUpResponse>();
      expect(MailboxToken).toMatch(/^[\w-]{40,}$/);

      // The log line names the link the mail carries.
      const logged = info.mock.calls.map((call) => call.map(String).join(' ')).filter((line) => line.includes('/signup/verify?'));
      expect(logged).toHaveLength(1);
      expect(logged[0]).toContain(body.Email);
      const [mailed] = await mailsTo(body.Email);
      expect(linksIn(logged[0])).toEqual(linksIn(mailed.text_body));

      // The sign-up's mailbox shows that mail, as caught, and nothing else.
      const box = await mailbox(MailboxToken!);
      expect(box).toEqual({
        Email: body.Email,
        Waiting: false,
        Mails: [{ To: body.Email, Subject: 'Confirm the sign-up of Fjällstugans Yoga AB', Text: mailed.text_body, Sent: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/) }],
      });
      // Following the link in it creates the company.
      expect((await verify(tokenIn(box.Mails[0].Text))).statusCode).toBe(200);
    } finally {
      info.mockRestore();
    }
  });

  it('says the mail is on its way until the queue has delivered it', async () => {
    const body = form({ Email: 'sandbox-early@example.com', OrganisationNumber: orgNumber('556036083') });
    const { MailboxToken } = (await signUp(body)).json<SignUpResponse>();
    const early = await readMailbox(MailboxToken);
    expect(early.statusCode).toBe(200);
    expect(early.json<SignUpMailbox>()).toEqual({ Email: body.Email, Mails: [], Waiting: true });
    expect((await mailbox(MailboxToken!)).Mails).toHaveLength(1);
  });

  it("never shows another sign-up's mail: each key opens its own request only, and nothing else opens any", async () => {
    const anna = form({ Email: 'anna-mailbox@example.com', OrganisationNumber: orgNumber('556036084') });
    const bo = form({ Email: 'bo-mailbox@example.com', OrganisationNumber: orgNumber('556036085') });
    const annaKey = (await signUp(anna)).json<SignUpResponse>().MailboxToken!;
    const boKey = (await signUp(bo)).json<SignUpResponse>().MailboxToken!;
    // Anna signs up twice with the same address: her first key still opens only the first mail.
    const annaAgainKey = (await signUp(anna)).json<SignUpResponse>().MailboxToken!;
    const annaBox = await mailbox(annaKey);
    const boBox = await mailbox(boKey);
    const annaAgainBox = await mailbox(annaAgainKey);
    expect(annaBox.Mails.map((m) => m.To)).toEqual([anna.Email]);
    expect(boBox.Mails.map((m) => m.To)).toEqual([bo.Email]);
    expect(annaAgainBox.Mails).toHaveLength(1);
    const links = [annaBox, boBox, annaAgainBox].map((box) => linksIn(box.Mails[0].Text)[0]);
    expect(new Set(links).size).toBe(3);

    // Neither a made-up key, nor the verification token, nor the other sign-up's key with a change opens anything.
    const verificationToken = tokenIn(boBox.Mails[0].Text);
    for (const wrong of ['not-a-key', verificationToken, `${boKey.slice(0, -1)}${boKey.endsWith('A') ? 'B' : 'A'}`, ' ']) {
      const res = await readMailbox(wrong);
      expect(res.statusCode, `${wrong}: ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.body).not.toContain('signup/verify');
    }
    for (const hostile of [null, 42, ['x'], { Token: 'x' }, 'x'.repeat(201)]) {
      const res = await readMailbox(hostile);
      expect(res.statusCode, JSON.stringify(hostile)).toBe(400);
    }
  });

  it('shows the notice to an address that has an account, and never the notice to the company whose number was taken', async () => {
    const takenAddress = (await signUp(form({ Email: DEMO_EMAIL, OrganisationNumber: orgNumber('556036086') }))).json<SignUpResponse>();
    const takenBox = await mailbox(takenAddress.MailboxToken!);
    expect(takenBox.Mails.map((m) => [m.To, m.Subject])).toEqual([[DEMO_EMAIL, 'You already have an account in Booking admin']]);
    expect(takenBox.Mails[0].Text).not.toContain('/signup/verify');

    // The demo company's number: its owner is told at its own address; the one signing up sees no mail.
    const email = 'number-prober@example.com';
    const takenNumber = (await signUp(form({ Email: email, OrganisationNumber: '556677-8899' }))).json<SignUpResponse>();
    expect(await mailbox(takenNumber.MailboxToken!)).toEqual({ Email: email, Mails: [], Waiting: false });
    const [notice] = await mailsTo('info@solrosen.example.com');
    expect(notice).toMatchObject({ kind: 'signup_company_exists' });
  });
});

describe('sign-up with SMTP_URL set', () => {
  let smtp: TestServer;
  const info = vi.fn();

  beforeAll(async () => {
    const saved = process.env.SMTP_URL;
    process.env.SMTP_URL = 'smtp://127.0.0.1:9'; // nothing listens on the discard port: the mail waits in the outbox
    try {
      smtp = await createTestServer();
    } finally {
      if (saved === undefined) delete process.env.SMTP_URL;
      else process.env.SMTP_URL = saved;
    }
  });
  afterAll(async () => {
    await smtp?.close();
  });

  it('gives no mailbox key, logs no link and opens no mailbox', async () => {
    const spy = vi.spyOn(smtp.app.log, 'info').mockImplementation(info);
    try {
      const body = form({ Email: 'smtp-signup@example.com', OrganisationNumber: orgNumber('556036087') });
      const res = await smtp.app.inject({ method: 'POST', url: '/api/signup', payload: body, headers: { 'x-forwarded-for': nextClient(), 'x-language': 'en' } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ Email: body.Email, LinkValidHours: 24 });
      expect(info.mock.calls.flat().map(String).join('\n')).not.toContain('/signup/verify');
      const row = await smtp.db.one<{ mailbox_token_hash: string | null }>('select mailbox_token_hash from signup_requests where email = $1', [body.Email]);
      expect(row).toEqual({ mailbox_token_hash: null });
      const box = await smtp.app.inject({ method: 'POST', url: '/api/signup/mail', payload: { Token: 'anything-at-all' } });
      expect(box.statusCode).toBe(404);
      expect(box.body).not.toContain(body.Email);
    } finally {
      spy.mockRestore();
    }
  });
});
