import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/db';
import type { MailMessage, Mailer, SentMail } from './mailer';
import { recordMail } from './outbox';

/**
 * The mail sandbox: accepts every well-formed message like a provider's test mode and keeps it in
 * mail_outbox (with a message id) instead of delivering it.
 * @example
 * const mailer = new SandboxMailer(db, 'no-reply@example.com');
 * await mailer.send({ companyId: 1, to: 'a@example.com', subject: 'Hi', text: 'Hello' });
 */
export class SandboxMailer implements Mailer {
  readonly transport = 'sandbox';

  constructor(
    private readonly db: Db,
    private readonly from: string,
  ) {}

  async send(message: MailMessage): Promise<SentMail> {
    if (!/^[^\s@]+@[^\s@]+$/.test(message.to)) throw new Error(`invalid recipient: ${message.to}`);
    const domain = (message.from ?? this.from).split('@')[1] ?? 'sandbox.local';
    return recordMail(this.db, this.transport, message.from ?? this.from, message, `<${randomUUID()}@${domain}>`);
  }
}
