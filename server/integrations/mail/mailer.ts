/** One e-mail the product sends. */
export interface MailMessage {
  /** The company the mail is sent for (null for mails outside any company). */
  companyId: number | null;
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** What the mail is about, e.g. 'reset_password'; lets tests and the outbox view filter. */
  kind?: string;
  /** Overrides the configured sender. */
  from?: string;
  /** Files sent with the mail, e.g. a report as PDF. */
  attachments?: MailAttachment[];
  /** Extra headers, e.g. a newsletter's `List-Unsubscribe` and `List-Unsubscribe-Post` (RFC 8058). */
  headers?: Record<string, string>;
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** A mail as recorded in mail_outbox. */
export interface SentMail {
  id: number;
  companyId: number | null;
  transport: string;
  messageId: string | null;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  kind: string | null;
  /** 'email', or 'sms' for a text message (then `subject` is empty and `to` a phone number). */
  channel: 'email' | 'sms';
  /** What was attached (the bytes: `readMail`). */
  attachments: { filename: string; contentType: string; size: number }[];
  /** The extra headers it was sent with ({} when none). */
  headers: Record<string, string>;
  created: string;
}

/** A caught message with its attachments' bytes (base64), as the outbox page shows it. */
export interface CaughtMail extends SentMail {
  attachments: { filename: string; contentType: string; size: number; base64: string }[];
}

/** Sends e-mail. The sandbox records; the SMTP adapter records and delivers. */
export interface Mailer {
  readonly transport: string;
  send(message: MailMessage): Promise<SentMail>;
}
