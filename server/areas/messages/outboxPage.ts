import type { FastifyInstance } from 'fastify';
import { DateTime } from 'luxon';
import type { CaughtMessage, CaughtMessageQuery } from '../../../schema/messages';
import { idParams } from '../../autoquery/index';
import { ApiError } from '../../shared/errors';
import { sanitizeRichText } from '../../shared/html';
import { page, ref } from '../../shared/schemas';
import { messageWords } from './messages';

type SentMail = Awaited<ReturnType<FastifyInstance['catcher']['list']>>[number];

function toWire(mail: SentMail, zone: string): CaughtMessage {
  return {
    Id: mail.id,
    Channel: mail.channel,
    Transport: mail.transport,
    From: mail.from,
    To: mail.to,
    Subject: mail.subject,
    Text: mail.text,
    Html: mail.html === null ? null : sanitizeRichText(mail.html),
    Kind: mail.kind,
    Created: DateTime.fromISO(mail.created).setZone(zone).toFormat("yyyy-MM-dd'T'HH:mm:ss"),
    Attachments: mail.attachments.map((a) => ({ FileName: a.filename, ContentType: a.contentType, Size: a.size })),
  };
}

/** The outbox page: every message caught for the company (GET /messages/outbox, /messages/outbox/{Id} with attachments). */
export function registerOutboxRoutes(app: FastifyInstance): void {
  app.get('/messages/outbox', { schema: { querystring: ref('CaughtMessageQuery'), response: { 200: page('CaughtMessage') } } }, async (request) => {
    const { ctx } = request;
    const q = request.query as CaughtMessageQuery;
    const filter = { channel: q.Channel as 'email' | 'sms' | undefined, to: q.To?.trim() || undefined };
    const skip = q.Skip ?? 0;
    const [results, total] = await Promise.all([
      app.catcher.list(app.db, ctx.companyId, { ...filter, take: q.Take ?? 25, skip }),
      app.catcher.count(app.db, ctx.companyId, filter),
    ]);
    return { Offset: skip, Total: total, Results: results.map((m) => toWire(m, ctx.timeZone)) };
  });
  app.get('/messages/outbox/:Id', { schema: { params: idParams, response: { 200: ref('CaughtMessage') } } }, async (request) => {
    const { ctx } = request;
    const id = (request.params as { Id: number }).Id;
    const mail = await app.catcher.read(app.db, ctx.companyId, id);
    if (!mail) throw ApiError.notFound(messageWords.logEntry[ctx.lang], id);
    return { ...toWire(mail, ctx.timeZone), Headers: mail.headers, Attachments: mail.attachments.map((a) => ({ FileName: a.filename, ContentType: a.contentType, Size: a.size, Base64: a.base64 })) };
  });
}
