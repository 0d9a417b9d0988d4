import type { Db } from '../../db/db';
import type { Mailer } from './mailer';
import { SandboxMailer } from './sandbox';
import { SmtpMailer } from './smtp';

export type { Mailer, MailMessage, MailAttachment, SentMail, CaughtMail } from './mailer';
import { countOutbox, listOutbox, readMail } from './outbox';
export { listOutbox, countOutbox, readMail, recordMail } from './outbox';
export { SandboxMailer } from './sandbox';
export { SmtpMailer } from './smtp';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends e-mail (sandbox unless SMTP_URL is set); decorated by the integrations plugin. */
    mailer: Mailer;
    /** What the catcher (mail_outbox) holds: the outbox page reads it; decorated by the integrations plugin. */
    catcher: Catcher;
  }
}

/** Reads the catcher: every e-mail and SMS sent for a company, as the customer got it. */
export interface Catcher {
  list: typeof listOutbox;
  count: typeof countOutbox;
  read: typeof readMail;
}

/**
 * The mailer the environment asks for: SMTP when SMTP_URL is set (sender MAIL_FROM), else the sandbox.
 * @example
 * const mailer = createMailer(db, process.env);
 */
export function createMailer(db: Db, env: NodeJS.ProcessEnv = process.env): Mailer {
  const from = installSender(env);
  return env.SMTP_URL ? new SmtpMailer(db, env.SMTP_URL, from) : new SandboxMailer(db, from);
}

/** The install's own sender (MAIL_FROM): every mail's address, whatever name a company gives it. */
export const installSender = (env: NodeJS.ProcessEnv = process.env): string => env.MAIL_FROM ?? 'no-reply@booking-admin.local';
