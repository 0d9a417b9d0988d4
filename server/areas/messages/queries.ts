import type { Db } from '../../db/db';
import type { Lang } from '../../shared/messages';
import { languageOfCountry } from './types';
import { customerLanguage } from '../../shared/context';

/** What sending needs to know about a booking: its receivers, flags, time and the company's language. */
export interface BookingContact {
  id: number;
  companyId: number;
  serviceId: number;
  statusId: number;
  startsAt: Date;
  endsAt: Date;
  email: string | null;
  phone: string | null;
  sendEmailConfirmation: boolean;
  sendSmsConfirmation: boolean;
  sendEmailReminder: boolean;
  sendSmsReminder: boolean;
  lang: Lang;
  reminderHoursBefore: number;
  /** Whether the company asks for reviews (message type 9), and how many hours after the booking's end. */
  reviewRequests: boolean;
  reviewHoursAfter: number;
  /** The booking's latest log entry id (0 without one): a change's messages are keyed by it. */
  logSeq: number;
}

interface ContactRow {
  id: number;
  company_id: number;
  service_id: number;
  status_id: number;
  starts_at: string | Date;
  ends_at: string | Date;
  customer_email: string | null;
  customer_phone: string | null;
  send_email_confirmation: boolean;
  send_sms_confirmation: boolean;
  send_email_reminder: boolean;
  send_sms_reminder: boolean;
  country_id: string;
  customer_language: Lang | null;
  reminder_hours_before: number | null;
  review_requests: boolean | null;
  review_hours_after: number | null;
  log_seq: string | number | null;
}

/** One booking of one company as sending sees it (undefined when there is none). */
export async function loadContact(db: Db, companyId: number, bookingId: number): Promise<BookingContact | undefined> {
  const row = await db.one<ContactRow>(
    `select b.id, b.company_id, b.service_id, b.status_id, b.starts_at, b.ends_at, b.customer_email, b.customer_phone,
            b.send_email_confirmation, b.send_sms_confirmation, b.send_email_reminder, b.send_sms_reminder,
            c.country_id, (select s.customer_language from system_settings s where s.company_id = b.company_id) as customer_language, ms.reminder_hours_before, ms.review_requests, ms.review_hours_after,
            (select max(l.id) from booking_log l where l.company_id = b.company_id and l.booking_id = b.id) as log_seq
       from bookings_view b join companies c on c.id = b.company_id left join message_settings ms on ms.company_id = b.company_id
      where b.company_id = $1 and b.id = $2`,
    [companyId, bookingId],
  );
  if (!row) return undefined;
  return {
    id: row.id,
    companyId: row.company_id,
    serviceId: row.service_id,
    statusId: row.status_id,
    startsAt: row.starts_at instanceof Date ? row.starts_at : new Date(row.starts_at),
    endsAt: row.ends_at instanceof Date ? row.ends_at : new Date(row.ends_at),
    email: row.customer_email?.trim() || null,
    phone: row.customer_phone?.trim() || null,
    sendEmailConfirmation: row.send_email_confirmation,
    sendSmsConfirmation: row.send_sms_confirmation,
    sendEmailReminder: row.send_email_reminder,
    sendSmsReminder: row.send_sms_reminder,
    // The system settings' language for customers, else the country's (as customerLanguage reads it).
    lang: row.customer_language ?? languageOfCountry(row.country_id),
    reminderHoursBefore: row.reminder_hours_before ?? 24,
    reviewRequests: row.review_requests ?? false,
    reviewHoursAfter: row.review_hours_after ?? 2,
    logSeq: Number(row.log_seq ?? 0),
  };
}

/** The language a company's customers get messages in. */
export const companyLanguage = customerLanguage;

export interface TemplateRow {
  id: number;
  subject: string;
  body: string;
  language: Lang;
}

/**
 * The active template for a type and send method: the service's own before the default one, the
 * company's language before English before Swedish before any other.
 */
export async function findTemplate(db: Db, companyId: number, typeId: number, sendMethodId: number, lang: Lang, serviceId: number | null): Promise<TemplateRow | undefined> {
  return db.one<TemplateRow>(
    `select t.id, t.subject, t.body, t.language from message_templates t
      where t.company_id = $1 and t.type_id = $2 and t.send_method_id = $3 and t.active
        and (not exists (select 1 from message_template_services s where s.template_id = t.id)
             or exists (select 1 from message_template_services s where s.template_id = t.id and s.service_id = $5))
      order by (t.language = $4) desc, (t.language = 'en') desc, (t.language = 'sv') desc,
               exists (select 1 from message_template_services s where s.template_id = t.id and s.service_id = $5) desc, t.id
      limit 1`,
    [companyId, typeId, sendMethodId, lang, serviceId],
  );
}

export interface LogRow {
  id: number;
  company_id: number;
  booking_id: number | null;
  template_id: number | null;
  type_id: number;
  send_method_id: number;
  language: Lang;
  receiver: string;
  subject: string;
  body: string;
  mail_id: number | null;
  outbox_id: number | null;
  is_test: boolean;
  canceled_at: Date | string | null;
  /** The booking's start when the message was queued (a reminder is for that time only). */
  booking_starts_at: Date | string | null;
}

export async function loadLog(db: Db, id: number): Promise<LogRow | undefined> {
  return db.one<LogRow>(
    `select id, company_id, booking_id, template_id, type_id, send_method_id, language, receiver, subject, body, mail_id,
            outbox_id::float8 as outbox_id, is_test, canceled_at, booking_starts_at
       from message_log where id = $1`,
    [id],
  );
}
