import type { FastifyInstance } from 'fastify';
import type { CallerContext } from '../../shared/context';
import type { MessageTemplateTest, MessageType, RenderedMessage } from '../../../schema/messages';
import { ApiError, checkFieldsEarly } from '../../shared/errors';
import { ref } from '../../shared/schemas';
import { requestLanguage } from '../../shared/messages';
import { bookingFieldTranslations } from '../../shared/templates/index';
import { messageWords } from './messages';
import { companyLanguage } from './queries';
import { mergeDataFor, renderMessage } from './rendering';
import { queueMessage } from './sending';
import { checkMergeFields, checkType } from './templates';
import { EMAIL, MESSAGE_TYPES, SMS } from './types';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The template rendered for a booking of the caller's company (the given one, else the latest). */
async function render(app: FastifyInstance, ctx: CallerContext, body: MessageTemplateTest): Promise<RenderedMessage & { text: string; html: string | null }> {
  checkType(body.TypeId);
  checkMergeFields('Subject', body.Subject);
  checkMergeFields('Body', body.Body);
  let bookingId = body.BookingId ?? null;
  if (bookingId) {
    const found = await app.db.one('select 1 from bookings where company_id = $1 and id = $2', [ctx.companyId, bookingId]);
    if (!found) throw ApiError.field(400, 'BookingId', 'UnknownBooking');
  } else {
    bookingId = (await app.db.one<{ id: number }>('select id from bookings where company_id = $1 order by id desc limit 1', [ctx.companyId]))?.id ?? null;
  }
  const lang = await companyLanguage(app.db, ctx.companyId);
  const merged = await mergeDataFor(app.db, ctx.companyId, bookingId, lang);
  const rendered = await renderMessage({ subject: body.Subject ?? '', body: body.Body }, body.SendMethodId, merged.data);
  return {
    Subject: rendered.subject,
    Body: body.SendMethodId === EMAIL ? (rendered.html ?? '') : rendered.text,
    Text: rendered.text,
    BookingId: merged.bookingId,
    text: rendered.text,
    html: rendered.html,
  };
}

/** GET /messages/templates/types, GET /messages/fieldtranslations, POST /messages/templates/preview and /test. */
export function registerTemplateRoutes(app: FastifyInstance): void {
  app.get('/messages/templates/types', { schema: { response: { 200: { type: 'array', items: ref('MessageType') } } } }, (request): MessageType[] =>
    Object.entries(MESSAGE_TYPES).map(([id, t]) => ({ Id: Number(id), Name: t.name[request.ctx.lang], Description: t.description[request.ctx.lang], SendMethods: [EMAIL, SMS] })),
  );
  app.get('/messages/fieldtranslations', { schema: { response: { 200: { type: 'array', items: ref('MessageFieldTranslation') } } } }, (request) =>
    bookingFieldTranslations(request.ctx.lang),
  );
  app.post('/messages/templates/preview', { schema: { body: ref('MessageTemplateTest'), response: { 200: ref('RenderedMessage') } } }, async (request) => {
    const { text: _text, html: _html, ...answer } = await render(app, request.ctx, request.body as MessageTemplateTest);
    return answer;
  });
  // A test send needs a Receiver (the shared schema leaves it optional for preview): checked before the schema, so it is listed with every other refused field.
  const receiverCheck = checkFieldsEarly((request, refuse) => {
    const body = request.body as { Receiver?: unknown; SendMethodId?: unknown } | null;
    const receiver = typeof body?.Receiver === 'string' ? body.Receiver.trim() : body?.Receiver;
    if (receiver === undefined || receiver === null || receiver === '') refuse('Receiver', 'ReceiverRequired');
    else if (typeof receiver === 'string' && (body?.SendMethodId === SMS ? !app.sms.isReceiver(receiver) : body?.SendMethodId === EMAIL && !EMAIL_PATTERN.test(receiver))) {
      refuse('Receiver', 'InvalidReceiver', { what: (body?.SendMethodId === SMS ? messageWords.phone : messageWords.email)[requestLanguage(request)] });
    }
  });
  app.post('/messages/templates/test', { preValidation: receiverCheck, schema: { body: ref('MessageTemplateTest'), response: { 200: ref('RenderedMessage') } } }, async (request) => {
    const { ctx } = request;
    const body = request.body as MessageTemplateTest;
    const receiver = body.Receiver?.trim() ?? '';
    if (!receiver) throw ApiError.field(400, 'Receiver', 'ReceiverRequired');
    const isSms = body.SendMethodId === SMS;
    if (isSms ? !app.sms.isReceiver(receiver) : !EMAIL_PATTERN.test(receiver)) {
      throw ApiError.field(400, 'Receiver', 'InvalidReceiver', { what: (isSms ? messageWords.phone : messageWords.email)[ctx.lang] });
    }
    const { text: _text, html, ...answer } = await render(app, ctx, body);
    const lang = await companyLanguage(app.db, ctx.companyId);
    const id = await app.db.tx((tx) =>
      queueMessage(app, tx, {
        companyId: ctx.companyId,
        bookingId: answer.BookingId,
        templateId: null,
        typeId: body.TypeId ?? 1,
        sendMethodId: body.SendMethodId,
        language: lang,
        receiver,
        key: `test:${Date.now()}:${Math.random().toString(36).slice(2)}`,
        content: { subject: answer.Subject, body: isSms ? answer.Body : (html ?? '') },
        test: true,
      }),
    );
    return { ...answer, MessageId: id ?? undefined };
  });
}
