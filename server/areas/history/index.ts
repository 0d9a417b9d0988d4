/**
 * History (issue 39): GET /history, the audit list of every record written through a declared
 * route (server/autoquery/history.ts writes it), newest first, filtered by record, user, action and
 * days; one record's history is the list with Resource and RecordId. Administrators only (a new
 * area of the permission matrix): it shows every area's changes.
 */
import type { FastifyInstance } from 'fastify';
import type { HistoryEntry, HistoryQuery } from '../../../schema/history';
import { ref } from '../../shared/schemas';
import { orderClause, pageSchema, SqlParams } from '../../autoquery/index';

interface Row {
  id: string;
  resource: string;
  record_id: number;
  action: HistoryEntry['Action'];
  user_id: number | null;
  actor: string;
  at: string;
  changes: HistoryEntry['Changes'] | string;
  total: number;
}

export default async function historyArea(app: FastifyInstance): Promise<void> {
  app.get('/history', { schema: { querystring: ref('HistoryQuery'), response: { 200: pageSchema('HistoryEntry') } } }, async (request) => {
    const q = request.query as HistoryQuery;
    const ctx = request.ctx;
    const p = new SqlParams();
    let zoneParam: string | undefined;
    const zone = () => (zoneParam ??= p.add(ctx.timeZone));
    const where = [`h.company_id = ${p.add(ctx.companyId)}`];
    if (q.Resource) where.push(`h.resource = ${p.add(q.Resource)}`);
    if (q.RecordId) where.push(`h.record_id = ${p.add(q.RecordId)}`);
    if (q.UserId) where.push(`h.user_id = ${p.add(q.UserId)}`);
    if (q.Action) where.push(`h.action = ${p.add(q.Action)}`);
    if (q.From) where.push(`h.at >= (${p.add(q.From.slice(0, 10))}::date::timestamp at time zone ${zone()})`);
    if (q.To) where.push(`h.at < ((${p.add(q.To.slice(0, 10))}::date + 1)::timestamp at time zone ${zone()})`);
    // The count past the last page takes the parameters of the conditions only.
    const whereParams = p.values.length;
    const skip = q.Skip ?? 0;
    // Entries are written in time order, so At sorts as Id does.
    const order = orderClause(q, { id: 'h.id', at: 'h.id' }, 'h.id', '-Id');
    const rows = await app.db.query<Row>(
      `select h.id::text as id, h.resource, h.record_id, h.action, h.user_id, h.actor,
              to_char(h.at at time zone ${zone()}, 'YYYY-MM-DD"T"HH24:MI:SS') as at, h.changes,
              count(*) over ()::int as total
         from record_history h
        where ${where.join(' and ')}
        order by ${order}
        offset ${p.add(skip)} limit ${p.add(q.Take ?? 50)}`,
      p.values,
    );
    const total = rows[0]?.total ?? (skip > 0 ? (await app.db.one<{ n: number }>(`select count(*)::int as n from record_history h where ${where.join(' and ')}`, p.values.slice(0, whereParams)))?.n ?? 0 : 0);
    const results: HistoryEntry[] = rows.map((r) => ({
      Id: Number(r.id),
      Resource: r.resource,
      RecordId: r.record_id,
      Action: r.action,
      UserId: r.user_id,
      Actor: r.actor,
      At: r.at,
      Changes: typeof r.changes === 'string' ? (JSON.parse(r.changes) as HistoryEntry['Changes']) : r.changes,
    }));
    return { Offset: skip, Total: total, Results: results };
  });
}
