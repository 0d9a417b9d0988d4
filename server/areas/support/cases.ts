import type { FastifyInstance } from 'fastify';
import type { SupportCase, SupportCaseInput, SupportCaseQuery, SupportCaseUpdate } from '../../../schema/support';
import type { Db } from '../../db/db';
import { ApiError, checkFieldsEarly, ValidationErrors } from '../../shared/errors';
import { localTime } from '../../shared/fieldErrors';
import type { Lang } from '../../shared/messages';
import { NO_CONTENT, page, ref } from '../../shared/schemas';
import { caseCompany, logDeskRead, supportCaller, type SupportCaller } from './desk';
import { isOption, optionName, options, STATUS, supportKey } from './messages';

/** The spec's list page: 25 cases. */
export const PAGE_SIZE = 25;

interface CaseRow {
  id: number;
  company_id: number;
  company_name: string;
  status_id: number;
  type_id: number;
  area_id: number;
  subject: string;
  description: string;
  opened_by: number | null;
  opened_by_name: string;
  comment_count: number;
  attachment_count: number;
  created: string;
  updated: string;
}

const ORDER: Record<string, string> = { Created: 'sc.created', Updated: 'sc.updated', StatusId: 'sc.status_id', Id: 'sc.id' };

function orderBy(value: string | undefined): string {
  const desc = value?.startsWith('-') ?? true;
  const column = ORDER[(value ?? '-Updated').replace(/^-/, '')] ?? 'sc.updated';
  return `${column} ${value === undefined || desc ? 'desc' : 'asc'}, sc.id desc`;
}

/** Cases the caller may see, filtered and paged; the desk sees every company's, named. */
async function listCases(db: Db, caller: SupportCaller, q: SupportCaseQuery, lang: Lang, tz: string): Promise<{ total: number; rows: CaseRow[] }> {
  const where: string[] = [];
  const params: (string | number | boolean)[] = [];
  const add = (sql: string, value: string | number | boolean) => {
    params.push(value);
    where.push(sql.replace('?', `$${params.length}`));
  };
  if (!caller.desk) add('sc.company_id = ?', caller.companyId);
  if (q.Id !== undefined) add('sc.id = ?', q.Id);
  if (q.StatusId !== undefined) add('sc.status_id = ?', q.StatusId);
  if (q.TypeId !== undefined) add('sc.type_id = ?', q.TypeId);
  if (q.AreaId !== undefined) add('sc.area_id = ?', q.AreaId);
  if (q.Open) where.push(`sc.status_id <> ${STATUS.Closed}`);
  const search = q.Search?.trim();
  if (search) add(`(sc.subject ilike ? escape '\\' or sc.description ilike $${params.length + 1} escape '\\')`, `%${search.replace(/[\\%_]/g, '\\$&')}%`);
  const whereSql = where.length ? `where ${where.join(' and ')}` : '';
  const total = await db.one<{ n: number }>(`select count(*)::int as n from support_cases sc ${whereSql}`, params);
  const take = q.Take ?? PAGE_SIZE;
  const rows = await db.query<CaseRow>(
    `${caseSelect(tz, params.length + 1)} ${whereSql} order by ${orderBy(q.OrderBy)} limit ${take} offset ${q.Skip ?? 0}`,
    [...params, tz],
  );
  void lang;
  return { total: total?.n ?? 0, rows };
}

function caseSelect(_tz: string, tzParam: number): string {
  const tz = `$${tzParam}`;
  return `select sc.id, sc.company_id, c.name as company_name, sc.status_id, sc.type_id, sc.area_id, sc.subject, sc.description,
                 sc.opened_by, sc.opened_by_name,
                 (select count(*)::int from support_case_comments m where m.case_id = sc.id) as comment_count,
                 (select count(*)::int from support_case_attachments a where a.case_id = sc.id) as attachment_count,
                 ${localTime('sc.created', tz)} as created, ${localTime('sc.updated', tz)} as updated
            from support_cases sc join companies c on c.id = sc.company_id`;
}

/** One case the caller may see, or 404. */
export async function loadCase(db: Db, caller: SupportCaller, id: number, tz: string): Promise<CaseRow> {
  await caseCompany(db, caller, id);
  const row = await db.one<CaseRow>(`${caseSelect(tz, 2)} where sc.id = $1`, [id, tz]);
  if (!row) throw ApiError.notFound('SupportCase', id);
  return row;
}

export function toCase(row: CaseRow, caller: SupportCaller, lang: Lang): SupportCase {
  return {
    Id: row.id,
    CompanyId: row.company_id,
    CompanyName: row.company_name,
    StatusId: row.status_id,
    StatusName: optionName('status', row.status_id, lang),
    TypeId: row.type_id,
    TypeName: optionName('type', row.type_id, lang),
    AreaId: row.area_id,
    AreaName: optionName('area', row.area_id, lang),
    Subject: row.subject,
    Description: row.description,
    OpenedByName: row.opened_by_name,
    Own: !caller.desk && row.opened_by === caller.userId,
    CommentCount: row.comment_count,
    AttachmentCount: row.attachment_count,
    Created: row.created,
    Updated: row.updated,
  };
}

/**
 * The case's own field rules, before the schema (checkFieldsEarly), so a refusal names every bad
 * field at once: a type or area that is not one, a subject or description of blanks. They read the
 * body as sent: a value of another type is the schema's to refuse.
 */
const caseRules = (partial: boolean) =>
  checkFieldsEarly((request, refuse) => {
    const b = (request.body ?? {}) as Record<string, unknown>;
    for (const [field, kind] of [['TypeId', 'type'], ['AreaId', 'area']] as const) {
      if (typeof b[field] === 'number' && !isOption(kind, b[field])) refuse(field, 'InvalidValue');
    }
    for (const field of ['Subject', 'Description']) {
      const value = b[field];
      if (typeof value === 'string' ? !value.trim() : !partial && value === undefined) refuse(field, 'NotEmpty');
    }
  });

/** The caller's name as a case or comment shows it. */
export async function callerName(db: Db, userId: number): Promise<string> {
  const row = await db.one<{ name: string }>(`select trim(firstname || ' ' || lastname) as name, email from users where id = $1`, [userId]);
  return row?.name ?? '';
}

/**
 * GET, POST /support/cases, PUT, DELETE /support/cases/{id} and the option lists
 * GET /support/cases/status, /areas, /types; GET /support/cases/desk says whether the caller is the desk.
 */
export default async function cases(app: FastifyInstance): Promise<void> {
  const db = app.db;
  const list = { response: { 200: page('SupportCaseOption') } };
  app.get('/support/cases/status', { schema: list }, async (request) => envelope(options('status', request.ctx.lang)));
  app.get('/support/cases/types', { schema: list }, async (request) => envelope(options('type', request.ctx.lang)));
  app.get('/support/cases/areas', { schema: list }, async (request) => envelope(options('area', request.ctx.lang)));

  app.get('/support/cases/desk', { schema: { response: { 200: ref('SupportDesk') } } }, async (request) => ({ Desk: (await supportCaller(db, request)).desk }));

  app.get<{ Querystring: SupportCaseQuery }>('/support/cases', { schema: { querystring: ref('SupportCaseQuery'), response: { 200: page('SupportCase') } } }, async (request) => {
    const { lang, timeZone } = request.ctx;
    const caller = await supportCaller(db, request);
    const { total, rows } = await listCases(db, caller, request.query, lang, timeZone);
    await logDeskRead(db, caller, rows.map((r) => ({ companyId: r.company_id, caseId: r.id })), 'list');
    return { Offset: request.query.Skip ?? 0, Total: total, Results: rows.map((r) => toCase(r, caller, lang)) };
  });

  app.get<{ Params: { Id: number } }>('/support/cases/:Id', { schema: { params: ref('SupportCaseParams'), response: { 200: ref('SupportCase') } } }, async (request) => {
    const { lang, timeZone } = request.ctx;
    const caller = await supportCaller(db, request);
    const row = await loadCase(db, caller, request.params.Id, timeZone);
    await logDeskRead(db, caller, [{ companyId: row.company_id, caseId: row.id }], 'case');
    return toCase(row, caller, lang);
  });

  app.post<{ Body: SupportCaseInput }>('/support/cases', { preValidation: caseRules(false), schema: { body: ref('SupportCaseInput'), response: { 200: ref('SupportCase') } } }, async (request) => {
    const { lang, timeZone, userId, companyId } = request.ctx;
    const caller = await supportCaller(db, request);
    const b = request.body;
    const name = await callerName(db, userId);
    const row = await db.one<{ id: number }>(
      `insert into support_cases (company_id, opened_by, opened_by_name, type_id, area_id, subject, description)
       values ($1, $2, $3, $4, $5, $6, $7) returning id`,
      [companyId, userId, name, b.TypeId, b.AreaId, b.Subject.trim(), b.Description.trim()],
    );
    return toCase(await loadCase(db, { ...caller, desk: false }, row!.id, timeZone), caller, lang);
  });

  app.put<{ Params: { Id: number }; Body: SupportCaseUpdate }>(
    '/support/cases/:Id',
    { preValidation: caseRules(true), schema: { params: ref('SupportCaseParams'), body: ref('SupportCaseUpdate'), response: { 200: ref('SupportCase') } } },
    async (request) => {
      const { lang, timeZone } = request.ctx;
      const caller = await supportCaller(db, request);
      const id = request.params.Id;
      await caseCompany(db, caller, id);
      const b = request.body;
      const errors = new ValidationErrors();
      // The company closes or reopens its case; in progress and answered are the desk's to say.
      if (b.StatusId !== undefined && !caller.desk && b.StatusId !== STATUS.Closed && b.StatusId !== STATUS.New) errors.add('StatusId', supportKey('SupportDeskOnly'));
      errors.throwIfAny();
      // The desk sets the status only: what the case says is the company's words.
      const own = !caller.desk;
      await db.query(
        `update support_cases set
           type_id = coalesce($2, type_id), area_id = coalesce($3, area_id), subject = coalesce($4, subject),
           description = coalesce($5, description), status_id = coalesce($6, status_id), updated = now()
         where id = $1`,
        [id, own ? (b.TypeId ?? null) : null, own ? (b.AreaId ?? null) : null, own ? (b.Subject?.trim() ?? null) : null, own ? (b.Description?.trim() ?? null) : null, b.StatusId ?? null],
      );
      const row = await loadCase(db, caller, id, timeZone);
      await logDeskRead(db, caller, [{ companyId: row.company_id, caseId: row.id }], 'case');
      return toCase(row, caller, lang);
    },
  );

  app.delete<{ Params: { Id: number } }>('/support/cases/:Id', { schema: { params: ref('SupportCaseParams'), response: NO_CONTENT } }, async (request, reply) => {
    const caller = await supportCaller(db, request);
    if (caller.desk) throw ApiError.field(403, 'Id', supportKey('SupportDeskCannotDelete'));
    await caseCompany(db, caller, request.params.Id);
    await db.query('delete from support_cases where id = $1 and company_id = $2', [request.params.Id, caller.companyId]);
    return reply.status(204).send();
  });
}

function envelope<T>(results: T[]): { Offset: number; Total: number; Results: T[] } {
  return { Offset: 0, Total: results.length, Results: results };
}
