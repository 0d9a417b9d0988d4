import { ApiError } from '../../shared/errors';
import type { FastifyInstance } from 'fastify';
import { DateTime } from 'luxon';
import type { CallerContext } from '../../shared/context';
import type { SqlParam } from '../../db/db';
import { ref } from '../../shared/schemas';
import { idParams, pageSchema } from '../../autoquery/index';
import type { InactiveCustomersDeleteResponse, InactiveCustomersQuery } from '../../../schema/customers';
import { listCustomers, type CustomerCondition } from './customers';
import { customerExport } from './gdprExport';
import { eraseCustomer, gdprMessages } from './gdprErase';
import { exportPdf } from './gdprPdf';
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

/**
 * GDPR tools: GET /gdpr/customers/{Id} (everything stored about a customer, as JSON) and
 * GET /gdpr/customers/{Id}/pdf (the same, readable), DELETE /gdpr/customers/{Id} (erasure:
 * Administrators only, see schema/access/permissions.ts), and the customers with no activity for a
 * while: GET (paged) and DELETE /gdpr/customers/inactive.
 */
export default async function gdprRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;
  gdprMessages.register();

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
          for (const { id } of deleted) await app.recordEvents.emit(tx, { type: 'customer.deleted', companyId: ctx.companyId, id, record: async () => ({ Id: id }) });
          return { Count: deleted.length };
        });
      } catch (err) {
        if (pgCode(err) === '23503') throw ApiError.field(409, 'InactiveMonths', 'CustomerHasBookings');
        throw err;
      }
    },
  );

  app.get<{ Params: { Id: number } }>('/gdpr/customers/:Id', { schema: { params: idParams, response: { 200: ref('GdprCustomerExport') } } }, (request) =>
    customerExport(db, request.ctx, request.params.Id),
  );

  app.get<{ Params: { Id: number } }>('/gdpr/customers/:Id/pdf', { schema: { params: idParams } }, async (request, reply) => {
    const { ctx } = request;
    const data = await customerExport(db, ctx, request.params.Id);
    const company = await db.one<{ name: string }>('select name from companies where id = $1', [ctx.companyId]);
    const pdf = await exportPdf(data, company?.name ?? '', ctx.lang, ctx.timeZone);
    return reply.type('application/pdf').header('content-disposition', `attachment; filename="customer-${data.Customer.Id}.pdf"`).send(pdf);
  });

  // An erased customer is gone for integrations too (customer.deleted); the event carries no personal data.
  app.delete<{ Params: { Id: number } }>('/gdpr/customers/:Id', { schema: { params: idParams, response: { 200: ref('GdprErasureResult') } } }, (request) =>
    db.tx(async (tx) => {
      const result = await eraseCustomer(tx, request.ctx, request.params.Id);
      await app.recordEvents.emit(tx, { type: 'customer.deleted', companyId: request.ctx.companyId, id: result.Id, record: async () => ({ Id: result.Id, Erased: result.Erased }) });
      return result;
    }),
  );
}
