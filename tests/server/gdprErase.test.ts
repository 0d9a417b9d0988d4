/**
 * Erasing one customer's personal data (issue 36, GDPR Article 17): DELETE /gdpr/customers/{Id}.
 * One transaction; personal data removed or pseudonymised; bookings and accounting rows kept; a log
 * of what was done and by whom in the change history; Administrators only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, OTHER_EMAIL, OTHER_PASSWORD, type TestServer } from './harness';
import { errorOf, fieldsOf, seedIds, type Seed } from './bookings/helpers';
import type { GdprCustomerExport, GdprErasureResult } from '../../schema/customers';
import type { HistoryEntry } from '../../schema/history';
import en from '../../locales/en.json' with { type: 'json' };

let server: TestServer;
let seed: Seed;
let customerId: number;
let bookingId: number;
const PASSWORD = 'long-enough-pw';
const EMAIL = 'erik.erase@example.com';

const count = async (sql: string, params: unknown[] = []) => (await server.db.one<{ n: number }>(`select count(*)::int as n from ${sql}`, params as never[]))!.n;
const erase = (id: number, extra: Partial<Parameters<TestServer['api']>[0]> = {}) => server.api({ method: 'DELETE', url: `/api/gdpr/customers/${id}`, ...extra });

async function userWithRoles(roles: number[]): Promise<string> {
  const email = `staff.${Math.random().toString(36).slice(2)}@example.com`;
  const res = await server.api({ method: 'POST', url: '/api/administrators', payload: { Firstname: 'Sam', Lastname: 'Staff', Email: email, Password: PASSWORD, Roles: roles } });
  expect(res.statusCode, res.body).toBe(200);
  return server.login(email, PASSWORD);
}

beforeAll(async () => {
  server = await createTestServer();
  seed = await seedIds(server);
  const field = await server.db.one<{ id: number }>(`select id from custom_fields where company_id = $1 and table_name = 'RegisteredUsers' and name = 'Medlemsnummer'`, [seed.companyId]);
  const created = await server.api({
    method: 'POST',
    url: '/api/customers',
    payload: { Firstname: 'Erik', Lastname: 'Erase', Email: EMAIL, Phone: '+46705550202', PersonalIdentityNumber: '19811218-9876', CustomFieldValues: [{ Id: field!.id, Value: 'M8080' }] },
  });
  expect(created.statusCode, created.body).toBe(200);
  customerId = (created.json() as { Id: number }).Id;
  await server.api({ method: 'PUT', url: `/api/customers/${customerId}`, payload: { Firstname: 'Erik', Lastname: 'Eraser' } });
  await server.api({ method: 'POST', url: `/api/customers/${customerId}/comments`, payload: { Heading: 'Hälsa', Comment: 'Dåligt knä' } });
  await server.db.query(`insert into customer_access_keys (company_id, customer_id, access_key_type_id, value) values ($1, $2, 2, 'KEY-9')`, [seed.companyId, customerId]);
  const padel = seed.services.get('Padel 60 min')!;
  const booked = await server.api({
    method: 'POST',
    url: '/api/bookings',
    payload: { ServiceId: padel, CustomerId: customerId, From: '2030-05-07T10:00:00', SendEmailConfirmation: true, BookedComments: 'Mitt knä', CommentsToCustomer: 'Krya på dig, Erik' },
  });
  expect(booked.statusCode, booked.body).toBe(200);
  bookingId = (booked.json() as { Id: number }).Id;
  await server.app.jobs.drain();
  await server.db.exec(`
    insert into booking_payments (company_id, booking_id, kind, amount_minor) values (${seed.companyId}, ${bookingId}, 'Payment', 30000);
    insert into payment_links (token, company_id, booking_id) values ('erase-link-token', ${seed.companyId}, ${bookingId});
    insert into reviews (company_id, booking_id, customer_id, service_id, rating, comment, booking_starts_at) values (${seed.companyId}, ${bookingId}, ${customerId}, ${padel}, 4, 'Erik here, my knee hurt', now());
  `);
});

afterAll(async () => {
  await server?.close();
});

describe('erasing a customer', () => {
  it('is refused to Staff (403, invalid role) and to another company (404), and changes nothing', async () => {
    const staff = await userWithRoles([2]);
    const res = await erase(customerId, { token: staff });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res)).toMatchObject({ ErrorCode: 'InvalidRole', Message: en.apiMessages.invalidRole });
    // Staff still reads the export (the customers area).
    expect((await server.api({ method: 'GET', url: `/api/gdpr/customers/${customerId}`, token: staff })).statusCode).toBe(200);
    const other = await server.login(OTHER_EMAIL, OTHER_PASSWORD);
    expect((await erase(customerId, { token: other })).statusCode).toBe(404);
    expect(await count(`customers where id = $1 and email = $2 and erased is null`, [customerId, EMAIL])).toBe(1);
  });

  it('refuses Staff the deletion of every inactive customer at once, as it refuses one erasure', async () => {
    const staff = await userWithRoles([2]);
    const before = await count('customers', []);
    const res = await server.api({ method: 'DELETE', url: '/api/gdpr/customers/inactive', token: staff });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res)).toMatchObject({ ErrorCode: 'InvalidRole' });
    expect(await count('customers', [])).toBe(before);
  });

  it('answers 400 naming Id for an id that is not one, and 404 for an unknown customer', async () => {
    for (const id of ['abc', '0', '-3', '99999999999']) {
      const res = await server.api({ method: 'DELETE', url: `/api/gdpr/customers/${id}` });
      expect(res.statusCode, id).toBe(400);
      expect(fieldsOf(res)).toEqual(['Id']);
    }
    expect((await erase(999999)).statusCode).toBe(404);
  });

  it('answers 409 naming Id while the customer has a booking still to come', async () => {
    const res = await erase(customerId, { headers: { 'x-language': 'sv' } });
    expect(res.statusCode).toBe(409);
    expect(fieldsOf(res)).toEqual(['Id']);
    expect(errorOf(res).Message).toBe('Kunden har kommande bokningar. Avboka dem innan personuppgifterna tas bort.');
    expect(await count('customer_comments where customer_id = $1', [customerId])).toBe(1);
  });

  it('is one transaction: a failure half-way leaves everything as it was', async () => {
    await server.api({ method: 'DELETE', url: `/api/bookings/${bookingId}` });
    await server.db.exec(`
      create function gdpr_test_fail() returns trigger language plpgsql as $$ begin raise exception 'half-way'; end $$;
      create trigger gdpr_test_fail before update on reviews for each row execute function gdpr_test_fail();`);
    try {
      expect((await erase(customerId)).statusCode).toBe(500);
    } finally {
      await server.db.exec('drop trigger gdpr_test_fail on reviews; drop function gdpr_test_fail();');
    }
    expect(await count('customer_comments where customer_id = $1', [customerId])).toBe(1);
    expect(await count('message_log where booking_id = $1', [bookingId])).toBeGreaterThan(0);
    expect(await count(`bookings where id = $1 and booked_comments = 'Mitt knä'`, [bookingId])).toBe(1);
    expect(await count(`customers where id = $1 and email = $2`, [customerId, EMAIL])).toBe(1);
  });

  it('removes or pseudonymises the personal data, keeps bookings and payments, and says what it did', async () => {
    const mailsBefore = await count('mail_outbox where to_address = $1', [EMAIL]);
    expect(mailsBefore).toBeGreaterThan(0);
    const res = await erase(customerId, { headers: { 'x-language': 'en' } });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json() as GdprErasureResult;
    expect(result.Id).toBe(customerId);
    const action = Object.fromEntries(result.Tables.map((t) => [t.Table, t.Action]));
    expect(action).toMatchObject({
      customers: 'pseudonymised',
      customer_comments: 'deleted',
      customer_access_keys: 'deleted',
      bookings: 'pseudonymised',
      booking_payments: 'kept',
      message_log: 'deleted',
      mail_outbox: 'deleted',
      payment_links: 'deleted',
      reviews: 'pseudonymised',
      record_history: 'pseudonymised',
    });

    const customer = await server.db.one<Record<string, unknown>>('select * from customers where id = $1', [customerId]);
    expect(customer).toMatchObject({ firstname: 'Erased customer', lastname: `#${customerId}`, email: null, phone: null, personal_identity_number: null, visible: false });
    expect(customer!.erased).not.toBeNull();
    expect(await count('customer_comments where customer_id = $1', [customerId])).toBe(0);
    expect(await count('customer_access_keys where customer_id = $1', [customerId])).toBe(0);
    expect(await count(`custom_field_values where entity_type = 'RegisteredUsers' and entity_id = $1`, [customerId])).toBe(0);
    expect(await count('message_log where booking_id = $1', [bookingId])).toBe(0);
    expect(await count('mail_outbox where to_address = $1', [EMAIL])).toBe(0);
    expect(await count('payment_links where booking_id = $1', [bookingId])).toBe(0);
    // Kept for the books: the booking with its price, and its payment.
    const booking = await server.db.one<Record<string, unknown>>('select customer_id, booked_comments, comments_to_customer, total_price_minor from bookings where id = $1', [bookingId]);
    expect(booking).toMatchObject({ customer_id: customerId, booked_comments: null, comments_to_customer: null });
    expect(Number(booking!.total_price_minor)).toBeGreaterThan(0);
    expect(await count('booking_payments where booking_id = $1 and amount_minor = 30000', [bookingId])).toBe(1);
    expect(await server.db.one('select rating, comment from reviews where booking_id = $1', [bookingId])).toEqual({ rating: 4, comment: null });
    const log = await server.db.query<{ before: unknown; after: unknown; comment: string | null }>('select before, after, comment from booking_log where booking_id = $1', [bookingId]);
    expect(JSON.stringify(log)).not.toMatch(/knä|Krya/);

    // The export now shows the pseudonym and when.
    const data = (await server.api({ method: 'GET', url: `/api/gdpr/customers/${customerId}` })).json() as GdprCustomerExport;
    expect(data.Customer).toMatchObject({ Firstname: 'Erased customer', Email: null });
    expect(data.Erased).toBe(result.Erased);
    expect(JSON.stringify(data)).not.toMatch(/erik\.erase|Eraser|Dåligt knä|19811218|M8080/);
  });

  it('logs what was done and by whom in the change history, and keeps only which fields changed before', async () => {
    const page = (await server.api({ method: 'GET', url: `/api/history?Resource=/customers&RecordId=${customerId}` })).json() as { Results: HistoryEntry[] };
    const [latest, ...earlier] = page.Results;
    expect(latest).toMatchObject({ Action: 'erase', Actor: 'demo@example.com' });
    expect(latest.Changes).toEqual(expect.arrayContaining([{ Field: 'customer_comments', Before: 1, After: 'deleted' }, { Field: 'bookings', Before: 1, After: 'pseudonymised' }]));
    expect(earlier.map((e) => e.Action)).toEqual(['update', 'create']);
    for (const entry of earlier) for (const change of entry.Changes) expect(change).toMatchObject({ Before: null, After: null });
    expect(earlier[0].Changes.map((c) => c.Field)).toContain('Lastname');
  });

  it('cannot be done twice: a second erase answers 409 naming Id', async () => {
    const res = await erase(customerId);
    expect(res.statusCode).toBe(409);
    expect(fieldsOf(res)).toEqual(['Id']);
    expect(errorOf(res).Message).toBe("This customer's personal data has already been erased.");
  });
});
