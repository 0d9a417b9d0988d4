import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from './harness';
import { verifyPassword } from '../../server/identity/passwords';
import { ROLE_IDS } from '../../schema/access/permissions';
import en from '../../locales/en.json' with { type: 'json' };
import sv from '../../locales/sv.json' with { type: 'json' };

interface ResponseStatusBody {
  ResponseStatus: { ErrorCode: string; Message: string };
}

let server: TestServer;
let demoUserId: number;
const PASSWORD = 'long-enough-pw';

/** A new user of the demo company with these roles; returns its id and e-mail. */
async function addUser(roles: number[]): Promise<{ id: number; email: string }> {
  const email = `user.${Math.random().toString(36).slice(2)}@example.com`;
  const res = await server.api({
    method: 'POST',
    url: '/api/administrators',
    payload: { Firstname: 'Rolf', Lastname: 'Roll', Email: email, Password: PASSWORD, Roles: roles },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { id: (res.json() as { Id: number }).Id, email };
}

async function as(email: string, options: Parameters<TestServer['api']>[0]) {
  return server.api({ ...options, token: await server.login(email, PASSWORD) });
}

/** A new sign-in (the password grant), past the harness's cached token. */
async function signInAgain(email: string): Promise<string> {
  const res = await server.app.inject({
    method: 'POST',
    url: `/realms/${server.config.realm}/protocol/openid-connect/token`,
    payload: new URLSearchParams({ grant_type: 'password', client_id: server.config.apiClientId, username: email, password: PASSWORD }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { access_token: string }).access_token;
}

function expectInvalidRole(res: { statusCode: number; json(): unknown }, message = en.apiMessages.invalidRole): void {
  expect(res.statusCode).toBe(403);
  const body = res.json() as ResponseStatusBody;
  expect(body.ResponseStatus.ErrorCode).toBe('InvalidRole');
  expect(body.ResponseStatus.Message).toBe(message);
}

const adminInput = (email: string, extra: Record<string, unknown> = {}) => ({ Firstname: 'Demo', Lastname: 'Admin', Email: email, ...extra });

beforeAll(async () => {
  server = await createTestServer();
  demoUserId = (await server.db.one<{ id: number }>(`select id from users where email = 'demo@example.com'`))!.id;
});

afterAll(async () => {
  await server?.close();
});

describe('every route declares what it needs', () => {
  it('gives every registered /api route an area and action, or marks it public', () => {
    const guards = server.app.routeGuards;
    expect(guards.length).toBeGreaterThan(100);
    const without = guards.filter((g) => !g.public && !g.permission).map((g) => `${g.method} ${g.url}`);
    expect(without).toEqual([]);
    const need = (method: string, url: string) => guards.find((g) => g.method === method && g.url === url)?.permission;
    expect(need('POST', '/api/administrators')).toEqual({ area: 'administrators', action: 'write' });
    expect(need('GET', '/api/customers')).toEqual({ area: 'customers', action: 'read' });
    expect(need('GET', '/api/users')).toEqual({ area: 'account', action: 'read' });
  });
});

describe('Staff', () => {
  let staff: { id: number; email: string };
  beforeAll(async () => {
    staff = await addUser([ROLE_IDS.Staff]);
  });

  it('cannot create administrators', async () => {
    const before = (await server.db.one<{ n: number }>('select count(*)::int as n from users'))!.n;
    const res = await as(staff.email, { method: 'POST', url: '/api/administrators', payload: adminInput('sneaky@example.com', { Password: PASSWORD, Roles: [1] }) });
    expectInvalidRole(res);
    expect((await server.db.one<{ n: number }>('select count(*)::int as n from users'))!.n).toBe(before);
  });

  it('cannot give itself the Administrator role', async () => {
    const res = await as(staff.email, { method: 'PUT', url: `/api/administrators/${staff.id}`, payload: adminInput(staff.email, { Roles: [1, 2] }) });
    expectInvalidRole(res);
    const roles = await server.db.query<{ role_id: number }>('select role_id from user_roles where user_id = $1', [staff.id]);
    expect(roles.map((r) => r.role_id)).toEqual([ROLE_IDS.Staff]);
  });

  it("cannot set another administrator's password", async () => {
    const res = await as(staff.email, { method: 'PUT', url: `/api/administrators/${demoUserId}`, payload: adminInput('demo@example.com', { Password: 'taken-over-pw' }) });
    expectInvalidRole(res);
    const row = await server.db.one<{ password_hash: string }>('select password_hash from users where id = $1', [demoUserId]);
    expect(await verifyPassword('taken-over-pw', row!.password_hash)).toBe(false);
  });

  it('cannot delete administrators, list them or send them verification mails', async () => {
    expectInvalidRole(await as(staff.email, { method: 'DELETE', url: `/api/administrators/${demoUserId}` }));
    expect(await server.db.one('select 1 from users where id = $1', [demoUserId])).toBeTruthy();
    expectInvalidRole(await as(staff.email, { method: 'GET', url: '/api/administrators' }));
    expectInvalidRole(await as(staff.email, { method: 'POST', url: `/api/users/${demoUserId}/verify` }));
  });

  it('cannot change the company, billing or the catalogue', async () => {
    const company = (await as(staff.email, { method: 'GET', url: '/api/companies' })).json() as { Results: { Id: number }[] };
    expectInvalidRole(await as(staff.email, { method: 'PUT', url: `/api/companies/${company.Results[0].Id}`, payload: { Name: 'Mine now' } }));
    expectInvalidRole(await as(staff.email, { method: 'GET', url: '/api/billing/company' }));
    expectInvalidRole(await as(staff.email, { method: 'POST', url: '/api/services', payload: { Name: 'Free yoga' } }));
    expectInvalidRole(await as(staff.email, { method: 'DELETE', url: '/api/rebatecodes/1' }));
  });

  it('gets the refusal in its own language', async () => {
    const res = await as(staff.email, { method: 'GET', url: '/api/administrators', headers: { 'x-language': 'sv' } });
    expectInvalidRole(res, sv.apiMessages.invalidRole);
  });

  it('works with customers, reads services, resources and schedules, and uses its own account', async () => {
    const memberField = await server.db.one<{ id: number }>(
      `select f.id from custom_fields f join users u on u.company_id = f.company_id
        where u.id = $1 and f.table_name = 'RegisteredUsers' and f.name = 'Medlemsnummer'`,
      [staff.id],
    );
    const created = await as(staff.email, {
      method: 'POST',
      url: '/api/customers',
      payload: { Firstname: 'Stina', Lastname: 'Staff', Email: 'stina.staff@example.com', CustomFieldValues: [{ Id: memberField!.id, Value: 'M12345' }] },
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = (created.json() as { Id: number }).Id;
    const comment = await as(staff.email, { method: 'POST', url: `/api/customers/${id}/comments`, payload: { Heading: 'Note', Comment: 'Prefers mornings' } });
    expect(comment.statusCode, comment.body).toBe(200);
    for (const url of ['/api/customers', '/api/services', '/api/resource', '/api/resourcetypes', '/api/schedules/recurring', '/api/customfields', '/api/users', '/api/companies', '/api/countries']) {
      const res = await as(staff.email, { method: 'GET', url });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    }
    const password = await as(staff.email, { method: 'PUT', url: '/api/users/password', payload: { CurrentPassword: PASSWORD, NewPassword: 'another-long-pw' } });
    expect(password.statusCode, password.body).toBe(200);
    await server.db.query('update users set password_hash = $1 where id = $2', [
      (await server.db.one<{ password_hash: string }>('select password_hash from users where id = $1', [demoUserId]))!.password_hash,
      staff.id,
    ]);
  });
});

describe('Accountant', () => {
  it('cannot write customers but reads billing and promo-code reports', async () => {
    const accountant = await addUser([ROLE_IDS.Accountant]);
    expectInvalidRole(await as(accountant.email, { method: 'POST', url: '/api/customers', payload: { Firstname: 'A', Lastname: 'B' } }));
    expectInvalidRole(await as(accountant.email, { method: 'GET', url: '/api/customers' }));
    for (const url of ['/api/billing/company', '/api/rebatecodes/usages', '/api/users']) {
      const res = await as(accountant.email, { method: 'GET', url });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    }
  });
});

describe('changes to an administrator take effect on their next request', () => {
  it('a role change', async () => {
    const user = await addUser([ROLE_IDS.Administrator]);
    expect((await as(user.email, { method: 'GET', url: '/api/administrators' })).statusCode).toBe(200);
    const demoted = await server.api({ method: 'PUT', url: `/api/administrators/${user.id}`, payload: adminInput(user.email, { Roles: [ROLE_IDS.Accountant] }) });
    expect(demoted.statusCode, demoted.body).toBe(200);
    // A role change ends the person's sessions (issue 21); signed in again, the new role holds.
    expect((await as(user.email, { method: 'GET', url: '/api/billing/company' })).statusCode).toBe(401);
    const token = await signInAgain(user.email);
    expectInvalidRole(await server.api({ method: 'GET', url: '/api/administrators', token }));
    expect((await server.api({ method: 'GET', url: '/api/billing/company', token })).statusCode).toBe(200);
  });

  it('deactivation', async () => {
    const user = await addUser([ROLE_IDS.Administrator]);
    expect((await as(user.email, { method: 'GET', url: '/api/customers' })).statusCode).toBe(200);
    const off = await server.api({ method: 'PUT', url: `/api/administrators/${user.id}`, payload: adminInput(user.email, { Active: false }) });
    expect(off.statusCode, off.body).toBe(200);
    expect((await as(user.email, { method: 'GET', url: '/api/customers' })).statusCode).toBe(401);
  });

  it('deletion', async () => {
    const user = await addUser([ROLE_IDS.Administrator]);
    expect((await as(user.email, { method: 'GET', url: '/api/customers' })).statusCode).toBe(200);
    expect((await server.api({ method: 'DELETE', url: `/api/administrators/${user.id}` })).statusCode).toBe(200);
    expect((await as(user.email, { method: 'GET', url: '/api/customers' })).statusCode).toBe(401);
  });
});

describe('Administrator', () => {
  it('manages other administrators, their roles and passwords', async () => {
    const user = await addUser([ROLE_IDS.Staff]);
    const res = await server.api({ method: 'PUT', url: `/api/administrators/${user.id}`, payload: adminInput(user.email, { Roles: [1], Password: 'a-new-long-pw' }) });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { Roles: { Id: number }[] }).Roles.map((r) => r.Id)).toEqual([1]);
  });
});
