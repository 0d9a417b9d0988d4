import type { FastifyInstance } from 'fastify';
import type { SupportComment, SupportCommentInput } from '../../../schema/support';
import type { Db, SqlParam } from '../../db/db';
import { ApiError } from '../../shared/errors';
import { localTime } from '../../shared/fieldErrors';
import { fill, languageOfCountry } from '../../shared/messages';
import { NO_CONTENT, page, ref } from '../../shared/schemas';
import { callerName } from './cases';
import { caseCompany, logDeskRead, supportCaller, type SupportCaller } from './desk';
import { STATUS, supportKey, words } from './messages';

interface CommentRow {
  id: number;
  case_id: number;
  text: string;
  author_id: number | null;
  author_name: string;
  from_support: boolean;
  created: string;
}

function toComment(row: CommentRow, caller: SupportCaller): SupportComment {
  return {
    Id: row.id,
    CaseId: row.case_id,
    Text: row.text,
    AuthorName: row.author_name,
    FromSupport: row.from_support,
    Own: row.author_id === caller.userId,
    Created: row.created,
  };
}

const select = (where: string) =>
  `select id, case_id, text, author_id, author_name, from_support, ${localTime('created', '$2')} as created from support_case_comments where case_id = $1 ${where} order by id`;

async function loadComments(db: Db, caseId: number, tz: string, extra = '', params: SqlParam[] = []): Promise<CommentRow[]> {
  return db.query<CommentRow>(select(extra), [caseId, tz, ...params]);
}

/**
 * GET, POST /support/cases/{caseId}/comments and DELETE …/comments/{commentId} (the author's own
 * only). A comment by the support desk marks the case answered and mails the one who opened it
 * (through the outbox, after the commit); a comment by the company puts an answered case back in
 * progress.
 */
export default async function comments(app: FastifyInstance): Promise<void> {
  const db = app.db;

  app.get<{ Params: { caseId: number } }>(
    '/support/cases/:caseId/comments',
    { schema: { params: ref('SupportCaseChildParams'), response: { 200: page('SupportComment') } } },
    async (request) => {
      const caller = await supportCaller(db, request);
      const companyId = await caseCompany(db, caller, request.params.caseId);
      const rows = await loadComments(db, request.params.caseId, request.ctx.timeZone);
      await logDeskRead(db, caller, [{ companyId, caseId: request.params.caseId }], 'comments');
      return { Offset: 0, Total: rows.length, Results: rows.map((r) => toComment(r, caller)) };
    },
  );

  app.post<{ Params: { caseId: number }; Body: SupportCommentInput }>(
    '/support/cases/:caseId/comments',
    { schema: { params: ref('SupportCaseChildParams'), body: ref('SupportCommentInput'), response: { 200: ref('SupportComment') } } },
    async (request) => {
      const caller = await supportCaller(db, request);
      const caseId = request.params.caseId;
      const companyId = await caseCompany(db, caller, caseId);
      const text = request.body.Text.trim();
      if (!text) throw ApiError.field(400, 'Text', 'NotEmpty');
      const name = caller.desk ? words.support[request.ctx.lang] : await callerName(db, caller.userId);
      const id = await db.tx(async (tx) => {
        const kase = await tx.one<{ status_id: number; subject: string; opened_by: number | null }>(
          'select status_id, subject, opened_by from support_cases where id = $1 for update',
          [caseId],
        );
        if (kase!.status_id === STATUS.Closed) throw ApiError.field(409, 'Text', supportKey('SupportCaseClosed'));
        const row = await tx.one<{ id: number }>(
          `insert into support_case_comments (company_id, case_id, author_id, author_name, from_support, text)
           values ($1, $2, $3, $4, $5, $6) returning id`,
          [companyId, caseId, caller.userId, name, caller.desk, text],
        );
        const status = caller.desk ? STATUS.Answered : kase!.status_id === STATUS.Answered ? STATUS.InProgress : kase!.status_id;
        await tx.query('update support_cases set status_id = $2, updated = now() where id = $1', [caseId, status]);
        if (caller.desk && kase!.opened_by) {
          const opener = await tx.one<{ email: string; name: string; country_id: string }>(
            `select u.email, trim(u.firstname || ' ' || u.lastname) as name, c.country_id
               from users u join companies c on c.id = u.company_id where u.id = $1 and u.active`,
            [kase!.opened_by],
          );
          if (opener) {
            const lang = languageOfCountry(opener.country_id);
            const params = { id: caseId, subject: kase!.subject, name: opener.name || opener.email, text, url: `${app.config.publicUrl}/support/tickets/${caseId}` };
            await app.outbox.add(tx, {
              companyId,
              kind: 'mail',
              key: `support-answer:${row!.id}`,
              payload: { companyId, to: opener.email, subject: fill(words.answerSubject[lang], params), text: fill(words.answerText[lang], params), kind: 'support_answer' },
            });
          }
        }
        return row!.id;
      });
      const [row] = await loadComments(db, caseId, request.ctx.timeZone, 'and id = $3', [id]);
      return toComment(row!, caller);
    },
  );

  app.delete<{ Params: { caseId: number; commentId: number } }>(
    '/support/cases/:caseId/comments/:commentId',
    { schema: { params: ref('SupportCommentParams'), response: NO_CONTENT } },
    async (request, reply) => {
      const caller = await supportCaller(db, request);
      const { caseId, commentId } = request.params;
      await caseCompany(db, caller, caseId);
      const row = await db.one<{ author_id: number | null }>('select author_id from support_case_comments where id = $1 and case_id = $2', [commentId, caseId]);
      if (!row) throw ApiError.notFound('SupportComment', commentId);
      if (row.author_id !== caller.userId) throw ApiError.field(403, 'commentId', supportKey('SupportCommentNotOwn'));
      await db.query('delete from support_case_comments where id = $1', [commentId]);
      return reply.status(204).send();
    },
  );
}
