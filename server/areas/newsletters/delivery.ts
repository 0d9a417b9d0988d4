import type { FastifyInstance } from 'fastify';
import type { Lang } from '../../shared/messages';
import { renderNewsletter, type NewsletterContent, type NewsletterReceiver } from './content';
import { unsubscribeLinks } from './unsubscribe';

/** The job that sends one batch of a newsletter's receivers and queues the next batch. */
export const NEWSLETTER_BATCH_JOB = 'newsletter_batch';
/** Receivers one job sends; the send's progress is written after each batch. */
export const NEWSLETTER_BATCH_SIZE = 200;
/** The job that starts every send whose time has come (queued per send for its time, and each minute). */
export const NEWSLETTER_DISPATCH_JOB = 'newsletter_dispatch';

interface SendRow {
  id: number;
  company_id: number;
  heading: string;
  message_body: string;
  image_url: string | null;
  send_method_id: number;
  state: string;
  lang: Lang;
  company_name: string;
  company_email: string;
  company_phone: string | null;
  company_homepage: string | null;
}

interface EntryRow {
  id: number;
  receiver: string;
  customer_id: number | null;
}

/**
 * Hands every send whose time has come to the job queue, once: the send is claimed
 * (scheduled → sending) and its first batch job queued in one transaction, so two processes
 * sweeping at once never both start it. Returns how many were started.
 */
export async function dispatchDueNewsletters(app: FastifyInstance): Promise<number> {
  const due = await app.db.query<{ id: number }>(
    `select id from newsletter_sends where state = 'scheduled' and to_send_date <= now() order by to_send_date, id limit 20`,
  );
  let started = 0;
  for (const { id } of due) {
    const claimed = await app.db.tx(async (tx) => {
      const row = await tx.one(`update newsletter_sends set state = 'sending', updated = now() where id = $1 and state = 'scheduled' returning id`, [id]);
      if (row) await app.jobs.send(tx, NEWSLETTER_BATCH_JOB, { sendId: id });
      return Boolean(row);
    });
    if (claimed) started += 1;
  }
  return started;
}

/** Claims the next receivers of a send (or the named entries of a resend) so that no other job sends them too. */
async function claim(app: FastifyInstance, sendId: number, entryIds: number[] | undefined): Promise<EntryRow[]> {
  const rows = await app.db.query<EntryRow>(
    `update newsletter_log l set state = 'sending', updated = now()
      where l.id in (
        select id from newsletter_log
         where send_id = $1 and ($2::int[] is null or id = any($2::int[]))
           and (state = 'queued' or (state = 'sending' and updated < now() - interval '10 minutes'))
         order by id limit $3 for update skip locked)
      returning l.id, l.receiver, l.customer_id`,
    [sendId, entryIds ?? null, NEWSLETTER_BATCH_SIZE],
  );
  return rows.sort((a, b) => a.id - b.id);
}

async function receivers(app: FastifyInstance, companyId: number, entries: EntryRow[]): Promise<Map<number, NonNullable<NewsletterReceiver['customer']>>> {
  const ids = entries.flatMap((e) => (e.customer_id ? [e.customer_id] : []));
  if (!ids.length) return new Map();
  const rows = await app.db.query<{ id: number; firstname: string; lastname: string; email: string | null; phone: string | null }>(
    'select id, firstname, lastname, email, phone from customers where company_id = $1 and id = any($2::int[])',
    [companyId, ids],
  );
  return new Map(rows.map((r) => [r.id, { Firstname: r.firstname, Lastname: r.lastname, Email: r.email ?? '', Phone: r.phone ?? '' }]));
}

/**
 * One batch: sends up to NEWSLETTER_BATCH_SIZE receivers of the send, marks them sent (or failed,
 * with the reason) and writes the send's progress. Answers whether receivers are left. A cancelled
 * send stops at the next batch.
 */
export async function sendNewsletterBatch(app: FastifyInstance, payload: { sendId: number; entryIds?: number[] }): Promise<boolean> {
  const send = await app.db.one<SendRow>(
    `select s.id, s.company_id, s.heading, s.message_body, s.image_url, s.send_method_id, s.state, s.lang,
            c.name as company_name, c.email as company_email, c.phone as company_phone, c.homepage as company_homepage
       from newsletter_sends s join companies c on c.id = s.company_id where s.id = $1`,
    [payload.sendId],
  );
  if (!send || (send.state === 'canceled' && !payload.entryIds)) return false;
  const entries = await claim(app, send.id, payload.entryIds);
  const people = await receivers(app, send.company_id, entries);
  const linkOf = await unsubscribeLinks(app.db, send.company_id, app.config.publicUrl);
  const content: NewsletterContent = {
    heading: send.heading,
    body: send.message_body,
    imageUrl: send.image_url,
    company: { Name: send.company_name, Email: send.company_email, Phone: send.company_phone ?? '', Homepage: send.company_homepage ?? '' },
    lang: send.lang,
  };
  const sentIds: number[] = [];
  const failures: { id: number; error: string }[] = [];
  for (const entry of entries) {
    const customer = entry.customer_id ? (people.get(entry.customer_id) ?? null) : null;
    try {
      const unsubscribeUrl = entry.customer_id ? linkOf(entry.customer_id) : null;
      const message = await renderNewsletter(content, { customer, unsubscribeUrl });
      if (send.send_method_id === 1) {
        // RFC 8058 one-click: a mail client POSTs List-Unsubscribe=One-Click to the same link.
        const headers = unsubscribeUrl ? { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : undefined;
        await app.mailer.send({ companyId: send.company_id, to: entry.receiver, subject: message.subject, html: message.html, text: message.text, kind: 'newsletter', headers });
      } else {
        await app.sms.send({ companyId: send.company_id, to: entry.receiver, text: message.text, kind: 'newsletter' });
      }
      sentIds.push(entry.id);
    } catch (err) {
      failures.push({ id: entry.id, error: String(err instanceof Error ? err.message : err).slice(0, 500) });
    }
  }
  const sent = sentIds.length;
  const failed = failures.length;
  // One statement per batch marks what went out; a process that dies mid-batch leaves its entries
  // 'sending', and they go out again (at least once) when the batch is retried after ten minutes.
  if (sent) await app.db.query(`update newsletter_log set state = 'sent', sent_at = now(), error = null, updated = now() where id = any($1::int[])`, [sentIds]);
  if (failed) {
    await app.db.query(
      `update newsletter_log l set state = 'failed', error = f.error, updated = now()
         from unnest($1::int[], $2::text[]) as f(id, error) where l.id = f.id`,
      [failures.map((f) => f.id), failures.map((f) => f.error)],
    );
  }
  return app.db.tx(async (tx) => {
    const left = await tx.one<{ n: number }>(`select count(*)::int as n from newsletter_log where send_id = $1 and state in ('queued', 'sending')`, [send.id]);
    const done = (left?.n ?? 0) === 0;
    await tx.query(
      `update newsletter_sends set sent_count = sent_count + $2, failed_count = failed_count + $3, updated = now(),
              state = case when $4 and state = 'sending' then 'sent' else state end,
              finished = case when $4 then now() else finished end
        where id = $1`,
      [send.id, sent, failed, done],
    );
    return !done && !payload.entryIds && entries.length > 0;
  });
}

/** How long one job sends batch after batch before it hands the rest to a new job (other jobs get their turn). */
const JOB_BUDGET_MS = 5_000;

/**
 * The batch job: batches one after another for up to five seconds (each writing its progress),
 * then, while receivers are left, the next job. A job that dies is retried by the queue and goes on
 * where the last committed batch ended.
 */
export async function runNewsletterJob(app: FastifyInstance, payload: { sendId: number; entryIds?: number[] }): Promise<void> {
  const until = Date.now() + JOB_BUDGET_MS;
  let more = true;
  while (more && Date.now() < until) more = await sendNewsletterBatch(app, payload);
  if (more) await app.jobs.send(app.db, NEWSLETTER_BATCH_JOB, { sendId: payload.sendId });
}

/**
 * Registers the batch job and the dispatch that starts sends when their time comes: a send queues
 * a dispatch job for its own time (POST /newsletter/send), and a pg-boss schedule runs one each
 * minute for any send whose job was lost. Two dispatches at once start a send once.
 */
export function registerNewsletterDelivery(app: FastifyInstance): void {
  if (!app.hasDecorator('jobs')) return;
  app.jobs.work(NEWSLETTER_BATCH_JOB, (payload) => runNewsletterJob(app, payload as { sendId: number; entryIds?: number[] }));
  app.jobs.every(NEWSLETTER_DISPATCH_JOB, '* * * * *', async () => {
    await dispatchDueNewsletters(app);
  });
}
