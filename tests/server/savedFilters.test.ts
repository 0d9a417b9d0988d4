import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SavedFilter, SavedFilterList } from '../../schema/savedFilters';
import { ROLE_IDS } from '../../schema/access/permissions';
import { createTestServer, OTHER_EMAIL, OTHER_PASSWORD, type TestServer } from './harness';

interface ErrorBody {
  ResponseStatus: { ErrorCode: string; Errors?: { FieldName: string }[] };
}

let server: TestServer;
let colleague: string;
let other: string;
const PASSWORD = 'long-enough-pw';
const URL = '/api/savedfilters';

beforeAll(async () => {
  server = await createTestServer();
  other = await server.login(OTHER_EMAIL, OTHER_PASSWORD);
  // A Staff member of the demo company: another person of the same company with the least of roles.
  const email = `staff.${Math.random().toString(36).slice(2)}@example.com`;
  const res = await server.api({ method: 'POST', url: '/api/administrators', payload: { Firstname: 'Sara', Lastname: 'Staff', Email: email, Password: PASSWORD, Roles: [ROLE_IDS.Staff] } });
  expect(res.statusCode, res.body).toBe(200);
  colleague = await server.login(email, PASSWORD);
});
afterAll(async () => {
  await server?.close();
});

async function save(payload: Record<string, unknown>, token?: string): Promise<SavedFilter> {
  const res = await server.api({ method: 'POST', url: URL, payload, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as SavedFilter;
}
async function names(query = '', token?: string): Promise<string[]> {
  const res = await server.api({ method: 'GET', url: `${URL}${query}`, token });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as SavedFilterList).Results.map((f) => f.Name);
}
const fieldsOf = (res: { json(): unknown }) => ((res.json() as ErrorBody).ResponseStatus.Errors ?? []).map((e) => e.FieldName);

describe('/savedfilters', () => {
  it('keeps a private filter for its owner and shows a shared one to the whole company', async () => {
    const mine = await save({ Resource: 'customers', Name: '  Stockholm  ', Filter: { Search: 'Stockholm', Active: true } });
    expect(mine).toMatchObject({ Resource: 'customers', Name: 'Stockholm', Filter: { Search: 'Stockholm', Active: true }, Shared: false, Mine: true });
    const shared = await save({ Resource: 'customers', Name: 'All VIP', Filter: { Group: 'vip' }, Shared: true });
    await save({ Resource: 'services', Name: 'Active services', Filter: { Active: true } });

    expect(await names('?Resource=customers')).toEqual(['All VIP', 'Stockholm']);
    expect(await names('?Resource=customers', colleague)).toEqual(['All VIP']);
    const seen = (await server.api({ method: 'GET', url: `${URL}?Resource=customers`, token: colleague })).json() as SavedFilterList;
    expect(seen.Results[0]).toMatchObject({ Id: shared.Id, Mine: false, Shared: true });
    // The colleague's own private filter is not the administrator's.
    await save({ Resource: 'customers', Name: 'Mine only', Filter: {} }, colleague);
    expect(await names('?Resource=customers')).toEqual(['All VIP', 'Stockholm']);
    expect(await names('?Resource=customers', colleague)).toEqual(['All VIP', 'Mine only']);
  });

  it('lets only the owner delete, and answers 404 for another company or someone else’s private filter', async () => {
    const privateOne = await save({ Resource: 'bookings', Name: 'Today', Filter: { From: '2026-01-01' } });
    const sharedOne = await save({ Resource: 'bookings', Name: 'Unpaid', Filter: { Paid: false }, Shared: true });

    expect((await server.api({ method: 'DELETE', url: `${URL}/${privateOne.Id}`, token: other })).statusCode).toBe(404);
    expect((await server.api({ method: 'DELETE', url: `${URL}/${sharedOne.Id}`, token: other })).statusCode).toBe(404);
    expect(await names('?Resource=bookings', other)).toEqual([]);
    expect((await server.api({ method: 'DELETE', url: `${URL}/${privateOne.Id}`, token: colleague })).statusCode).toBe(404);
    expect((await server.api({ method: 'DELETE', url: `${URL}/${sharedOne.Id}`, token: colleague })).statusCode).toBe(403);
    expect(await names('?Resource=bookings')).toEqual(['Today', 'Unpaid']);

    expect((await server.api({ method: 'DELETE', url: `${URL}/${sharedOne.Id}` })).statusCode).toBe(200);
    expect((await server.api({ method: 'DELETE', url: `${URL}/${privateOne.Id}` })).statusCode).toBe(200);
    expect(await names('?Resource=bookings')).toEqual([]);
    expect((await server.api({ method: 'DELETE', url: `${URL}/${privateOne.Id}` })).statusCode).toBe(404);
  });

  it('refuses bad input with 400 naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ Name: 'x', Filter: {} }, 'Resource'],
      [{ Resource: 'customers', Name: '   ', Filter: {} }, 'Name'],
      [{ Resource: 'customers', Name: 'x'.repeat(101), Filter: {} }, 'Name'],
      [{ Resource: 'customers', Name: 'x', Filter: 'Search=a' }, 'Filter'],
      [{ Resource: 'customers', Name: 'x', Filter: { Search: 'y'.repeat(20_000) } }, 'Filter'],
      [{ Resource: 'cus tomers', Name: 'x', Filter: {} }, 'Resource'],
      [{ Resource: 'customers', Name: 'x', Filter: {}, Shared: 'yes please' }, 'Shared'],
      [{ Resource: 'customers', Name: 'a\u0000b', Filter: {} }, 'Name'],
      [{ Resource: 'customers', Name: 'x', Filter: { Search: 'a\u0000b' } }, 'Filter'],
    ];
    for (const [payload, field] of cases) {
      const res = await server.api({ method: 'POST', url: URL, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      // The field itself, or a value inside it (Filter.Search).
      expect(fieldsOf(res).some((f) => f === field || f.startsWith(`${field}.`)), `${JSON.stringify(payload)}: ${fieldsOf(res).join()}`).toBe(true);
    }
    const badId = await server.api({ method: 'DELETE', url: `${URL}/abc` });
    expect(badId.statusCode).toBe(400);
    expect(fieldsOf(badId)).toContain('Id');
    const badQuery = await server.api({ method: 'GET', url: `${URL}?Resource=${'a'.repeat(200)}` });
    expect(badQuery.statusCode).toBe(400);
    expect(fieldsOf(badQuery)).toContain('Resource');
  });
});
