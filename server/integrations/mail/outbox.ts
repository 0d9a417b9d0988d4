import type { Db } from '../../db/db';
import type { MailMessage, SentMail } from './mailer';

interface OutboxRow {
  id: number;
  company_id: number | null;
  transport: string;
  message_id: string | null;
  from_address: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  kind: string | null;
  attachments: { filename: string; contentType: string; size: number }[] | string;
  created: string | Date;
}

function toSentMail(row: OutboxRow): SentMail {
  return {
    id: Number(row.id),
    companyId: row.company_id,
    transport: row.transport,
    messageId: row.message_id,
    from: row.from_address,
    to: row.to_address,
    subject: row.subject,
    text: row.text_body,
    html: row.html_body,
    kind: row.kind,
    attachments: typeof row.attachments === 'string' ? JSON.parse(row.attachments) : row.attachments,
    created: row.created instanceof Date ? row.created.toISOString() : row.created,
  };
}

/** Records one mail in mail_outbox. */
export async function recordMail(db: Db, transport: string, from: string, message: MailMessage, messageId: string | null): Promise<SentMail> {
  const row = await db.one<OutboxRow>(
    `insert into mail_outbox (company_id, transport, message_id, from_address, to_address, subject, text_body, html_body, kind, attachments)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb) returning *`,
    [
      message.companyId,
      transport,
      messageId,
      from,
      message.to,
      message.subject,
      message.text,
      message.html ?? null,
      message.kind ?? null,
      JSON.stringify((message.attachments ?? []).map((a) => ({ filename: a.filename, contentType: a.contentType, size: a.content.length }))),
    ],
  );
  return toSentMail(row!);
}

/**
 * The mails sent for one company, newest first.
 * @example
 * const [latest] = await listOutbox(db, companyId, { to: 'demo@example.com', kind: 'reset_password' });
 */
export async function listOutbox(db: Db, companyId: number, filter: { to?: string; kind?: string; take?: number } = {}): Promise<SentMail[]> {
  const rows = await db.query<OutboxRow>(
    `select * from mail_outbox
      where company_id = $1 and ($2::text is null or lower(to_address) = lower($2)) and ($3::text is null or kind = $3)
      order by id desc limit $4`,
    [companyId, filter.to ?? null, filter.kind ?? null, filter.take ?? 50],
  );
  return rows.map(toSentMail);
}
