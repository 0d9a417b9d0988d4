import type { Db } from '../db/db';
import type { Mailer, MailMessage, SentMail } from './mail/mailer';
import type { SmsMessage, SmsSender } from './sms/index';

/**
 * What a company's system settings (issue 36, GET, PUT /settings/system) say about its mail and
 * text messages: the sender name shown on mails (the address stays the install's MAIL_FROM, so SPF
 * and DKIM hold), the reply-to address, and the SMS sender. Unset: the install's own.
 */
interface CompanySender {
  mail_sender_name: string | null;
  mail_reply_to: string | null;
  sms_sender: string | null;
}

async function senderOf(db: Db, companyId: number | null): Promise<CompanySender | undefined> {
  if (companyId === null) return undefined;
  return db.one<CompanySender>('select mail_sender_name, mail_reply_to, sms_sender from system_settings where company_id = $1', [companyId]);
}

/** The address of a From value ("Name <a@b>" or "a@b"). */
const addressOf = (from: string): string => /<([^>]+)>\s*$/.exec(from)?.[1] ?? from.trim();

/** A display name quoted for a header (RFC 5322 quoted-string). */
const quoted = (name: string): string => `"${name.replace(/[\r\n]/g, ' ').replace(/(["\\])/g, '\\$1')}"`;

/**
 * Sends a company's mail with its sender name and reply-to address; a message that names its own
 * sender or Reply-To keeps it.
 * @example const mailer = withCompanySender(createMailer(db), db, 'no-reply@example.com');
 */
export function withCompanySender(inner: Mailer, db: Db, installFrom: string): Mailer {
  return {
    transport: inner.transport,
    async send(message: MailMessage): Promise<SentMail> {
      const sender = await senderOf(db, message.companyId);
      if (!sender || message.from) return inner.send(message);
      const name = sender.mail_sender_name?.trim();
      const replyTo = sender.mail_reply_to?.trim();
      const headers = { ...message.headers };
      if (replyTo && !Object.keys(headers).some((h) => h.toLowerCase() === 'reply-to')) headers['Reply-To'] = replyTo;
      return inner.send({ ...message, ...(name ? { from: `${quoted(name)} <${addressOf(installFrom)}>` } : {}), headers });
    },
  };
}

/** Sends a company's text messages with its SMS sender name, unless a message names its own. */
export function withCompanySmsSender(inner: SmsSender, db: Db): SmsSender {
  return {
    transport: inner.transport,
    isReceiver: (to) => inner.isReceiver(to),
    async send(message: SmsMessage): Promise<SentMail> {
      const sender = message.from ? undefined : (await senderOf(db, message.companyId))?.sms_sender?.trim();
      return inner.send(sender ? { ...message, from: sender } : message);
    },
  };
}
