import type { Db } from '../../db/db';
import type { CallerContext } from '../../shared/context';
import { listRecords, readRecord } from '../../autoquery/index';
import type { GdprCustomerExport } from '../../../schema/customers';
import { customerComments } from './comments';
import { customers } from './customers';
import { personalTables } from './personalData';

/** At most this many rows of one table go into one export (a bound, as every answer has one). */
export const EXPORT_ROWS_PER_TABLE = 10_000;

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Everything stored about one customer of the caller's company (GDPR Articles 15 and 20): the
 * customer as the API answers it, their comments, and the rows of every table that names them
 * (server/areas/customers/personalData.ts), by table name; 404 for another company's customer.
 * @example const data = await customerExport(app.db, request.ctx, 42); data.Related.bookings.length
 */
export async function customerExport(db: Db, ctx: CallerContext, customerId: number): Promise<GdprCustomerExport> {
  const customer = await readRecord(db, ctx, customers, customerId);
  const comments = await listRecords(db, ctx, customerComments, { CustomerId: customer.Id, Take: 1000 });
  const related: Record<string, unknown[]> = {};
  for (const { table, rows, omit } of await personalTables(db)) {
    const without = omit?.length ? ` - ${`'{${omit.join(',')}}'`}::text[]` : '';
    const found = await db.query<{ row: unknown }>(
      `select to_jsonb(t)${without} as row from ${quoteIdent(table)} t where t.company_id = $1 and ${rows} limit ${EXPORT_ROWS_PER_TABLE}`,
      [ctx.companyId, customer.Id],
    );
    related[table] = found.map((r) => r.row);
  }
  const erased = await db.one<{ erased: string | null }>(
    `select to_char(erased at time zone $3, 'YYYY-MM-DD"T"HH24:MI:SS') as erased from customers where id = $1 and company_id = $2`,
    [customer.Id, ctx.companyId, ctx.timeZone],
  );
  const now = await db.one<{ at: string }>(`select to_char(now() at time zone $1, 'YYYY-MM-DD"T"HH24:MI:SS') as at`, [ctx.timeZone]);
  return {
    Customer: customer,
    Erased: erased?.erased ?? null,
    Exported: now!.at,
    Comments: comments.Results,
    Bookings: related.bookings ?? [],
    Related: related,
  };
}
