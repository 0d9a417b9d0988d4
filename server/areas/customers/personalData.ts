/**
 * Every table that holds rows naming a customer (GDPR Articles 15, 17 and 20), in one place: which
 * rows name them, and what erasure does with those rows. The export (GET /gdpr/customers/{Id}) reads
 * each table's rows; the erasure (DELETE /gdpr/customers/{Id}) treats each as it says here.
 * tests/server/gdprCoverage.test.ts reads the schema for every table with a customer or booking
 * reference and fails when one is missing here, so a new table is covered before it ships.
 *
 * In a condition, `t` is the table, $1 the company and $2 the customer.
 */
import type { Db } from '../../db/db';

/** What erasure does with a table's rows that name the customer. */
export type ErasureAction = 'deleted' | 'pseudonymised' | 'kept';

export interface PersonalTable {
  table: string;
  /** The rows that name the customer (a condition on `t`). */
  rows: string;
  /** Columns left out of the export (copies of files already named by their other columns). */
  omit?: readonly string[];
  /** Erasure: delete the rows, update them with `set` (SQL assignments on `t`), or keep them as they are. */
  erase: { action: 'deleted' } | { action: 'pseudonymised'; set: string } | { action: 'kept'; why: string };
}

const OF_BOOKINGS = 't.booking_id in (select b.id from bookings b where b.company_id = $1 and b.customer_id = $2)';
const CUSTOMER_ADDRESSES = `(select x from customers c, lateral unnest(array[nullif(trim(c.email), ''), nullif(trim(c.phone), '')]) as x
                             where c.id = $2 and c.company_id = $1 and x is not null)`;
const BOOKING_FREE_TEXT = `'{BookedComments,UnbookedComments,CommentsToCustomer}'::text[]`;
const ACCOUNTING = 'bookkeeping: accounting records are kept';

/** In the order erasure runs them (rows that point at others first). */
export const PERSONAL_TABLES: readonly PersonalTable[] = [
  { table: 'customer_comments', rows: 't.customer_id = $2', erase: { action: 'deleted' } },
  { table: 'customer_access_keys', rows: 't.customer_id = $2', erase: { action: 'deleted' } },
  { table: 'custom_field_values', rows: `t.entity_type = 'RegisteredUsers' and t.entity_id = $2`, erase: { action: 'deleted' } },
  {
    table: 'bookings',
    rows: 't.customer_id = $2',
    // The booking stays (time, service, price, VAT, payment: bookkeeping); what the customer or staff wrote goes,
    // and the invoice address unless the booking was invoiced.
    erase: {
      action: 'pseudonymised',
      set: `booked_comments = null, unbooked_comments = null, comments_to_customer = null, custom_field_values = '[]'::jsonb,
            invoice_address = case when exists (select 1 from eaccounting_invoices i where i.company_id = t.company_id and t.id = any(i.booking_ids))
                                   then t.invoice_address end`,
    },
  },
  {
    table: 'booking_log',
    rows: OF_BOOKINGS,
    erase: { action: 'pseudonymised', set: `comment = null, before = t.before - ${BOOKING_FREE_TEXT}, after = t.after - ${BOOKING_FREE_TEXT}` },
  },
  { table: 'booking_quantities', rows: OF_BOOKINGS, erase: { action: 'kept', why: ACCOUNTING } },
  { table: 'booking_resources', rows: OF_BOOKINGS, erase: { action: 'kept', why: 'no personal data' } },
  { table: 'booking_allocations', rows: OF_BOOKINGS, erase: { action: 'kept', why: 'no personal data' } },
  { table: 'booking_payments', rows: OF_BOOKINGS, erase: { action: 'kept', why: ACCOUNTING } },
  { table: 'payment_checkouts', rows: OF_BOOKINGS, erase: { action: 'kept', why: ACCOUNTING } },
  { table: 'payment_links', rows: OF_BOOKINGS, erase: { action: 'deleted' } },
  { table: 'codelock_grants', rows: OF_BOOKINGS, erase: { action: 'kept', why: 'door-lock audit' } },
  { table: 'calendar_sequences', rows: OF_BOOKINGS, erase: { action: 'kept', why: 'no personal data' } },
  { table: 'google_calendar_events', rows: OF_BOOKINGS, erase: { action: 'kept', why: 'no personal data' } },
  { table: 'message_log', rows: OF_BOOKINGS, erase: { action: 'deleted' } },
  { table: 'mail_outbox', rows: `t.company_id = $1 and t.to_address in ${CUSTOMER_ADDRESSES}`, omit: ['attachment_content'], erase: { action: 'deleted' } },
  { table: 'newsletter_log', rows: 't.customer_id = $2', erase: { action: 'deleted' } },
  { table: 'booking_user_queue', rows: 't.customer_id = $2', erase: { action: 'deleted' } },
  { table: 'rebate_code_customers', rows: 't.customer_id = $2', erase: { action: 'deleted' } },
  { table: 'rebate_code_transactions', rows: `(t.customer_id = $2 or ${OF_BOOKINGS})`, erase: { action: 'kept', why: ACCOUNTING } },
  { table: 'eaccounting_invoices', rows: 't.customer_id = $2', erase: { action: 'kept', why: ACCOUNTING } },
  // The mailing-list sync's queue: erasure's change of address adds the old one here, so the sync unsubscribes it.
  { table: 'mailchimp_pending', rows: 't.customer_id = $2', erase: { action: 'kept', why: 'the mailing list forgets the address' } },
  { table: 'customer_first_bookings', rows: 't.customer_id = $2', erase: { action: 'kept', why: 'statistics: no personal data' } },
  { table: 'reviews', rows: `(t.customer_id = $2 or ${OF_BOOKINGS})`, erase: { action: 'pseudonymised', set: 'comment = null' } },
  {
    table: 'record_history',
    rows: `t.resource = '/customers' and t.record_id = $2 and t.action <> 'erase'`,
    // Which fields changed and when stay; their values go.
    erase: {
      action: 'pseudonymised',
      set: `changes = coalesce((select jsonb_agg(jsonb_build_object('Field', c ->> 'Field', 'Before', null, 'After', null)) from jsonb_array_elements(t.changes) c), '[]'::jsonb)`,
    },
  },
];

/**
 * The tables of PERSONAL_TABLES that this database has (an area's migration may land after this
 * list names its table), read once per database.
 */
const present = new WeakMap<Db, Promise<readonly PersonalTable[]>>();
export function personalTables(db: Db): Promise<readonly PersonalTable[]> {
  let tables = present.get(db);
  if (!tables) {
    tables = db
      .query<{ name: string }>(`select table_name as name from information_schema.tables where table_schema = current_schema() and table_name = any($1::text[])`, [
        PERSONAL_TABLES.map((t) => t.table),
      ])
      .then((rows) => {
        const names = new Set(rows.map((r) => r.name));
        return PERSONAL_TABLES.filter((t) => names.has(t.table));
      });
    present.set(db, tables);
  }
  return tables;
}

/** The columns of the customer's own row that erasure replaces (the row stays for the bookings' sake). */
export const CUSTOMER_ERASURE = `firstname = $3, lastname = $4, email = null, phone = null, personal_identity_number = null,
  image_url = null, subscribed_to_newsletter = false, visible = false, corporate_identity_number = null,
  invoice_address1 = null, invoice_address2 = null, invoice_city = null, invoice_postal_code = null, invoice_country_code = null,
  erased = now(), updated = now()`;
