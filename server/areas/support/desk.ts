import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/db';
import { ApiError } from '../../shared/errors';

/** Who is asking about support cases: a company's own staff, or the support desk (every company's cases). */
export interface SupportCaller {
  desk: boolean;
  userId: number;
  companyId: number;
}

/** Whether the caller is a support desk agent (support_desk_agents; never given through the API). */
export async function supportCaller(db: Db, request: FastifyRequest): Promise<SupportCaller> {
  const { userId, companyId } = request.ctx;
  const row = await db.one('select 1 from support_desk_agents where user_id = $1', [userId]);
  return { desk: row !== undefined && row !== null, userId, companyId };
}

/** The case's company when the caller may see it (their company's case, or any for the desk); else 404. */
export async function caseCompany(db: Db, caller: SupportCaller, caseId: number): Promise<number> {
  const row = caller.desk
    ? await db.one<{ company_id: number }>('select company_id from support_cases where id = $1', [caseId])
    : await db.one<{ company_id: number }>('select company_id from support_cases where id = $1 and company_id = $2', [caseId, caller.companyId]);
  if (!row) throw ApiError.notFound('SupportCase', caseId);
  return row.company_id;
}

/**
 * Records that the support desk read something of a company's case (`what`: 'case', 'list',
 * 'comments', 'attachments', 'attachment'); a company's own staff reading their cases is not logged.
 */
export async function logDeskRead(db: Db, caller: SupportCaller, reads: readonly { companyId: number; caseId: number }[], what: string): Promise<void> {
  if (!caller.desk || reads.length === 0) return;
  await db.query(
    `insert into support_reads (company_id, case_id, user_id, what)
     select r.company_id, r.case_id, $2, $3 from jsonb_to_recordset($1::jsonb) as r(company_id int, case_id int)`,
    [JSON.stringify(reads.map((r) => ({ company_id: r.companyId, case_id: r.caseId }))), caller.userId, what],
  );
}
