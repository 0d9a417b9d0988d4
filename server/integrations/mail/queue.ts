import { createHash, randomUUID } from 'node:crypto';
import type { Db } from '../../db/db';
import type { Outbox } from '../../shared/outbox/outbox';
import type { MailMessage, Mailer } from './mailer';

/** The outbox kind of an e-mail. */
export const MAIL = 'mail';

interface QueuedAttachment {
  filename: string;
  contentType: string;
  base64: string;
}

/** An idempotency key made from a secret (e.g. a mailed token) without storing the secret. */
export function keyOf(prefix: string, secret: string): string {
  return `${prefix}:${createHash('sha256').update(secret).digest('base64url').slice(0, 22)}`;
}

/**
 * Queues a mail in the outbox, in `db` (the caller's transaction when it is one): it is sent after
 * the commit, never for a rolled-back change, survives a crash, and is retried while the mail server
 * fails; the caller never waits for or sees the mail server. `key` makes it idempotent per company.
 * @example
 * await queueMail(app.outbox, tx, { companyId, to, subject, text, kind: 'verify_email' }, `verify:${tokenId}`);
 */
export async function queueMail(outbox: Outbox, db: Db, message: MailMessage, key: string = `mail:${randomUUID()}`): Promise<{ id: number; added: boolean }> {
  const { attachments, ...rest } = message;
  const queued: QueuedAttachment[] = (attachments ?? []).map((a) => ({ filename: a.filename, contentType: a.contentType, base64: a.content.toString('base64') }));
  return outbox.add(db, { companyId: message.companyId, kind: MAIL, key, payload: { ...rest, attachments: queued } });
}

/** Delivers queued mails with the mailer (which records each in mail_outbox as it is sent). */
export function deliverQueuedMail(outbox: Outbox, mailer: Mailer): void {
  outbox.handle(MAIL, async (payload) => {
    const { attachments, ...message } = payload as unknown as Omit<MailMessage, 'attachments'> & { attachments?: QueuedAttachment[] };
    await mailer.send({
      ...message,
      attachments: (attachments ?? []).map((a) => ({ filename: a.filename, contentType: a.contentType, content: Buffer.from(a.base64, 'base64') })),
    });
  });
}
