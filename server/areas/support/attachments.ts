import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { SupportAttachment } from '../../../schema/support';
import { ApiError } from '../../shared/errors';
import { localTime } from '../../shared/fieldErrors';
import { page, ref } from '../../shared/schemas';
import { checkAttachment, MAX_ATTACHMENT_BYTES } from './attachmentFile';
import { caseCompany, logDeskRead, supportCaller } from './desk';
import { STATUS, supportKey } from './messages';

interface Row {
  id: number;
  case_id: number;
  file_name: string;
  content_type: string;
  size: number;
  created: string;
}

const toAttachment = (r: Row): SupportAttachment => ({
  Id: r.id,
  CaseId: r.case_id,
  FileName: r.file_name,
  ContentType: r.content_type,
  Size: r.size,
  Url: `/api/support/cases/${r.case_id}/attachments/${r.id}`,
  Created: r.created,
});

const columns = `id, case_id, file_name, content_type, size, ${localTime('created', '$2')} as created`;

/**
 * GET, POST /support/cases/{caseId}/attachments (multipart: one file, an image or a PDF checked by
 * content, at most MAX_ATTACHMENT_BYTES; images re-encoded) and GET …/attachments/{attachmentId},
 * the file itself, to the case's company and the support desk only (a bearer token, never a public key).
 */
export default async function attachments(app: FastifyInstance): Promise<void> {
  const db = app.db;
  await app.register(multipart, { limits: { fileSize: MAX_ATTACHMENT_BYTES, files: 1, fields: 2, fieldSize: 1000, parts: 3, headerPairs: 50 } });

  app.get<{ Params: { caseId: number } }>(
    '/support/cases/:caseId/attachments',
    { schema: { params: ref('SupportCaseChildParams'), response: { 200: page('SupportAttachment') } } },
    async (request) => {
      const caller = await supportCaller(db, request);
      const companyId = await caseCompany(db, caller, request.params.caseId);
      const rows = await db.query<Row>(`select ${columns} from support_case_attachments where case_id = $1 order by id`, [request.params.caseId, request.ctx.timeZone]);
      await logDeskRead(db, caller, [{ companyId, caseId: request.params.caseId }], 'attachments');
      return { Offset: 0, Total: rows.length, Results: rows.map(toAttachment) };
    },
  );

  app.post<{ Params: { caseId: number } }>(
    '/support/cases/:caseId/attachments',
    { schema: { params: ref('SupportCaseChildParams'), response: { 200: ref('SupportAttachment') } } },
    async (request) => {
      const caller = await supportCaller(db, request);
      const caseId = request.params.caseId;
      const companyId = await caseCompany(db, caller, caseId);
      if (!request.isMultipart()) throw ApiError.field(400, 'file', 'NotEmpty');
      let file: { bytes: Buffer; name: string } | undefined;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file' && part.fieldname === 'file') file = { bytes: await part.toBuffer(), name: part.filename ?? '' };
          else if (part.type === 'file') await part.toBuffer();
        }
      } catch (err) {
        const code = (err as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw ApiError.field(400, 'file', supportKey('SupportAttachmentSize'), { limit: MAX_ATTACHMENT_BYTES });
        if (code === 'FST_FILES_LIMIT') throw ApiError.field(400, 'file', 'TooMany', { limit: 1 });
        throw ApiError.field(400, 'file', 'InvalidFormat');
      }
      if (!file || file.bytes.length === 0) throw ApiError.field(400, 'file', 'NotEmpty');
      const checked = await checkAttachment(file.bytes, file.name);
      if (!checked) throw ApiError.field(400, 'file', supportKey('SupportAttachmentType'));
      if (checked.bytes.length > MAX_ATTACHMENT_BYTES) throw ApiError.field(400, 'file', supportKey('SupportAttachmentSize'), { limit: MAX_ATTACHMENT_BYTES });
      const row = await db.tx(async (tx) => {
        const kase = await tx.one<{ status_id: number }>('select status_id from support_cases where id = $1 for update', [caseId]);
        if (kase!.status_id === STATUS.Closed) throw ApiError.field(409, 'file', supportKey('SupportCaseClosed'));
        await tx.query('update support_cases set updated = now() where id = $1', [caseId]);
        return tx.one<Row>(
          `insert into support_case_attachments (company_id, case_id, uploaded_by, file_name, content_type, size, data)
           values ($1, $3, $4, $5, $6, $7, decode($8, 'base64')) returning ${columns}`,
          [companyId, request.ctx.timeZone, caseId, caller.userId, checked.fileName, checked.contentType, checked.bytes.length, checked.bytes.toString('base64')],
        );
      });
      return toAttachment(row!);
    },
  );

  app.get<{ Params: { caseId: number; attachmentId: number } }>(
    '/support/cases/:caseId/attachments/:attachmentId',
    { schema: { params: ref('SupportAttachmentParams') } },
    async (request, reply) => {
      const caller = await supportCaller(db, request);
      const { caseId, attachmentId } = request.params;
      const companyId = await caseCompany(db, caller, caseId);
      const row = await db.one<{ file_name: string; content_type: string; data: Uint8Array }>(
        'select file_name, content_type, data from support_case_attachments where id = $1 and case_id = $2',
        [attachmentId, caseId],
      );
      if (!row) throw ApiError.notFound('SupportAttachment', attachmentId);
      await logDeskRead(db, caller, [{ companyId, caseId }], 'attachment');
      const disposition = row.content_type === 'application/pdf' ? 'attachment' : 'inline';
      return reply
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .header('content-disposition', `${disposition}; filename*=UTF-8''${encodeURIComponent(row.file_name)}`)
        .type(row.content_type)
        .send(Buffer.from(row.data));
    },
  );
}
