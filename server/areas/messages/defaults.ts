import type { Db } from '../../db/db';
import { LANGUAGES, type Lang } from '../../shared/messages';
import texts from './messages.json' with { type: 'json' };
import { EMAIL, MESSAGE_TYPE, SMS } from './types';

/** Per type: the heading and the sentence of its default template, in the four languages. */
const TEXTS: Record<number, Record<Lang, string[]>> = texts.defaultTemplates;

const WORDS: Record<Lang, { hello: string; service: string; time: string; regards: string; pay: string }> = texts.defaultWords;

/** Types that get an SMS template by default (the others are e-mail only until the company adds one). */
const SMS_TYPES = [1, 2, 3, 4];

/** The default template of one type, send method and language. */
export function defaultTemplate(typeId: number, sendMethodId: number, lang: Lang): { subject: string; body: string } | null {
  const text = TEXTS[typeId]?.[lang];
  if (!text) return null;
  const [heading, sentence, linkText] = text;
  const w = WORDS[lang];
  if (typeId === MESSAGE_TYPE.ReviewRequest) {
    if (sendMethodId === SMS) return null;
    return {
      subject: `${heading} – {{ Company.Name }}`,
      body:
        `<h1>${heading}</h1><p>${w.hello} {{ Customer.Firstname }},</p><p>${sentence}</p>` +
        `<p><strong>${w.service}:</strong> {{ Service.Name }}<br><strong>${w.time}:</strong> {{ Booking.From }}–{{ Booking.To }}</p>` +
        `<p><a href="{{ Booking.ReviewLink }}">${linkText}</a></p><p>${w.regards}<br>{{ Company.Name }}</p>`,
    };
  }
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
      `{% if Booking.DoorCode %}<p><strong>${({ sv: 'Dörrkod', en: 'Door code', fi: 'Ovikoodi', no: 'Dørkode' } satisfies Record<Lang, string>)[lang]}:</strong> {{ Booking.DoorCode }}</p>{% endif %}` +
      `<p>${w.regards}<br>{{ Company.Name }}</p>`,
  };
}

/**
 * Gives a company the default templates of every type it has not been given yet (every type by
 * e-mail, the booking ones by SMS too, in sv, en, fi and no): all of them the first time messages are
 * used for it, and a type added later (the review request) once, also to companies made before it.
 * message_settings.default_types records the types given; answers whether any were made now.
 */
export async function ensureDefaultTemplates(db: Db, companyId: number): Promise<boolean> {
  const all = Object.keys(TEXTS).map(Number);
  // The usual case (every type given) reads the row without locking it: booking events pass here.
  const now = await db.one<{ done: boolean }>('select default_types @> $2::int[] as done from message_settings where company_id = $1', [companyId, all]);
  if (now?.done) return false;
  if (!now) await db.query('insert into message_settings (company_id) values ($1) on conflict do nothing', [companyId]);
  const given = await db.one<{ types: number[] }>(
    `update message_settings s set default_types = $2::int[] from (select default_types from message_settings where company_id = $1 for update) old
      where s.company_id = $1 and not (old.default_types @> $2::int[]) returning old.default_types as types`,
    [companyId, all],
  );
  if (!given) return false;
  const rows: { typeId: number; method: number; lang: Lang; subject: string; body: string }[] = [];
  for (const typeId of all.filter((t) => !given.types.includes(t))) {
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
