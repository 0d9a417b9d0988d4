/**
 * A GDPR export holds every table row that names the customer (issue 36), checked against the
 * schema: every table with a customer reference (a customer_id column or a foreign key to customers)
 * or a booking reference (booking_id or a foreign key to bookings) must be in the export, with
 * exactly the rows of that table that name this customer. A new table with such a reference fails
 * here until server/areas/customers/personalData.ts covers it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, OTHER_EMAIL, OTHER_PASSWORD, type TestServer } from './harness';
import { seedIds, type Seed } from './bookings/helpers';
import { pdfText } from './pdfText';
import type { GdprCustomerExport } from '../../schema/customers';

let server: TestServer;
let seed: Seed;
let customerId: number;
let bookingIds: number[];

interface Reference {
  table: string;
  customerColumns: string[];
  bookingColumns: string[];
}

/** Every base table (but customers itself) that refers to a customer or a booking, and by which columns. */
async function referencingTables(): Promise<Reference[]> {
  const rows = await server.db.query<{ table_name: string; column_name: string; target: string }>(
    `select c.table_name, c.column_name, case when c.column_name = 'customer_id' then 'customers' else 'bookings' end as target
       from information_schema.columns c
       join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
      where c.table_schema = current_schema() and c.column_name in ('customer_id', 'booking_id')
     union
     select tc.table_name, kcu.column_name, ccu.table_name as target
       from information_schema.table_constraints tc
       join information_schema.key_column_usage kcu on kcu.constraint_name = tc.constraint_name and kcu.table_schema = tc.table_schema
       join information_schema.constraint_column_usage ccu on ccu.constraint_name = tc.constraint_name and ccu.table_schema = tc.table_schema
      where tc.constraint_type = 'FOREIGN KEY' and tc.table_schema = current_schema() and ccu.table_name in ('customers', 'bookings')`,
  );
  const byTable = new Map<string, Reference>();
  for (const r of rows) {
    if (r.table_name === 'customers') continue;
    const ref = byTable.get(r.table_name) ?? { table: r.table_name, customerColumns: [], bookingColumns: [] };
    const list = r.target === 'customers' ? ref.customerColumns : ref.bookingColumns;
    if (!list.includes(r.column_name)) list.push(r.column_name);
    byTable.set(r.table_name, ref);
  }
  return [...byTable.values()].sort((a, b) => a.table.localeCompare(b.table));
}

/** How many rows of a table name the customer, read straight from the table by its references. */
async function rowsNaming(ref: Reference): Promise<number> {
  const conditions = [
    ...ref.customerColumns.map((c) => `"${c}" = $2`),
    // A booking's own id column (bookings.id) is not a reference; bookings are found by customer_id.
    ...ref.bookingColumns.map((c) => `"${c}" = any($3::int[])`),
  ];
  const row = await server.db.one<{ n: number }>(
    `select count(*)::int as n from "${ref.table}" where company_id = $1 and $2::int is not null and $3::int[] is not null and (${conditions.join(' or ')})`,
    [seed.companyId, customerId, bookingIds],
  );
  return row!.n;
}

const exported = async (id = customerId, lang = 'en') => {
  const res = await server.api({ method: 'GET', url: `/api/gdpr/customers/${id}`, headers: { 'x-language': lang } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as GdprCustomerExport;
};

beforeAll(async () => {
  server = await createTestServer();
  seed = await seedIds(server);
  const { companyId } = seed;
  const field = await server.db.one<{ id: number }>(`select id from custom_fields where company_id = $1 and table_name = 'RegisteredUsers' and name = 'Medlemsnummer'`, [companyId]);
  const created = await server.api({
    method: 'POST',
    url: '/api/customers',
    payload: { Firstname: 'Greta', Lastname: 'Gdpr', Email: 'greta.gdpr@example.com', Phone: '+46705550101', SubscribedToNewsletter: true, CustomFieldValues: [{ Id: field!.id, Value: 'M4711' }] },
  });
  expect(created.statusCode, created.body).toBe(200);
  customerId = (created.json() as { Id: number }).Id;
  await server.api({ method: 'PUT', url: `/api/customers/${customerId}`, payload: { Firstname: 'Greta', Lastname: 'Gdpr-Berg' } });
  await server.api({ method: 'POST', url: `/api/customers/${customerId}/comments`, payload: { Heading: 'Allergi', Comment: 'Nötter' } });
  await server.db.query(`insert into customer_access_keys (company_id, customer_id, access_key_type_id, value) values ($1, $2, 2, 'KEY-1')`, [companyId, customerId]);

  const padel = seed.services.get('Padel 60 min')!;
  const booked = await server.api({
    method: 'POST',
    url: '/api/bookings',
    payload: { ServiceId: padel, CustomerId: customerId, From: '2030-04-02T10:00:00', SendEmailConfirmation: true, BookedComments: 'Racket, tack' },
  });
  expect(booked.statusCode, booked.body).toBe(200);
  const bookingId = (booked.json() as { Id: number }).Id;
  bookingIds = [bookingId];
  await server.app.jobs.drain();

  // The tables no call above writes for a fresh customer, filled as their own areas would.
  const code = await server.db.one<{ id: number }>(`insert into rebate_codes (company_id, sign, type_id, value_hundredths) values ($1, 'GRETA-CARD', 4, 50000) returning id`, [companyId]);
  const send = await server.db.one<{ id: number }>(
    `insert into newsletter_sends (company_id, heading, message_title, send_method_id, to_send_date) values ($1, 'Vår', 'Vårnytt', 1, now()) returning id`,
    [companyId],
  );
  await server.db.exec(`
    insert into rebate_code_customers (company_id, rebate_code_id, customer_id) values (${companyId}, ${code!.id}, ${customerId});
    insert into rebate_code_transactions (company_id, rebate_code_id, change_type, amount_minor, customer_id) values (${companyId}, ${code!.id}, 'Decrease', 10000, ${customerId});
    insert into newsletter_log (company_id, send_id, customer_id, receiver) values (${companyId}, ${send!.id}, ${customerId}, 'greta.gdpr@example.com');
    insert into booking_user_queue (company_id, service_id, customer_id, starts_at, ends_at) values (${companyId}, ${padel}, ${customerId}, '2030-04-03 10:00+02', '2030-04-03 11:00+02');
    insert into booking_payments (company_id, booking_id, kind, amount_minor) values (${companyId}, ${bookingId}, 'Payment', 20000);
    insert into payment_links (token, company_id, booking_id) values ('gdpr-link-token', ${companyId}, ${bookingId});
    insert into codelock_grants (company_id, booking_id, door_id, system, code, during) values (${companyId}, ${bookingId}, 'front', 'axema', '4711', tstzrange('2030-04-02 09:45+02', '2030-04-02 11:15+02'));
    insert into eaccounting_invoices (company_id, booking_ids, customer_id, create_type, request) values (${companyId}, array[${bookingId}], ${customerId}, 'Draft', '{}');
    insert into reviews (company_id, booking_id, customer_id, service_id, rating, comment, booking_starts_at) values (${companyId}, ${bookingId}, ${customerId}, ${padel}, 5, 'Toppen', now());
  `);
});

afterAll(async () => {
  await server?.close();
});

describe('GDPR export covers the schema', () => {
  it('holds, for every table with a customer or booking reference, exactly the rows that name the customer', async () => {
    const tables = await referencingTables();
    expect(tables.map((t) => t.table)).toEqual(expect.arrayContaining(['bookings', 'booking_log', 'customer_comments', 'message_log', 'newsletter_log', 'reviews']));
    const data = await exported();
    const missing = tables.filter((t) => !(t.table in data.Related)).map((t) => t.table);
    expect(missing, 'tables naming a customer that the export leaves out: add them to server/areas/customers/personalData.ts').toEqual([]);
    const counts: Record<string, [number, number]> = {};
    for (const t of tables) counts[t.table] = [data.Related[t.table].length, await rowsNaming(t)];
    for (const [table, [inExport, inTable]] of Object.entries(counts)) expect(inExport, table).toBe(inTable);
    // Not a test that cannot fail: the customer's rows are there to be found.
    const filled = Object.entries(counts).filter(([, [n]]) => n > 0).map(([table]) => table);
    expect(filled).toEqual(
      expect.arrayContaining([
        'bookings', 'booking_log', 'booking_quantities', 'booking_allocations', 'booking_payments', 'payment_links', 'codelock_grants', 'message_log',
        'customer_comments', 'customer_access_keys', 'newsletter_log', 'booking_user_queue', 'rebate_code_customers', 'rebate_code_transactions',
        'eaccounting_invoices', 'reviews',
      ]),
    );
  });

  it('holds the rows that name the customer without a reference column: custom field values, sent mail and change history', async () => {
    const data = await exported();
    expect(data.Related.custom_field_values).toEqual([expect.objectContaining({ entity_id: customerId, value: 'M4711' })]);
    expect(data.Related.mail_outbox.length).toBeGreaterThan(0);
    expect(data.Related.mail_outbox.every((m) => (m as { to_address: string }).to_address === 'greta.gdpr@example.com')).toBe(true);
    expect(data.Related.mail_outbox[0]).not.toHaveProperty('attachment_content');
    expect((data.Related.record_history as { action: string }[]).map((h) => h.action).sort()).toEqual(['create', 'update']);
    expect(data.Customer).toMatchObject({ Id: customerId, Firstname: 'Greta', Lastname: 'Gdpr-Berg', SubscribedToNewsletter: true });
    expect(data.Erased).toBeNull();
    expect(data.Exported).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    expect(data.Comments.map((c) => c.Comment)).toEqual(['Nötter']);
    expect(data.Bookings).toHaveLength(1);
  });

  it('holds nothing of the company’s other customers', async () => {
    const data = await exported();
    for (const [table, rows] of Object.entries(data.Related)) {
      for (const row of rows as Record<string, unknown>[]) {
        if ('customer_id' in row && row.customer_id !== null) expect(row.customer_id, table).toBe(customerId);
        if ('booking_id' in row && row.booking_id !== null && table !== 'rebate_code_transactions') expect(bookingIds, table).toContain(row.booking_id);
      }
    }
  });
});

describe('GDPR export as PDF', () => {
  it('prints the customer, their consents and every table in the caller’s language', async () => {
    for (const [lang, words] of [
      ['sv', ['Personuppgifter om Greta Gdpr-Berg', 'Samtycken', 'Nyhetsbrev: Ja', 'Bokningar (1 rader)', 'Dörrkoder', 'Omdömen']],
      ['en', ['Personal data held about Greta Gdpr-Berg', 'Consents', 'Newsletter: Yes', 'Bookings (1 rows)', 'Door codes', 'Reviews']],
    ] as const) {
      const res = await server.api({ method: 'GET', url: `/api/gdpr/customers/${customerId}/pdf`, headers: { 'x-language': lang } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="customer-${customerId}.pdf"`);
      const text = pdfText(res.rawPayload).replace(/\s+/g, ' ');
      for (const word of words) expect(text).toContain(word);
      expect(text).toContain('greta.gdpr@example.com');
      expect(text).toContain('4711');
      expect(text).toContain('Toppen');
    }
  });

  it('answers 404 for another company’s customer and 400 naming Id for a bad id, as JSON', async () => {
    const other = await server.login(OTHER_EMAIL, OTHER_PASSWORD);
    for (const url of [`/api/gdpr/customers/${customerId}`, `/api/gdpr/customers/${customerId}/pdf`]) {
      expect((await server.api({ method: 'GET', url, token: other })).statusCode).toBe(404);
    }
    const bad = await server.api({ method: 'GET', url: '/api/gdpr/customers/abc/pdf' });
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as { ResponseStatus: { Errors: { FieldName: string }[] } }).ResponseStatus.Errors.map((e) => e.FieldName)).toEqual(['Id']);
  });
});
