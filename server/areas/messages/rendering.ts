import type { Db } from '../../db/db';
import type { Lang } from '../../shared/messages';
import { htmlToText, sanitizeRichText } from '../../shared/html';
import { bookingMergeData, renderTemplate, type MergeData } from '../../shared/templates/index';
import { EMAIL } from './types';

/** A message ready to send: subject, sanitized HTML (e-mail) and text. */
export interface Rendered {
  subject: string;
  html: string | null;
  text: string;
}

/** What a template shows when the company has no booking to preview with. */
function sampleData(lang: Lang, company: { name: string; email: string; phone: string | null }): MergeData {
  const names: Record<Lang, [string, string]> = { sv: ['Anna', 'Andersson'], en: ['Anna', 'Anderson'], fi: ['Anna', 'Virtanen'], no: ['Anna', 'Hansen'] };
  return {
    Booking: { Id: 0, Date: '', From: '2030-01-01 10:00', To: '11:00', StatusName: '', TotalPrice: '', CommentsToCustomer: '', BookedComments: '', PaymentLink: '', ReviewLink: '' },
    Service: { Name: 'Yoga' },
    Customer: { Firstname: names[lang][0], Lastname: names[lang][1], Email: 'anna@example.com', Phone: '+46701234567' },
    Company: { Name: company.name, Email: company.email, Phone: company.phone ?? '', Homepage: '' },
  };
}

/**
 * The merge data for a message: the booking's (of this company only), else sample data with the
 * company's own details. Answers the data and the booking it came from.
 */
export async function mergeDataFor(
  db: Db,
  companyId: number,
  bookingId: number | null,
  lang: Lang,
  payLink?: (db: Db, companyId: number, bookingId: number) => Promise<string | null>,
): Promise<{ data: MergeData; bookingId: number | null }> {
  if (bookingId) {
    const data = await bookingMergeData(db, companyId, bookingId, lang);
    if (data && payLink) (data.Booking as Record<string, unknown>).PaymentLink = (await payLink(db, companyId, bookingId)) ?? '';
    if (data) return { data, bookingId };
  }
  const company = (await db.one<{ name: string; email: string; phone: string | null }>('select name, email, phone from companies where id = $1', [companyId]))!;
  return { data: sampleData(lang, company), bookingId: null };
}

/** Renders a template's subject and body with the data: e-mail as sanitized HTML plus its text, SMS as text. */
export async function renderMessage(template: { subject: string; body: string }, sendMethodId: number, data: MergeData): Promise<Rendered> {
  if (sendMethodId !== EMAIL) return { subject: '', html: null, text: (await renderTemplate(template.body, data, 'text')).trim() };
  const subject = (await renderTemplate(template.subject, data, 'text')).replace(/\s+/g, ' ').trim();
  const html = sanitizeRichText(await renderTemplate(template.body, data, 'html'));
  return { subject, html, text: htmlToText(html) };
}
