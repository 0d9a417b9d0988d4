import { ApiError } from '../../shared/errors';
import type { FastifyInstance } from 'fastify';
import { DateTime } from 'luxon';
import type { CallerContext } from '../../shared/context';
import type { Db, SqlParam } from '../../db/db';
import { ref } from '../../shared/schemas';
import { idParams, listRecords, pageSchema, readRecord } from '../../autoquery/index';
import type { GdprCustomerExport, InactiveCustomersDeleteResponse, InactiveCustomersQuery } from '../../../schema/customers';
import { customerComments } from './comments';
import { customers, listCustomers, type CustomerCondition } from './customers';
import { pgCode } from '../../shared/fieldErrors';

/** Default inactivity period when the query names none. */
export const DEFAULT_INACTIVE_MONTHS = 24;

/**
 * The SQL condition "no booking, change or recorded activity since the cut-off" for the query's
 * InactiveSince or InactiveMonths (a booking counts by its creation, change or end).
 */
function inactiveCondition(ctx: CallerContext, query: InactiveCustomersQuery): CustomerCondition {
  let cutoff: (p: (value: SqlParam) => string) => string;
  if (query.InactiveSince) {
    const since = DateTime.fromISO(query.InactiveSince, { zone: ctx.timeZone });
    if (!since.isValid) throw ApiError.field(400, 'InactiveSince', 'InvalidFormat');
    const iso = since.toISO()!;
    cutoff = (p) => `${p(iso)}::timestamptz`;
  } else {
    const months = query.InactiveMonths ?? DEFAULT_INACTIVE_MONTHS;
    cutoff = (p) => `now() - make_interval(months => ${p(months)}::int)`;
  }
  return {
    sql: (p) => {
      const at = cutoff(p);
      return `coalesce(c.last_activity, c.updated) < ${at}
        and not exists (select 1 from bookings b where b.company_id = c.company_id and b.customer_id = c.id
                          and greatest(b.created, b.updated, b.ends_at) >= ${at})`;
    },
  };
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** Tables (other than the customer's own side tables) that refer to a customer and carry company_id. */
async function relatedTables(db: Db): Promise<string[]> {
  const rows = await db.query<{ table_name: string }>(
    `select c.table_name from information_schema.columns c
       join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
      where c.table_schema = current_schema() and c.column_name = 'customer_id'
        and c.table_name not in ('customer_comments', 'customer_access_keys')
        and exists (select 1 from information_schema.columns k
                     where k.table_schema = c.table_schema and k.table_name = c.table_name and k.column_name = 'company_id')
      order by c.table_name`,
  );
  return rows.map((r) => r.table_name);
}

/**
 * GDPR tools: GET /gdpr/customers/{Id} (everything stored about a customer), and the customers
 * with no activity for a while: GET (paged) and DELETE /gdpr/customers/inactive.
 */
export default async function gdprRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;
  let tables: Promise<string[]> | undefined;

  app.get<{ Querystring: InactiveCustomersQuery }>(
    '/gdpr/customers/inactive',
    { schema: { querystring: ref('InactiveCustomersQuery'), response: { 200: pageSchema('Customer') } } },
    (request) => listCustomers(db, request.ctx, { ...request.query, OrderBy: request.query.OrderBy ?? 'Updated' }, inactiveCondition(request.ctx, request.query)),
  );

  app.delete<{ Querystring: InactiveCustomersQuery }>(
    '/gdpr/customers/inactive',
    { schema: { querystring: ref('InactiveCustomersQuery'), response: { 200: ref('InactiveCustomersDeleteResponse') } } },
    async (request): Promise<InactiveCustomersDeleteResponse> => {
      const { ctx } = request;
      const condition = inactiveCondition(ctx, request.query);
      const params: SqlParam[] = [ctx.companyId];
      const where = `c.company_id = $1 and ${condition.sql((v) => {
        params.push(v);
        return `$${params.length}`;
      })}`;
      try {
        return await db.tx(async (tx) => {
          await tx.query(
            `delete from custom_field_values v using customers c
              where v.company_id = $1 and v.entity_type = 'RegisteredUsers' and v.entity_id = c.id and ${where}`,
            params,
          );
          const deleted = await tx.query<{ id: number }>(`delete from customers c where ${where} returning c.id`, params);
          return { Count: deleted.length };
        });
      } catch (err) {
        if (pgCode(err) === '23503') throw ApiError.field(409, 'InactiveMonths', 'CustomerHasBookings');
        throw err;
      }
    },
  );

  app.get<{ Params: { Id: number } }>('/gdpr/customers/:Id', { schema: { params: idParams, response: { 200: ref('GdprCustomerExport') } } }, async (request): Promise<GdprCustomerExport> => {
    const { ctx } = request;
    const customer = await readRecord(db, ctx, customers, request.params.Id);
    const comments = await listRecords(db, ctx, customerComments, { CustomerId: customer.Id, Take: 1000 });
    tables ??= relatedTables(db);
    const related: Record<string, unknown[]> = {};
    for (const table of await tables) {
      const rows = await db.query<{ row: unknown }>(`select to_jsonb(t) as row from ${quoteIdent(table)} t where t.customer_id = $1 and t.company_id = $2`, [
        customer.Id,
        ctx.companyId,
      ]);
      related[table] = rows.map((r) => r.row);
    }
    return { Customer: customer, Comments: comments.Results, Bookings: related.bookings ?? [], Related: related };
  });
}
