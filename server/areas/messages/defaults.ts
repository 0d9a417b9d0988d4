import type { Db } from '../../db/db';
import { LANGUAGES, type Lang } from '../../shared/messages';
import texts from './messages.json' with { type: 'json' };
import { EMAIL, SMS } from './types';

/** Per type: the heading and the sentence of its default template, in the four languages. */
const TEXTS: Record<number, Record<Lang, string[]>> = texts.defaultTemplates;

const WORDS: Record<Lang, { hello: string; service: string; time: string; regards: string; pay: string }> = texts.defaultWords;

/** Types that get an SMS template by default (the others are e-mail only until the company adds one). */
const SMS_TYPES = [1, 2, 3, 4];

/** The default template of one type, send method and language. */
export function defaultTemplate(typeId: number, sendMethodId: number, lang: Lang): { subject: string; body: string } | null {
  const text = TEXTS[typeId]?.[lang];
  if (!text) return null;
  const [heading, sentence] = text;
  const w = WORDS[lang];
  if (sendMethodId === SMS) {
    return { subject: '', body: `${w.hello} {{ Customer.Firstname }}! ${heading}: {{ Service.Name }} {{ Booking.From }}. {{ Company.Name }}` };
  }
  return {
    subject: `${heading} – {{ Company.Name }}`,
    body:
      `<h1>${heading}</h1><p>${w.hello} {{ Customer.Firstname }},</p><p>${sentence}</p>` +
      `<p><strong>${w.service}:</strong> {{ Service.Name }}<br><strong>${w.time}:</strong> {{ Booking.From }}–{{ Booking.To }}</p>` +
      `<p>{{ Booking.CommentsToCustomer }}</p>` +
      `{% if Booking.PaymentLink %}<p><a href="{{ Booking.PaymentLink }}">${w.pay}</a></p>{% endif %}` +
      `<p>${w.regards}<br>{{ Company.Name }}</p>`,
  };
}

/**
 * Gives a company its default templates (every type by e-mail, the booking ones by SMS too, in
 * sv, en, fi and no) the first time messages are used for it: a new company and the demo alike.
 * A company's message_settings row records that it has them; answers whether they were made now.
 */
export async function ensureDefaultTemplates(db: Db, companyId: number): Promise<boolean> {
  const made = await db.one<{ company_id: number }>('insert into message_settings (company_id) values ($1) on conflict do nothing returning company_id', [companyId]);
  if (!made) return false;
  const rows: { typeId: number; method: number; lang: Lang; subject: string; body: string }[] = [];
  for (const typeId of Object.keys(TEXTS).map(Number)) {
    for (const method of SMS_TYPES.includes(typeId) ? [EMAIL, SMS] : [EMAIL]) {
      for (const lang of LANGUAGES) rows.push({ typeId, method, lang, ...defaultTemplate(typeId, method, lang)! });
    }
  }
  await db.query(
    `insert into message_templates (company_id, type_id, send_method_id, language, subject, body)
     select $1, t.type_id, t.method, t.lang, t.subject, t.body
       from jsonb_to_recordset($2::jsonb) as t(type_id int, method int, lang text, subject text, body text)`,
    [companyId, JSON.stringify(rows.map((r) => ({ type_id: r.typeId, method: r.method, lang: r.lang, subject: r.subject, body: r.body })))],
  );
  return true;
}
