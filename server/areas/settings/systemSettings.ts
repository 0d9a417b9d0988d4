import type { FastifyInstance } from 'fastify';
import type { SystemSettings } from '../../../schema/systemSettings';
import type { Db } from '../../db/db';
import { checkFieldsEarly } from '../../shared/errors';
import { languageOfCountry } from '../../shared/messages';
import { CURRENCIES } from '../../shared/reference';
import { ref } from '../../shared/schemas';
import { defaultFormats } from '../../shared/companyFormats';

interface Row {
  time_zone: string;
  currency_id: string;
  country_id: string;
  date_format: SystemSettings['DateFormat'] | null;
  number_format: SystemSettings['NumberFormat'] | null;
  customer_language: SystemSettings['CustomerLanguage'] | null;
  mail_sender_name: string | null;
  mail_reply_to: string | null;
  sms_sender: string | null;
}

/** The company's system settings; what was never saved has its country's default (the customer language, date and number formats). */
export async function loadSystemSettings(db: Db, companyId: number): Promise<SystemSettings> {
  const row = await db.one<Row>(
    `select c.time_zone, c.currency_id, c.country_id, s.date_format, s.number_format, s.customer_language, s.mail_sender_name, s.mail_reply_to, s.sms_sender
       from companies c left join system_settings s on s.company_id = c.id where c.id = $1`,
    [companyId],
  );
  return {
    TimeZone: row!.time_zone,
    CurrencyId: row!.currency_id,
    DateFormat: row!.date_format ?? defaultFormats(row!.country_id).date,
    NumberFormat: row!.number_format ?? defaultFormats(row!.country_id).number,
    CustomerLanguage: row!.customer_language ?? languageOfCountry(row!.country_id),
    MailSenderName: row!.mail_sender_name ?? '',
    MailReplyTo: row!.mail_reply_to ?? '',
    SmsSender: row!.sms_sender ?? '',
  };
}

function isZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone.includes('/') || zone === 'UTC';
  } catch {
    return false;
  }
}

const EMAIL = /^[^\s@<>",;]+@[^\s@<>",;]+\.[^\s@<>",;]+$/;
/** An alphanumeric sender (GSM: at most 11 characters, at least one letter) or an international number. */
const SMS_SENDER = /^(?=.*[A-Za-z])[A-Za-z0-9 .&-]{1,11}$|^\+?[0-9]{6,15}$/;

/**
 * The settings' own field rules, before the schema (checkFieldsEarly), so a refusal names every bad
 * field at once; they read the body as sent (another type is the schema's to refuse).
 */
const rules = checkFieldsEarly((request, refuse) => {
  const b = (request.body ?? {}) as Record<string, unknown>;
  const text = (field: string) => (typeof b[field] === 'string' ? (b[field] as string) : undefined);
  const zone = text('TimeZone');
  if (zone !== undefined && !isZone(zone)) refuse('TimeZone', 'InvalidValue');
  const currency = text('CurrencyId');
  if (currency !== undefined && !CURRENCIES.some((c) => c.id === currency && c.active)) refuse('CurrencyId', 'InvalidValue');
  if (/[\r\n]/.test(text('MailSenderName') ?? '')) refuse('MailSenderName', 'InvalidValue');
  const replyTo = text('MailReplyTo')?.trim();
  if (replyTo && !EMAIL.test(replyTo)) refuse('MailReplyTo', 'InvalidValue');
  const sms = text('SmsSender')?.trim();
  if (sms && !SMS_SENDER.test(sms)) refuse('SmsSender', 'InvalidValue');
});

/** GET, PUT /settings/system: the company's system settings, one screen and one call (/system-settings). */
export default async function systemSettings(app: FastifyInstance): Promise<void> {
  app.get('/settings/system', { schema: { querystring: ref('SystemSettingsQuery'), response: { 200: ref('SystemSettings') } } }, async (request) =>
    loadSystemSettings(app.db, request.ctx.companyId),
  );

  app.put('/settings/system', { preValidation: rules, schema: { body: ref('SystemSettings'), response: { 200: ref('SystemSettings') } } }, async (request) => {
    const b = request.body as SystemSettings;
    const companyId = request.ctx.companyId;
    const blank = (s: string) => s.trim() || null;
    await app.db.tx(async (tx) => {
      await tx.query('update companies set time_zone = $2, currency_id = $3, updated = now() where id = $1 and (time_zone, currency_id) is distinct from ($2, $3)', [
        companyId,
        b.TimeZone,
        b.CurrencyId,
      ]);
      await tx.query(
        `insert into system_settings (company_id, date_format, number_format, customer_language, mail_sender_name, mail_reply_to, sms_sender)
         values ($1, $2, $3, $4, $5, $6, $7)
         on conflict (company_id) do update set date_format = excluded.date_format, number_format = excluded.number_format,
           customer_language = excluded.customer_language, mail_sender_name = excluded.mail_sender_name,
           mail_reply_to = excluded.mail_reply_to, sms_sender = excluded.sms_sender, updated = now()`,
        [companyId, b.DateFormat, b.NumberFormat, b.CustomerLanguage, blank(b.MailSenderName), blank(b.MailReplyTo), blank(b.SmsSender)],
      );
    });
    return loadSystemSettings(app.db, companyId);
  });
}
