import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../../db/db';
import type { MailMessage, Mailer, SentMail } from './mailer';
import { recordMail } from './outbox';

/**
 * Delivers mail through an SMTP server (nodemailer) and records it in mail_outbox.
 * @example
 * const mailer = new SmtpMailer(db, 'smtps://user:pass@smtp.example.com', 'no-reply@example.com');
 */
export class SmtpMailer implements Mailer {
  readonly transport = 'smtp';
  private readonly transporter: Transporter;

  constructor(
    private readonly db: Db,
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transporter = nodemailer.createTransport(smtpUrl);
  }

  async send(message: MailMessage): Promise<SentMail> {
    const from = message.from ?? this.from;
    const info = await this.transporter.sendMail({
      from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      attachments: message.attachments?.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })),
      headers: message.headers,
    });
    return recordMail(this.db, this.transport, from, message, info.messageId ?? null);
  }
}
