import type { Db } from '../../db/db';
import { LANGUAGES, type Lang } from '../../shared/messages';
import { EMAIL, SMS } from './types';

/** Per type: the heading and the sentence of its default template, in the four languages. */
const TEXTS: Record<number, Record<Lang, [string, string]>> = {
  1: {
    sv: ['Tack för din bokning', 'Din bokning är bekräftad.'],
    en: ['Thank you for your booking', 'Your booking is confirmed.'],
    fi: ['Kiitos varauksestasi', 'Varauksesi on vahvistettu.'],
    no: ['Takk for bestillingen', 'Bestillingen din er bekreftet.'],
  },
  2: {
    sv: ['Påminnelse om din bokning', 'Välkommen, vi ses snart.'],
    en: ['A reminder of your booking', 'Welcome, see you soon.'],
    fi: ['Muistutus varauksestasi', 'Tervetuloa, nähdään pian.'],
    no: ['Påminnelse om bestillingen din', 'Velkommen, vi ses snart.'],
  },
  3: {
    sv: ['Din bokning är avbokad', 'Bokningen nedan är avbokad.'],
    en: ['Your booking is cancelled', 'The booking below has been cancelled.'],
    fi: ['Varauksesi on peruttu', 'Alla oleva varaus on peruttu.'],
    no: ['Bestillingen din er avbestilt', 'Bestillingen nedenfor er avbestilt.'],
  },
  4: {
    sv: ['Din bokning är ändrad', 'Din bokning har ändrats. Så här ser den ut nu.'],
    en: ['Your booking has changed', 'Your booking has been changed. This is how it looks now.'],
    fi: ['Varaustasi on muutettu', 'Varaustasi on muutettu. Tältä se näyttää nyt.'],
    no: ['Bestillingen din er endret', 'Bestillingen din er endret. Slik ser den ut nå.'],
  },
  5: {
    sv: ['En plats är ledig', 'En plats har blivit ledig. Boka den innan någon annan gör det.'],
    en: ['A spot is free', 'A spot has become free. Book it before someone else does.'],
    fi: ['Paikka vapautui', 'Paikka on vapautunut. Varaa se ennen muita.'],
    no: ['En plass er ledig', 'En plass har blitt ledig. Bestill den før noen andre gjør det.'],
  },
  6: {
    sv: ['Betalning av din bokning', 'Betala din bokning för att behålla tiden. Att betala: {{ Booking.TotalPrice }}.'],
    en: ['Payment for your booking', 'Pay for your booking to keep the time. To pay: {{ Booking.TotalPrice }}.'],
    fi: ['Varauksesi maksu', 'Maksa varauksesi pitääksesi ajan. Maksettavaa: {{ Booking.TotalPrice }}.'],
    no: ['Betaling for bestillingen din', 'Betal bestillingen din for å beholde tiden. Å betale: {{ Bestilling.TotalPrice }}.'],
  },
  7: {
    sv: ['Kvitto', 'Tack för din betalning. Totalt: {{ Booking.TotalPrice }}.'],
    en: ['Receipt', 'Thank you for your payment. Total: {{ Booking.TotalPrice }}.'],
    fi: ['Kuitti', 'Kiitos maksustasi. Yhteensä: {{ Booking.TotalPrice }}.'],
    no: ['Kvittering', 'Takk for betalingen. Totalt: {{ Bestilling.TotalPrice }}.'],
  },
  8: {
    sv: ['Din bokning kunde inte godkännas', 'Tyvärr kunde vi inte godkänna bokningen nedan.'],
    en: ['Your booking could not be approved', 'Unfortunately we could not approve the booking below.'],
    fi: ['Varaustasi ei voitu hyväksyä', 'Valitettavasti emme voineet hyväksyä alla olevaa varausta.'],
    no: ['Bestillingen din kunne ikke godkjennes', 'Dessverre kunne vi ikke godkjenne bestillingen nedenfor.'],
  },
};

const WORDS: Record<Lang, { hello: string; service: string; time: string; regards: string }> = {
  sv: { hello: 'Hej', service: 'Tjänst', time: 'Tid', regards: 'Vänliga hälsningar' },
  en: { hello: 'Hello', service: 'Service', time: 'Time', regards: 'Kind regards' },
  fi: { hello: 'Hei', service: 'Palvelu', time: 'Aika', regards: 'Ystävällisin terveisin' },
  no: { hello: 'Hei', service: 'Tjeneste', time: 'Tid', regards: 'Vennlig hilsen' },
};

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
