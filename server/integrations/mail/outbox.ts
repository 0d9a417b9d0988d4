import type { Db } from '../../db/db';
import type { CaughtMail, MailMessage, SentMail } from './mailer';

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
  channel: 'email' | 'sms';
  attachments: { filename: string; contentType: string; size: number }[] | string;
  attachment_content?: string[] | string;
  headers: Record<string, string> | string | null;
  created: string | Date;
}

const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

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
    channel: row.channel ?? 'email',
    attachments: json(row.attachments),
    headers: json(row.headers ?? {}),
    created: row.created instanceof Date ? row.created.toISOString() : row.created,
  };
}

/** Columns of a list (without the attachments' bytes). */
const LIST_COLUMNS = 'id, company_id, transport, message_id, from_address, to_address, subject, text_body, html_body, kind, channel, attachments, headers, created';

/** Records one message in mail_outbox (the catcher): e-mail, or SMS with `channel` 'sms'. */
export async function recordMail(db: Db, transport: string, from: string, message: MailMessage, messageId: string | null, channel: 'email' | 'sms' = 'email'): Promise<SentMail> {
  const files = message.attachments ?? [];
  const row = await db.one<OutboxRow>(
    `insert into mail_outbox (company_id, transport, message_id, from_address, to_address, subject, text_body, html_body, kind, attachments, channel, attachment_content, headers)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb, $11, $12::jsonb, $13::jsonb) returning ${LIST_COLUMNS}`,
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
      JSON.stringify(files.map((a) => ({ filename: a.filename, contentType: a.contentType, size: a.content.length }))),
      channel,
      JSON.stringify(files.map((a) => a.content.toString('base64'))),
      JSON.stringify(message.headers ?? {}),
    ],
  );
  return toSentMail(row!);
}

/**
 * The mails sent for one company, newest first.
 * @example
 * const [latest] = await listOutbox(db, companyId, { to: 'demo@example.com', kind: 'reset_password' });
 */
export async function listOutbox(
  db: Db,
  companyId: number,
  filter: { to?: string; kind?: string; channel?: 'email' | 'sms'; take?: number; skip?: number } = {},
): Promise<SentMail[]> {
  const rows = await db.query<OutboxRow>(
    `select ${LIST_COLUMNS} from mail_outbox
      where company_id = $1 and ($2::text is null or lower(to_address) = lower($2)) and ($3::text is null or kind = $3)
        and ($4::text is null or channel = $4)
      order by id desc limit $5 offset $6`,
    [companyId, filter.to ?? null, filter.kind ?? null, filter.channel ?? null, filter.take ?? 50, filter.skip ?? 0],
  );
  return rows.map(toSentMail);
}

/** How many messages the catcher holds for one company (the outbox page's paging). */
export async function countOutbox(db: Db, companyId: number, filter: { to?: string; kind?: string; channel?: 'email' | 'sms' } = {}): Promise<number> {
  const row = await db.one<{ n: number }>(
    `select count(*)::int as n from mail_outbox
      where company_id = $1 and ($2::text is null or lower(to_address) = lower($2)) and ($3::text is null or kind = $3) and ($4::text is null or channel = $4)`,
    [companyId, filter.to ?? null, filter.kind ?? null, filter.channel ?? null],
  );
  return row?.n ?? 0;
}

/**
 * One caught message of one company with its attachments' bytes (null when it is not the company's).
 * @example
 * const mail = await readMail(db, companyId, 12); // mail.attachments[0].base64
 */
export async function readMail(db: Db, companyId: number, id: number): Promise<CaughtMail | null> {
  const row = await db.one<OutboxRow>(`select ${LIST_COLUMNS}, attachment_content from mail_outbox where company_id = $1 and id = $2`, [companyId, id]);
  if (!row) return null;
  const mail = toSentMail(row);
  const content = json(row.attachment_content ?? []);
  return { ...mail, attachments: mail.attachments.map((a, i) => ({ ...a, base64: content[i] ?? '' })) };
}
