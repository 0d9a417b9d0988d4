import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, OTHER_EMAIL, OTHER_PASSWORD, type TestServer } from './harness';

interface CustomerBody {
  Id: number;
  Firstname: string;
  CustomFieldValues: { Id: number; Value: string }[];
  AccessKeys: { Value: string }[];
}
interface Page<T> {
  Offset: number;
  Total: number;
  Results: T[];
}
interface ResponseStatusBody {
  ResponseStatus: { Errors: { FieldName: string }[] };
}

let server: TestServer;
let companyId: number;
let otherToken: string;
const old: number[] = [];
let recent: number;

beforeAll(async () => {
  server = await createTestServer();
  companyId = (await server.db.one<{ id: number }>(`select id from companies where name = 'Solrosens Yoga & Padel'`))!.id;
  // Start from a known state: only the customers this file creates.
  await server.db.query('delete from custom_field_values where company_id = $1 and entity_type = $2', [companyId, 'RegisteredUsers']);
  await server.db.query('delete from customers where company_id = $1', [companyId]);
  const rows = await server.db.query<{ id: number }>(
    `insert into customers (company_id, firstname, lastname, updated, last_activity) values
       ($1, 'Gammal', 'Ett', now() - interval '40 months', now() - interval '30 months'),
       ($1, 'Gammal', 'Två', now() - interval '36 months', null),
       ($1, 'Halvgammal', 'Tre', now() - interval '40 months', now() - interval '13 months'),
       ($1, 'Ny', 'Fyra', now() - interval '40 months', now() - interval '1 month')
     returning id`,
    [companyId],
  );
  old.push(rows[0].id, rows[1].id);
  recent = rows[3].id;
  await server.db.query(`insert into customer_comments (company_id, customer_id, heading, comment) values ($1, $2, 'GDPR', 'Sparad kommentar')`, [companyId, old[0]]);
  await server.db.query(`insert into customer_access_keys (company_id, customer_id, access_key_type_id, value) values ($1, $2, 2, '1234')`, [companyId, old[0]]);
  otherToken = await server.login(OTHER_EMAIL, OTHER_PASSWORD);
});

afterAll(async () => {
  await server?.close();
});

describe('GDPR export', () => {
  it('answers everything stored about the customer', async () => {
    const res = await server.api({ method: 'GET', url: `/api/gdpr/customers/${old[0]}` });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { Customer: CustomerBody; Comments: { Comment: string }[]; Bookings: unknown[]; Related: Record<string, unknown[]> };
    expect(body.Customer).toMatchObject({ Id: old[0], Firstname: 'Gammal' });
    expect(body.Customer.AccessKeys.map((k) => k.Value)).toEqual(['1234']);
    expect(body.Comments.map((c) => c.Comment)).toEqual(['Sparad kommentar']);
    expect(Array.isArray(body.Bookings)).toBe(true);
    expect(typeof body.Related).toBe('object');
  });

  it('answers 404 for an unknown customer and for another company', async () => {
    expect((await server.api({ method: 'GET', url: '/api/gdpr/customers/999999' })).statusCode).toBe(404);
    expect((await server.api({ method: 'GET', url: `/api/gdpr/customers/${old[0]}`, token: otherToken })).statusCode).toBe(404);
  });
});

describe('inactive customers', () => {
  it('lists customers with no activity or change for the given months (24 by default), paged', async () => {
    const page = (await server.api({ method: 'GET', url: '/api/gdpr/customers/inactive' })).json() as Page<CustomerBody>;
    expect(page.Results.map((c) => c.Id).sort()).toEqual([...old].sort());
    expect(page.Total).toBe(2);
    const twelve = (await server.api({ method: 'GET', url: '/api/gdpr/customers/inactive?InactiveMonths=12' })).json() as Page<CustomerBody>;
    expect(twelve.Total).toBe(3);
    expect(twelve.Results.some((c) => c.Id === recent)).toBe(false);
    const firstPage = (await server.api({ method: 'GET', url: '/api/gdpr/customers/inactive?InactiveMonths=12&Take=1' })).json() as Page<CustomerBody>;
    expect(firstPage.Results).toHaveLength(1);
    expect(firstPage.Total).toBe(3);
    const since = new Date(Date.now() - 20 * 30 * 86400000).toISOString().slice(0, 10);
    const bySince = (await server.api({ method: 'GET', url: `/api/gdpr/customers/inactive?InactiveSince=${since}` })).json() as Page<CustomerBody>;
    expect(bySince.Total).toBe(2);
  });

  it('does not count a customer with a recent booking as inactive', async () => {
    const booked = await server.db.one<{ id: number }>(
      `insert into customers (company_id, firstname, lastname, updated) values ($1, 'Bokad', 'Kund', now() - interval '40 months') returning id`,
      [companyId],
    );
    const service = await server.db.one<{ id: number }>('select id from services where company_id = $1 limit 1', [companyId]);
    await server.db.query(
      `insert into bookings (company_id, service_id, customer_id, starts_at, ends_at, created, updated)
       values ($1, $2, $3, now() - interval '2 months', now() - interval '2 months' + interval '1 hour', now() - interval '3 months', now() - interval '3 months')`,
      [companyId, service!.id, booked!.id],
    );
    const page = (await server.api({ method: 'GET', url: '/api/gdpr/customers/inactive?Take=100' })).json() as Page<CustomerBody>;
    expect(page.Results.some((c) => c.Id === booked!.id)).toBe(false);
    const exported = (await server.api({ method: 'GET', url: `/api/gdpr/customers/${booked!.id}` })).json() as { Bookings: { customer_id: number }[] };
    expect(exported.Bookings).toHaveLength(1);
    await server.db.query('delete from bookings where customer_id = $1', [booked!.id]);
    await server.db.query('delete from customers where id = $1', [booked!.id]);
  });

  it.each([
    ['InactiveMonths', 'InactiveMonths=0'],
    ['InactiveMonths', 'InactiveMonths=abc'],
    ['InactiveSince', 'InactiveSince=yesterday'],
    ['InactiveSince', 'InactiveSince=2024-13-45'],
  ])('answers 400 naming %s for %s and deletes nothing', async (field, query) => {
    const before = (await server.db.one<{ n: number }>('select count(*)::int as n from customers'))!.n;
    for (const method of ['GET', 'DELETE'] as const) {
      const res = await server.api({ method, url: `/api/gdpr/customers/inactive?${query}` });
      expect(res.statusCode).toBe(400);
      expect((res.json() as ResponseStatusBody).ResponseStatus.Errors.map((e) => e.FieldName)).toEqual([field]);
    }
    expect((await server.db.one<{ n: number }>('select count(*)::int as n from customers'))!.n).toBe(before);
  });

  it('another company sees none of them and deletes none of them', async () => {
    const page = (await server.api({ method: 'GET', url: '/api/gdpr/customers/inactive?InactiveMonths=1', token: otherToken })).json() as Page<CustomerBody>;
    expect(page.Results.some((c) => old.includes(c.Id))).toBe(false);
    await server.api({ method: 'DELETE', url: '/api/gdpr/customers/inactive?InactiveMonths=1', token: otherToken });
    const left = await server.db.one<{ n: number }>('select count(*)::int as n from customers where company_id = $1', [companyId]);
    expect(left!.n).toBe(4);
  });

  it('deletes the inactive customers with their comments and answers the count', async () => {
    const res = await server.api({ method: 'DELETE', url: '/api/gdpr/customers/inactive' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ Count: 2 });
    const left = await server.db.query<{ id: number }>('select id from customers where company_id = $1 order by id', [companyId]);
    expect(left.map((r) => r.id)).not.toContain(old[0]);
    expect(left).toHaveLength(2);
    expect((await server.db.one<{ n: number }>('select count(*)::int as n from customer_comments where customer_id = $1', [old[0]]))!.n).toBe(0);
    const list = (await server.api({ method: 'GET', url: '/api/customers?Take=10' })).json() as Page<CustomerBody>;
    expect(list.Total).toBe(2);
    expect((await server.api({ method: 'DELETE', url: '/api/gdpr/customers/inactive' })).json()).toEqual({ Count: 0 });
  });
});
