import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, OTHER_EMAIL, OTHER_PASSWORD, type TestServer } from './harness';

interface ResponseStatusBody {
  ResponseStatus: { ErrorCode: string; Message: string; Errors: { FieldName: string; Message: string }[] };
}
interface CommentBody {
  Id: number;
  CustomerId: number;
  Heading: string;
  Comment: string;
  ImageUrl: string | null;
  Created: string;
  Updated: string;
}
interface Page<T> {
  Offset: number;
  Total: number;
  Results: T[];
}

let server: TestServer;
let customerId: number;
let secondCustomerId: number;
let otherToken: string;

const fields = (body: ResponseStatusBody): string[] => body.ResponseStatus.Errors.map((e) => e.FieldName);

async function commentCount(): Promise<number> {
  return (await server.db.one<{ n: number }>('select count(*)::int as n from customer_comments'))!.n;
}

async function addComment(heading: string, comment = 'Text', id = customerId): Promise<CommentBody> {
  const res = await server.api({ method: 'POST', url: `/api/customers/${id}/comments`, payload: { Heading: heading, Comment: comment } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as CommentBody;
}

beforeAll(async () => {
  server = await createTestServer();
  const companyId = (await server.db.one<{ id: number }>(`select id from companies where name = 'Solrosens Yoga & Padel'`))!.id;
  const rows = await server.db.query<{ id: number }>(
    `insert into customers (company_id, firstname, lastname) values ($1, 'Kommentar', 'Kund'), ($1, 'Andra', 'Kund') returning id`,
    [companyId],
  );
  [customerId, secondCustomerId] = rows.map((r) => r.id);
  otherToken = await server.login(OTHER_EMAIL, OTHER_PASSWORD);
});

afterAll(async () => {
  await server?.close();
});

describe('customer comments', () => {
  it('adds comments and lists them newest first, paged, for that customer only', async () => {
    const first = await addComment('Första');
    expect(first).toMatchObject({ CustomerId: customerId, Heading: 'Första', Comment: 'Text', ImageUrl: null });
    await server.db.query(`update customer_comments set created = now() - interval '1 day' where id = $1`, [first.Id]);
    const second = await addComment('Andra');
    await addComment('Annan kund', 'x', secondCustomerId);
    const res = await server.api({ method: 'GET', url: `/api/customers/${customerId}/comments` });
    const page = res.json() as Page<CommentBody>;
    expect(page.Total).toBe(2);
    expect(page.Results.map((c) => c.Id)).toEqual([second.Id, first.Id]);
    const paged = (await server.api({ method: 'GET', url: `/api/customers/${customerId}/comments?Take=1&Skip=1` })).json() as Page<CommentBody>;
    expect(paged).toMatchObject({ Offset: 1, Total: 2 });
    expect(paged.Results.map((c) => c.Id)).toEqual([first.Id]);
    const one = (await server.api({ method: 'GET', url: `/api/customers/${customerId}/comments?Id=${first.Id}` })).json() as Page<CommentBody>;
    expect(one.Results.map((c) => c.Heading)).toEqual(['Första']);
  });

  it('updates a comment by path id, or by the Id in the body', async () => {
    const c = await addComment('Gammal');
    const byPath = await server.api({ method: 'PUT', url: `/api/customers/${customerId}/comments/${c.Id}`, payload: { Heading: 'Ny', Comment: 'Ny text' } });
    expect(byPath.statusCode, byPath.body).toBe(200);
    expect(byPath.json()).toMatchObject({ Id: c.Id, Heading: 'Ny', Comment: 'Ny text' });
    const byBody = await server.api({ method: 'PUT', url: `/api/customers/${customerId}/comments`, payload: { Id: c.Id, Heading: 'Nyare', Comment: 'Nyare text' } });
    expect(byBody.statusCode, byBody.body).toBe(200);
    expect(byBody.json()).toMatchObject({ Id: c.Id, Heading: 'Nyare' });
    const noId = await server.api({ method: 'PUT', url: `/api/customers/${customerId}/comments`, payload: { Heading: 'x', Comment: 'y' } });
    expect(noId.statusCode).toBe(400);
    expect(fields(noId.json())).toEqual(['Id']);
    const mismatch = await server.api({ method: 'PUT', url: `/api/customers/${customerId}/comments/${c.Id}`, payload: { Id: c.Id + 1, Heading: 'x', Comment: 'y' } });
    expect(mismatch.statusCode).toBe(400);
  });

  it('refuses a comment through another customer of the same company', async () => {
    const c = await addComment('Min');
    expect((await server.api({ method: 'PUT', url: `/api/customers/${secondCustomerId}/comments/${c.Id}`, payload: { Heading: 'x', Comment: 'y' } })).statusCode).toBe(404);
    expect((await server.api({ method: 'DELETE', url: `/api/customers/${secondCustomerId}/comments/${c.Id}` })).statusCode).toBe(404);
  });

  it('deletes a comment and answers it', async () => {
    const c = await addComment('Bort');
    const res = await server.api({ method: 'DELETE', url: `/api/customers/${customerId}/comments/${c.Id}` });
    expect(res.statusCode).toBe(200);
    expect((res.json() as CommentBody).Id).toBe(c.Id);
    expect((await server.api({ method: 'DELETE', url: `/api/customers/${customerId}/comments/${c.Id}` })).statusCode).toBe(404);
  });

  it.each([
    ['Heading', { Comment: 'only' }],
    ['Comment', { Heading: 'only' }],
    ['Heading', { Heading: '  ', Comment: 'x' }],
    ['Heading', { Heading: 'h'.repeat(201), Comment: 'x' }],
    ['Comment', { Heading: 'h', Comment: 'c'.repeat(4001) }],
    ['ImageUrl', { Heading: 'h', Comment: 'c', ImageUrl: 'javascript:alert(1)' }],
  ])('answers 400 naming %s and writes nothing', async (field, payload) => {
    const before = await commentCount();
    const res = await server.api({ method: 'POST', url: `/api/customers/${customerId}/comments`, payload });
    expect(res.statusCode).toBe(400);
    expect(fields(res.json())).toContain(field);
    expect(await commentCount()).toBe(before);
  });

  it('answers 404 for an unknown customer or comment', async () => {
    expect((await server.api({ method: 'GET', url: '/api/customers/999999/comments' })).statusCode).toBe(404);
    expect((await server.api({ method: 'POST', url: '/api/customers/999999/comments', payload: { Heading: 'h', Comment: 'c' } })).statusCode).toBe(404);
    expect((await server.api({ method: 'PUT', url: `/api/customers/${customerId}/comments/999999`, payload: { Heading: 'h', Comment: 'c' } })).statusCode).toBe(404);
    expect((await server.api({ method: 'DELETE', url: `/api/customers/${customerId}/comments/abc` })).statusCode).toBe(400);
  });

  it('another company can neither read, change nor delete the comments', async () => {
    const c = await addComment('Privat');
    const asOther = (options: Parameters<TestServer['api']>[0]) => server.api({ ...options, token: otherToken });
    expect((await asOther({ method: 'GET', url: `/api/customers/${customerId}/comments` })).statusCode).toBe(404);
    expect((await asOther({ method: 'PUT', url: `/api/customers/${customerId}/comments/${c.Id}`, payload: { Heading: 'x', Comment: 'y' } })).statusCode).toBe(404);
    expect((await asOther({ method: 'PUT', url: `/api/customers/${customerId}/comments`, payload: { Id: c.Id, Heading: 'x', Comment: 'y' } })).statusCode).toBe(404);
    expect((await asOther({ method: 'DELETE', url: `/api/customers/${customerId}/comments/${c.Id}` })).statusCode).toBe(404);
    const row = await server.db.one<{ heading: string }>('select heading from customer_comments where id = $1', [c.Id]);
    expect(row?.heading).toBe('Privat');
  });
});
