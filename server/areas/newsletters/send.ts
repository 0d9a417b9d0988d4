import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { DateTime } from 'luxon';
import type { NewsletterTemplate, NewsletterTest, NewsletterTestResponse, SendNewsletter } from '../../../schema/newsletters';
import type { CallerContext } from '../../shared/context';
import type { Db } from '../../db/db';
import { ApiError, checkFieldsEarly } from '../../shared/errors';
import { ref } from '../../shared/schemas';
import { requirePlanArea } from '../../shared/planLimits';
import { findRecord, idParams, readRecord } from '../../autoquery/index';
import { renderNewsletter } from './content';
import { NEWSLETTER_BATCH_JOB, NEWSLETTER_DISPATCH_JOB } from './delivery';
import { newsletterLog, newsletterSends } from './log';
import { newsletterWords } from './messages';
import { newsletterTemplates } from './templates';

/** Spec: "Newsletter send is scheduled one minute after the current time" when no SendDate is given. */
export const NEWSLETTER_SEND_DELAY_MS = 60_000;
/** A SendDate this little before now is taken as now (the admin's clock and ours differ a little). */
const PAST_GRACE_MS = 60_000;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[0-9][0-9 ()-]{5,19}$/;

/** Whether a receiver fits the send method: an e-mail address (1) or a mobile number (2). */
export function validReceiver(receiver: string, sendMethodId: number): boolean {
  return sendMethodId === 1 ? EMAIL.test(receiver) : PHONE.test(receiver);
}

async function template(db: Db, ctx: CallerContext, id: number): Promise<NewsletterTemplate> {
  const found = await findRecord(db, ctx, newsletterTemplates, id);
  if (!found) throw ApiError.notFound(newsletterWords.template[ctx.lang], id);
  return found;
}

/** When to send: SendDate (company time) if given and not in the past, else now plus one minute. */
function sendDate(ctx: CallerContext, value: string | undefined, now = Date.now()): Date {
  if (!value) return new Date(now + NEWSLETTER_SEND_DELAY_MS);
  const at = DateTime.fromISO(value, { zone: ctx.timeZone });
  if (!at.isValid) throw ApiError.field(400, 'SendDate', 'InvalidFormat');
  if (at.toMillis() < now - PAST_GRACE_MS) throw ApiError.field(400, 'SendDate', 'NewsletterSendDateInPast', { date: value.replace('T', ' ').slice(0, 16) });
  return new Date(Math.max(at.toMillis(), now));
}

/** The receivers of a send: one address, the chosen customers who subscribed, or every subscriber. */
async function addReceivers(tx: Db, ctx: CallerContext, sendId: number, body: SendNewsletter, sendMethodId: number): Promise<number> {
  if (body.Receiver?.trim()) {
    await tx.query('insert into newsletter_log (company_id, send_id, receiver) values ($1, $2, $3)', [ctx.companyId, sendId, body.Receiver.trim()]);
    return 1;
  }
  const chosen = body.Customers?.length ? [...new Set(body.Customers)] : null;
  if (chosen) {
    const known = await tx.query<{ id: number }>('select id from customers where company_id = $1 and id = any($2::int[])', [ctx.companyId, chosen]);
    const knownIds = new Set(known.map((r) => r.id));
    const unknown = chosen.filter((id) => !knownIds.has(id));
    if (unknown.length) throw ApiError.field(400, 'Customers', 'NewsletterUnknownCustomers', { ids: unknown.slice(0, 10).join(', ') });
  }
  const address = sendMethodId === 1 ? 'email' : 'phone';
  const row = await tx.one<{ n: number }>(
    `with added as (
       insert into newsletter_log (company_id, send_id, customer_id, receiver)
       select $1, $2, id, receiver from (
         select distinct on (lower(trim(c.${address}))) c.id, trim(c.${address}) as receiver
           from customers c
          where c.company_id = $1 and c.subscribed_to_newsletter and coalesce(trim(c.${address}), '') <> ''
            and ($3::int[] is null or c.id = any($3::int[]))
          order by lower(trim(c.${address})), c.id) r
       order by id
       returning 1)
     select count(*)::int as n from added`,
    [ctx.companyId, sendId, chosen],
  );
  return row?.n ?? 0;
}

/**
 * POST /newsletter/send, DELETE /newsletter/send/{Id} (cancel until sent), PUT /newsletter/log/{Id}/resend
 * and POST /newsletter/templates/test. A send is written with all its receivers in one transaction;
 * the job queue sends it in batches when its time comes.
 */
export function registerSendRoutes(app: FastifyInstance): void {
  app.post('/newsletter/send', { preHandler: requirePlanArea('newsletters'), schema: { body: ref('SendNewsletter'), response: { 200: ref('NewsletterSend') } } }, async (request) => {
    const { ctx } = request;
    const body = request.body as SendNewsletter;
    const at = sendDate(ctx, body.SendDate);
    const tpl = await template(app.db, ctx, body.Id);
    if (body.Receiver?.trim() && !validReceiver(body.Receiver.trim(), tpl.SendMethodId)) throw ApiError.field(400, 'Receiver', 'NewsletterReceiverInvalid');
    const id = await app.db.tx(async (tx) => {
      const row = await tx.one<{ id: number }>(
        `insert into newsletter_sends (company_id, template_id, heading, message_title, message_body, image_url, send_method_id, to_send_date, lang)
         values ($1, $2, $3, $3, $4, $5, $6, $7, $8) returning id`,
        [ctx.companyId, tpl.Id, tpl.Heading, tpl.Body, tpl.ImageUrl, tpl.SendMethodId, at.toISOString(), ctx.lang],
      );
      const total = await addReceivers(tx, ctx, row!.id, body, tpl.SendMethodId);
      if (!total) throw ApiError.field(400, 'Customers', 'NewsletterNoReceivers');
      await tx.query('update newsletter_sends set total = $2 where id = $1', [row!.id, total]);
      // Started at its time by the dispatch job (at once when that time is now).
      await app.jobs.send(tx, NEWSLETTER_DISPATCH_JOB, {}, { startAfter: at });
      return row!.id;
    });
    return readRecord(app.db, ctx, newsletterSends, id);
  });

  app.delete('/newsletter/send/:Id', { schema: { params: idParams, response: { 200: ref('NewsletterSend') } } }, async (request) => {
    const { ctx } = request;
    const id = (request.params as { Id: number }).Id;
    await app.db.tx(async (tx) => {
      const send = await tx.one<{ state: string }>('select state from newsletter_sends where id = $1 and company_id = $2 for update', [id, ctx.companyId]);
      if (!send) throw ApiError.notFound(newsletterWords.send[ctx.lang], id);
      if (send.state === 'sent') throw ApiError.conflict('Id', 'NewsletterAlreadySent');
      if (send.state === 'canceled') return;
      await tx.query(`update newsletter_sends set state = 'canceled', updated = now(), finished = now() where id = $1`, [id]);
      await tx.query(`update newsletter_log set state = 'canceled', updated = now() where send_id = $1 and state = 'queued'`, [id]);
    });
    return readRecord(app.db, ctx, newsletterSends, id);
  });

  app.put('/newsletter/log/:Id/resend', { schema: { params: idParams, response: { 200: ref('Newsletter') } } }, async (request) => {
    const { ctx } = request;
    const entry = await readRecord(app.db, ctx, newsletterLog, (request.params as { Id: number }).Id);
    if (entry.CustomerId) {
      const customer = await app.db.one<{ subscribed_to_newsletter: boolean }>('select subscribed_to_newsletter from customers where id = $1', [entry.CustomerId]);
      if (customer && !customer.subscribed_to_newsletter) throw ApiError.field(400, 'Id', 'NewsletterUnsubscribed');
    }
    const newId = await app.db.tx(async (tx) => {
      const row = await tx.one<{ id: number }>(
        'insert into newsletter_log (company_id, send_id, customer_id, receiver) values ($1, $2, $3, $4) returning id',
        [ctx.companyId, entry.SendId, entry.CustomerId, entry.Receiver],
      );
      await tx.query('update newsletter_sends set total = total + 1, updated = now() where id = $1', [entry.SendId]);
      await app.jobs.send(tx, NEWSLETTER_BATCH_JOB, { sendId: entry.SendId, entryIds: [row!.id] });
      return row!.id;
    });
    return readRecord(app.db, ctx, newsletterLog, newId);
  });

  // The Receiver a test send needs, checked before the schema so that it is listed with every other refused field.
  const receiverCheck = checkFieldsEarly((request, refuse) => {
    const receiver = (request.body as { Receiver?: unknown } | null)?.Receiver;
    if (receiver === undefined || receiver === null || (typeof receiver === 'string' && !receiver.trim())) refuse('Receiver', 'NewsletterReceiverRequired');
  });
  app.post('/newsletter/templates/test', { preValidation: receiverCheck, schema: { body: ref('NewsletterTest'), response: { 200: ref('NewsletterTestResponse') } } }, async (request) => {
    const { ctx } = request;
    const body = request.body as NewsletterTest;
    const receiver = body.Receiver?.trim() ?? '';
    if (!receiver) throw ApiError.field(400, 'Receiver', 'NewsletterReceiverRequired');
    const tpl = await template(app.db, ctx, body.Id);
    if (!validReceiver(receiver, tpl.SendMethodId)) throw ApiError.field(400, 'Receiver', 'NewsletterReceiverInvalid');
    const company = await app.db.one<{ name: string; email: string; phone: string | null; homepage: string | null }>(
      'select name, email, phone, homepage from companies where id = $1',
      [ctx.companyId],
    );
    const content = {
      heading: tpl.Heading,
      body: tpl.Body,
      imageUrl: body.ImageUrl ?? tpl.ImageUrl,
      company: { Name: company!.name, Email: company!.email, Phone: company!.phone ?? '', Homepage: company!.homepage ?? '' },
      lang: ctx.lang,
    };
    const mail = await renderNewsletter(content, { customer: null, unsubscribeUrl: null });
    if (tpl.SendMethodId === 1) {
      // Through the outbox (kind 'mail', the mailer's queue format): sent after the commit, retried while the mail server fails.
      await app.db.tx((tx) =>
        app.outbox.add(tx, {
          companyId: ctx.companyId,
          kind: 'mail',
          key: `newsletter-test:${randomUUID()}`,
          payload: { companyId: ctx.companyId, to: receiver, subject: mail.subject, text: mail.text, html: mail.html, kind: 'newsletter_test', attachments: [] },
        }),
      );
    } else {
      await app.sms.send({ companyId: ctx.companyId, to: receiver, text: mail.text, kind: 'newsletter_test' });
    }
    const answer: NewsletterTestResponse = { Receiver: receiver, SendMethodId: tpl.SendMethodId };
    return answer;
  });
}
