import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, OTHER_EMAIL, OTHER_PASSWORD, type TestServer } from './harness';
import { verifyPassword } from '../../server/identity/passwords';
import { listOutbox } from '../../server/integrations/mail/index';

interface ResponseStatusBody {
  ResponseStatus: { ErrorCode: string; Message: string; Errors: { FieldName: string; Message: string }[] };
}
interface Page<T> {
  Offset: number;
  Total: number;
  Results: T[];
}
interface AdminBody {
  Id: number;
  Firstname: string;
  Lastname: string;
  Email: string;
  Active: boolean;
  Roles: { Id: number; Name: string }[];
}

let server: TestServer;
let demoUserId: number;
let otherToken: string;

const fields = (body: ResponseStatusBody): string[] => body.ResponseStatus.Errors.map((e) => e.FieldName);
const userCount = async (): Promise<number> => (await server.db.one<{ n: number }>('select count(*)::int as n from users'))!.n;

async function createAdmin(overrides: Record<string, unknown> = {}): Promise<AdminBody> {
  const res = await server.api({
    method: 'POST',
    url: '/api/administrators',
    payload: { Firstname: 'Petra', Lastname: 'Personal', Email: `petra.${Math.random().toString(36).slice(2)}@example.com`, Password: 'long-enough-pw', ...overrides },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AdminBody;
}

beforeAll(async () => {
  server = await createTestServer();
  demoUserId = (await server.db.one<{ id: number }>(`select id from users where email = 'demo@example.com'`))!.id;
  otherToken = await server.login(OTHER_EMAIL, OTHER_PASSWORD);
});

afterAll(async () => {
  await server?.close();
});

describe('administrators', () => {
  it('lists the administrators of the company with their roles', async () => {
    const page = (await server.api({ method: 'GET', url: '/api/administrators' })).json() as Page<AdminBody>;
    expect(page.Results.map((a) => a.Email)).toContain('demo@example.com');
    expect(page.Results.map((a) => a.Email)).not.toContain(OTHER_EMAIL);
    const demo = page.Results.find((a) => a.Email === 'demo@example.com')!;
    expect(demo.Roles.map((r) => r.Id)).toEqual([1]);
  });

  it('lists the roles', async () => {
    const page = (await server.api({ method: 'GET', url: '/api/administrators/roles' })).json() as Page<{ Id: number; Name: string }>;
    expect(page.Results.map((r) => r.Id)).toEqual([1, 2, 3]);
  });

  it('creates an administrator who can then sign in with the password', async () => {
    const email = 'ny.admin@example.com';
    const created = await createAdmin({ Email: email, Roles: [1, 2] });
    expect(created).toMatchObject({ Firstname: 'Petra', Email: email, Active: true });
    expect(created.Roles.map((r) => r.Id)).toEqual([1, 2]);
    const row = await server.db.one<{ subject: string; password_hash: string }>('select subject, password_hash from users where id = $1', [created.Id]);
    expect(row!.subject).toMatch(/^[0-9a-f-]{36}$/);
    expect(await verifyPassword('long-enough-pw', row!.password_hash)).toBe(true);
    const token = await server.login(email, 'long-enough-pw');
    const res = await server.api({ method: 'GET', url: '/api/companies', token });
    expect(res.statusCode).toBe(200);
  });

  it('mails a link to choose a password when the administrator is created without one', async () => {
    const res = await server.api({ method: 'POST', url: '/api/administrators', payload: { Firstname: 'Inbjuden', Lastname: 'Admin', Email: 'invited@example.com' } });
    expect(res.statusCode, res.body).toBe(200);
    const companyId = (await server.db.one<{ company_id: number }>('select company_id from users where id = $1', [demoUserId]))!.company_id;
    await server.app.jobs.drain();
    const mails = await listOutbox(server.db, companyId, { to: 'invited@example.com' });
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain('reset-password');
  });

  it('answers 409 naming Email only when the address is an administrator of this company, in any letter case', async () => {
    const before = await userCount();
    const res = await server.api({ method: 'POST', url: '/api/administrators', payload: { Firstname: 'A', Lastname: 'B', Email: 'DEMO@example.com' } });
    expect(res.statusCode).toBe(409);
    expect(fields(res.json())).toEqual(['Email']);
    expect(await userCount()).toBe(before);
  });

  it('adds an address that has an account in another company exactly as a new address: same answer, same invitation, nothing revealed', async () => {
    const companyId = (await server.db.one<{ company_id: number }>('select company_id from users where id = $1', [demoUserId]))!.company_id;
    const add = (email: string) =>
      server.api({ method: 'POST', url: '/api/administrators', payload: { Firstname: 'Olle', Lastname: 'Båda', Email: email, Roles: [2] } });
    const fresh = await add('never.seen@example.com');
    const elsewhere = await add(OTHER_EMAIL.toUpperCase());
    expect(elsewhere.statusCode).toBe(fresh.statusCode);
    expect(elsewhere.statusCode).toBe(200);
    const [a, b] = [fresh.json() as AdminBody, elsewhere.json() as AdminBody];
    expect(Object.keys(b).sort()).toEqual(Object.keys(a).sort());
    expect(b).toMatchObject({ Email: OTHER_EMAIL.toUpperCase(), Firstname: 'Olle', Active: true, Roles: [expect.objectContaining({ Id: 2 })] });
    // Each gets the same invitation to choose a password for this company, in this company's outbox.
    await server.app.jobs.drain();
    const [toFresh] = await listOutbox(server.db, companyId, { to: 'never.seen@example.com' });
    const [toElsewhere] = await listOutbox(server.db, companyId, { to: OTHER_EMAIL.toUpperCase() });
    expect(toElsewhere.subject).toBe(toFresh.subject);
    const company = (await server.db.one<{ name: string }>('select name from companies where id = $1', [companyId]))!.name;
    expect(toElsewhere.subject).toContain(company);
    for (const mail of [toFresh, toElsewhere]) expect(mail.text).toContain('reset-password');
    // The account in the other company is untouched: its password still opens that company only.
    const res = await server.app.inject({
      method: 'POST',
      url: '/realms/booking-admin/protocol/openid-connect/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ grant_type: 'password', client_id: 'api-users', username: OTHER_EMAIL, password: OTHER_PASSWORD }).toString(),
    });
    expect(res.statusCode).toBe(200);
    const token = res.json<{ access_token: string }>().access_token;
    const theirs = (await server.api({ method: 'GET', url: '/api/administrators', token })).json() as Page<AdminBody>;
    expect(theirs.Results.map((x) => x.Email)).toEqual([OTHER_EMAIL]);
    // A second add of the same address in this company is the only 409.
    expect((await add(OTHER_EMAIL)).statusCode).toBe(409);
  });

  it.each([
    ['Email', { Email: 'not-an-email' }],
    ['Firstname', { Firstname: '' }],
    ['Lastname', { Lastname: 'x'.repeat(101) }],
    ['Password', { Password: 'short' }],
    ['Roles', { Roles: [42] }],
    ['Roles', { Roles: 'admin' }],
    ['Roles', { Roles: [] }],
  ])('answers 400 naming %s and creates nothing', async (field, overrides) => {
    const before = await userCount();
    const res = await server.api({ method: 'POST', url: '/api/administrators', payload: { Firstname: 'A', Lastname: 'B', Email: 'valid.new@example.com', ...overrides } });
    expect(res.statusCode).toBe(400);
    expect(fields(res.json()).some((f) => f === field || f.startsWith(`${field}[`))).toBe(true);
    expect(await userCount()).toBe(before);
  });

  it('updates an administrator, keeping roles not sent', async () => {
    const a = await createAdmin({ Roles: [2] });
    const res = await server.api({ method: 'PUT', url: `/api/administrators/${a.Id}`, payload: { Firstname: 'Ändrad', Lastname: 'Namn', Email: a.Email } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ Firstname: 'Ändrad', Roles: [expect.objectContaining({ Id: 2 })] });
    const taken = await server.api({ method: 'PUT', url: `/api/administrators/${a.Id}`, payload: { Firstname: 'A', Lastname: 'B', Email: 'demo@example.com' } });
    expect(taken.statusCode).toBe(409);
    expect(fields(taken.json())).toEqual(['Email']);
    // An address with an account only in another company is free here.
    await server.db.query(
      `insert into users (company_id, subject, email) select company_id, gen_random_uuid()::text, 'only.there@example.com' from users where email = $1`,
      [OTHER_EMAIL],
    );
    const elsewhere = await server.api({ method: 'PUT', url: `/api/administrators/${a.Id}`, payload: { Firstname: 'A', Lastname: 'B', Email: 'Only.There@example.com' } });
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
  });

  it('never removes the last active administrator role', async () => {
    await server.db.query(`delete from users where company_id = (select company_id from users where id = $1) and id <> $1`, [demoUserId]);
    const demo = { Firstname: 'Demo', Lastname: 'Admin', Email: 'demo@example.com' };
    const res = await server.api({ method: 'PUT', url: `/api/administrators/${demoUserId}`, payload: { ...demo, Roles: [2] } });
    expect(res.statusCode).toBe(409);
    const inactive = await server.api({ method: 'PUT', url: `/api/administrators/${demoUserId}`, payload: { ...demo, Active: false } });
    expect(inactive.statusCode).toBe(409);
    const roles = await server.db.query<{ role_id: number }>('select role_id from user_roles where user_id = $1', [demoUserId]);
    expect(roles.map((r) => r.role_id)).toEqual([1]);
  });

  it('deletes another administrator but never yourself nor the last administrator', async () => {
    const staff = await createAdmin({ Roles: [2] });
    const del = await server.api({ method: 'DELETE', url: `/api/administrators/${staff.Id}` });
    expect(del.statusCode).toBe(200);
    expect((del.json() as AdminBody).Id).toBe(staff.Id);
    expect(await server.db.one('select 1 from users where id = $1', [staff.Id])).toBeUndefined();

    const self = await server.api({ method: 'DELETE', url: `/api/administrators/${demoUserId}` });
    expect(self.statusCode).toBe(400);
    expect(fields(self.json())).toEqual(['Id']);

    // A staff member signed in cannot delete administrators at all (only an Administrator manages them).
    const staff2 = await createAdmin({ Roles: [2], Email: 'staff2@example.com' });
    const staffToken = await server.login('staff2@example.com', 'long-enough-pw');
    const last = await server.api({ method: 'DELETE', url: `/api/administrators/${demoUserId}`, token: staffToken });
    expect(last.statusCode).toBe(403);
    expect(await server.db.one('select 1 from users where id = $1', [demoUserId])).toBeDefined();
    expect(staff2.Id).toBeGreaterThan(0);
  });

  it("answers 404 for another company's administrators and changes nothing", async () => {
    const otherId = (await server.db.one<{ id: number }>('select id from users where email = $1', [OTHER_EMAIL]))!.id;
    expect((await server.api({ method: 'PUT', url: `/api/administrators/${otherId}`, payload: { Firstname: 'X', Lastname: 'Y', Email: 'x@example.com' } })).statusCode).toBe(404);
    expect((await server.api({ method: 'DELETE', url: `/api/administrators/${otherId}` })).statusCode).toBe(404);
    expect(((await server.api({ method: 'GET', url: `/api/administrators?Id=${otherId}` })).json() as Page<AdminBody>).Total).toBe(0);
    expect((await server.api({ method: 'DELETE', url: `/api/administrators/${demoUserId}`, token: otherToken })).statusCode).toBe(404);
    const row = await server.db.one<{ firstname: string }>('select firstname from users where id = $1', [otherId]);
    expect(row!.firstname).toBe('Other');
  });

  it('answers 400 for bad ids and unknown sort fields', async () => {
    expect((await server.api({ method: 'DELETE', url: '/api/administrators/abc' })).statusCode).toBe(400);
    expect((await server.api({ method: 'PUT', url: '/api/administrators/99999999999', payload: { Firstname: 'X', Lastname: 'Y', Email: 'x@example.com' } })).statusCode).toBe(400);
    const bigId = await server.api({ method: 'GET', url: '/api/administrators?Id=99999999999' });
    expect(bigId.statusCode).toBe(400);
    expect(fields(bigId.json())).toEqual(['Id']);
    const sort = await server.api({ method: 'GET', url: '/api/administrators?OrderBy=password_hash' });
    expect(sort.statusCode).toBe(400);
    expect(fields(sort.json())).toEqual(['OrderBy']);
  });
});
