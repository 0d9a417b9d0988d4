/**
 * History (issue 39): every create, update and delete through a declared route writes exactly one
 * entry, in its transaction, naming the user and the changed fields; secrets never; the audit list
 * filters by record, user, action and days; a refused write leaves none.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../../schema/history';
import type { QueryResponse } from '../../schema/common';
import { ROLE_IDS } from '../../schema/access/permissions';
import { createTestServer, OTHER_EMAIL, OTHER_PASSWORD, type TestServer } from './harness';
import { changesOf } from '../../server/autoquery/history';
import { defineResource } from '../../server/autoquery/index';

let server: TestServer;

beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

async function history(query: string, token?: string): Promise<QueryResponse<HistoryEntry>> {
  const res = await server.api({ method: 'GET', url: `/api/history${query}`, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as QueryResponse<HistoryEntry>;
}

async function send(method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: Record<string, unknown>) {
  const res = await server.api({ method, url, payload });
  return res;
}

describe('/history', () => {
  it('writes one entry per create, update and delete, naming the user and only the changed fields', async () => {
    const created = await send('POST', '/api/articles', { Name: 'Handduk', Price: 25, VAT: 25, Active: true, ArticleTypeId: 1 });
    expect(created.statusCode, created.body).toBe(200);
    const id = (created.json() as { Id: number }).Id;
    const updated = await send('PUT', `/api/articles/${id}`, { Name: 'Badlakan', Price: 25, VAT: 25, Active: true, ArticleTypeId: 1 });
    expect(updated.statusCode, updated.body).toBe(200);
    // Saved unchanged: no entry.
    expect((await send('PUT', `/api/articles/${id}`, { Name: 'Badlakan', Price: 25, VAT: 25, Active: true, ArticleTypeId: 1 })).statusCode).toBe(200);
    expect((await send('DELETE', `/api/articles/${id}`)).statusCode).toBe(200);

    const page = await history(`?Resource=/articles&RecordId=${id}`);
    expect(page.Results.map((e) => e.Action)).toEqual(['delete', 'update', 'create']);
    const [removed, update, create] = page.Results;
    expect(update.Changes).toEqual([{ Field: 'Name', Before: 'Handduk', After: 'Badlakan' }]);
    expect(update).toMatchObject({ Resource: '/articles', RecordId: id, Actor: expect.stringContaining('@') });
    expect(update.UserId).toBeGreaterThan(0);
    expect(update.At).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    expect(create.Changes).toEqual(expect.arrayContaining([{ Field: 'Name', Before: null, After: 'Handduk' }, { Field: 'Price', Before: null, After: 25 }]));
    expect(removed.Changes).toEqual(expect.arrayContaining([{ Field: 'Name', Before: 'Badlakan', After: null }]));
  });

  it('keeps the fields a body carries beyond columns (custom field values, links) and never a password', async () => {
    const customer = await send('POST', '/api/customers', { Firstname: 'Ada', Lastname: 'Berg', CustomFieldValues: [{ Id: 2, Value: 'M1234' }] });
    expect(customer.statusCode, customer.body).toBe(200);
    const id = (customer.json() as { Id: number }).Id;
    const changed = await send('PUT', `/api/customers/${id}`, { Firstname: 'Ada', Lastname: 'Berg', CustomFieldValues: [{ Id: 2, Value: 'M2345' }] });
    expect(changed.statusCode, changed.body).toBe(200);
    const [update] = (await history(`?Resource=/customers&RecordId=${id}`)).Results;
    expect(update.Changes.map((c) => c.Field)).toEqual(['CustomFieldValues']);

    const email = `history.${Math.random().toString(36).slice(2)}@example.com`;
    const admin = await send('POST', '/api/administrators', { Firstname: 'Hedda', Lastname: 'Hist', Email: email, Password: 'long-enough-pw', Roles: [ROLE_IDS.Staff] });
    expect(admin.statusCode, admin.body).toBe(200);
    const all = JSON.stringify((await history('?Take=1000')).Results);
    expect(all).not.toContain('long-enough-pw');
  });

  it('leaves no entry for a refused write, and filters the audit list', async () => {
    const before = (await history('?Take=1')).Total;
    const refused = await send('POST', '/api/articles', { Name: '  ', Price: 25, VAT: 25, ArticleTypeId: 1 });
    expect(refused.statusCode).toBe(400);
    expect((await history('?Take=1')).Total).toBe(before);

    const today = (await history('?Take=1')).Results[0].At.slice(0, 10);
    expect((await history(`?From=${today}&To=${today}&Action=create`)).Results.every((e) => e.Action === 'create' && e.At.startsWith(today))).toBe(true);
    expect((await history('?From=2001-01-01&To=2001-01-02')).Total).toBe(0);
    expect((await history('?Action=delete')).Results.every((e) => e.Action === 'delete')).toBe(true);
    // Past the last page: no entries, and the total still counted (with and without a date filter).
    const all = (await history('?Take=1')).Total;
    expect(await history(`?Skip=${all + 994}`)).toMatchObject({ Total: all, Results: [] });
    expect((await history(`?Skip=${all + 994}&From=${today}`)).Results).toEqual([]);
  });

  it('is the company’s own and the administrators’', async () => {
    const other = await server.login(OTHER_EMAIL, OTHER_PASSWORD);
    const theirs = await history('?Take=1000', other);
    expect(theirs.Results.some((e) => e.Resource === '/articles')).toBe(false);
    const bad = await server.api({ method: 'GET', url: '/api/history?Action=rename' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('changesOf', () => {
  const users = defineResource<{ Id: number; Name: string; Password: string; ApiToken: string; Note: string }, Record<string, unknown>, object>({
    entity: 'Thing',
    path: '/things',
    table: 'things',
    fields: { Id: { column: 'id', readOnly: true }, Name: 'name', Password: 'password', ApiToken: 'api_token', Note: 'note' },
    sort: ['Id'],
    history: { omit: ['Note'] },
  });

  it('never keeps passwords, secrets, tokens or the fields a declaration omits', () => {
    const before = { Id: 1, Name: 'A', Password: 'old-secret', ApiToken: 't1', Note: 'x' };
    const after = { Id: 1, Name: 'B', Password: 'new-secret', ApiToken: 't2', Note: 'y' };
    expect(changesOf(users, { Name: 'B', Password: 'new-secret', ApiToken: 't2', Note: 'y' }, before, after)).toEqual([{ Field: 'Name', Before: 'A', After: 'B' }]);
    expect(JSON.stringify(changesOf(users, undefined, undefined, after))).not.toMatch(/secret|t2|"y"/);
  });
});
