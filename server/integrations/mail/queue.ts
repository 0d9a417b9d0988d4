import type { Db } from '../../db/db';
import type { JobQueue } from '../jobs';
import type { MailMessage, Mailer } from './mailer';

const KIND = 'mail';

interface QueuedAttachment {
  filename: string;
  contentType: string;
  base64: string;
}

/**
 * Queues a mail for delivery after the current answer (and after the caller's transaction commits,
 * when `db` is one): the mail job survives a crash and is retried while the mail server fails, and
 * the caller never waits for or sees the mail server.
 * @example
 * await queueMail(app.jobs, tx, { companyId, to, subject, text, kind: 'verify_email' });
 */
export async function queueMail(jobs: JobQueue, db: Db, message: MailMessage): Promise<void> {
  const { attachments, ...rest } = message;
  const queued: QueuedAttachment[] = (attachments ?? []).map((a) => ({ filename: a.filename, contentType: a.contentType, base64: a.content.toString('base64') }));
  await jobs.send(db, KIND, { ...rest, attachments: queued });
}

/** Delivers queued mails with the mailer (which records each in mail_outbox as it is sent). */
export function deliverQueuedMail(jobs: JobQueue, mailer: Mailer): void {
  jobs.work(KIND, async (payload) => {
    const { attachments, ...message } = payload as unknown as Omit<MailMessage, 'attachments'> & { attachments?: QueuedAttachment[] };
    await mailer.send({
      ...message,
      attachments: (attachments ?? []).map((a) => ({ filename: a.filename, contentType: a.contentType, content: Buffer.from(a.base64, 'base64') })),
    });
  });
}
