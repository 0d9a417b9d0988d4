import type { Db } from '../../db/db';
import type { CallerContext } from '../../shared/context';
import { ApiError } from '../../shared/errors';
import { areaMessages, type Texts } from '../../shared/messages';
import type { GdprErasedTable, GdprErasureResult } from '../../../schema/customers';
import { CUSTOMER_ERASURE, personalTables } from './personalData';
import texts from './gdprTexts.json' with { type: 'json' };

export const gdprMessages = areaMessages(texts.messages);
const ERASED_NAME: Texts = texts.words.erasedName;

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Erases one customer's personal data (GDPR Article 17) in one transaction: the rows of every table
 * that names them are deleted, pseudonymised or kept as server/areas/customers/personalData.ts says
 * (bookings, payments and accounting rows stay, as bookkeeping law demands), the customer row keeps
 * its id under a pseudonym ('Erased customer #<id>'), and the change history gets an `erase` entry
 * naming who did it and what was done per table. A customer with bookings still to come answers 409
 * (cancel them first); one already erased answers 409; another company's customer 404.
 * @example const result = await eraseCustomer(app.db, request.ctx, 42); result.Tables
 */
export async function eraseCustomer(db: Db, ctx: CallerContext, customerId: number): Promise<GdprErasureResult> {
  const personal = await personalTables(db);
  return db.tx(async (tx) => {
    const customer = await tx.one<{ id: number; erased: Date | null }>('select id, erased from customers where id = $1 and company_id = $2 for update', [customerId, ctx.companyId]);
    if (!customer) throw ApiError.notFound('Customer', customerId);
    if (customer.erased) throw ApiError.field(409, 'Id', gdprMessages.key('CustomerAlreadyErased'));
    const upcoming = await tx.one(
      `select 1 from bookings b join booking_statuses s on s.id = b.status_id
        where b.company_id = $1 and b.customer_id = $2 and b.ends_at > now() and s.holds_slot limit 1`,
      [ctx.companyId, customerId],
    );
    if (upcoming) throw ApiError.field(409, 'Id', gdprMessages.key('CustomerHasUpcomingBookings'));

    const tables: GdprErasedTable[] = [];
    for (const { table, rows, erase } of personal) {
      const t = quoteIdent(table);
      let count: number;
      if (erase.action === 'deleted') {
        count = (await tx.query(`delete from ${t} t where t.company_id = $1 and ${rows} returning 1`, [ctx.companyId, customerId])).length;
      } else if (erase.action === 'pseudonymised') {
        count = (await tx.query(`update ${t} t set ${erase.set} where t.company_id = $1 and ${rows} returning 1`, [ctx.companyId, customerId])).length;
      } else {
        count = (await tx.one<{ n: number }>(`select count(*)::int as n from ${t} t where t.company_id = $1 and ${rows}`, [ctx.companyId, customerId]))!.n;
      }
      if (count) tables.push({ Table: table, Rows: count, Action: erase.action });
    }
    const saved = await tx.one<{ erased: string }>(
      `update customers set ${CUSTOMER_ERASURE} where id = $1 and company_id = $2
       returning to_char(erased at time zone $5, 'YYYY-MM-DD"T"HH24:MI:SS') as erased`,
      [customerId, ctx.companyId, ERASED_NAME[ctx.lang], `#${customerId}`, ctx.timeZone],
    );
    tables.unshift({ Table: 'customers', Rows: 1, Action: 'pseudonymised' });
    await tx.query(
      `insert into record_history (company_id, resource, record_id, action, user_id, actor, changes) values ($1, '/customers', $2, 'erase', $3, $4, $5::jsonb)`,
      [ctx.companyId, customerId, ctx.userId > 0 ? ctx.userId : null, ctx.email ?? '', JSON.stringify(tables.map((e) => ({ Field: e.Table, Before: e.Rows, After: e.Action })))],
    );
    return { Id: customerId, Erased: saved!.erased, Tables: tables };
  });
}
