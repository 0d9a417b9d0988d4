import { escapeHtml, htmlToText, sanitizeRichText } from '../../shared/html';
import type { Lang } from '../../shared/messages';
import { ApiError } from '../../shared/errors';
import { BOOKING_FIELDS, renderTemplate, templateError, type MergeData } from '../../shared/templates/index';
import { newsletterWords } from './messages';

/** The merge fields a newsletter may use: the receiver's and the company's (GET /newsletter/fieldtranslations). */
export function newsletterFieldTranslations(lang: Lang): { Id: string; Field: string; Name: string }[] {
  return Object.entries(BOOKING_FIELDS)
    .filter(([id]) => id.startsWith('Customer.') || id.startsWith('Company.'))
    .map(([id, names]) => ({ Id: id, Field: `{{ ${id} }}`, Name: names[lang] }));
}

/** A template's heading and body, checked (merge-field syntax) and the body sanitised, as they are saved. */
export function cleanTemplate(heading: string, body: string): string {
  for (const [field, source] of [
    ['Heading', heading],
    ['Body', body],
  ] as const) {
    const error = templateError(source);
    if (error) throw ApiError.field(400, field, 'NewsletterTemplateSyntax', { error });
  }
  return sanitizeRichText(body);
}

/** What one send is: the template as it was sent, and whose it is. */
export interface NewsletterContent {
  heading: string;
  body: string;
  imageUrl: string | null;
  company: { Name: string; Email: string; Phone: string; Homepage: string };
  lang: Lang;
}

/** One receiver: merge fields and, for a customer, the unsubscribe link. */
export interface NewsletterReceiver {
  customer: { Firstname: string; Lastname: string; Email: string; Phone: string } | null;
  unsubscribeUrl: string | null;
}


/**
 * The mail (or SMS text) one receiver gets: the heading, the image, the body with the receiver's
 * merge fields filled in (escaped), sanitised again, and the unsubscribe link.
 * @example
 * const mail = await renderNewsletter(content, { customer: { Firstname: 'Anna', … }, unsubscribeUrl });
 * await app.mailer.send({ companyId, to, subject: mail.subject, html: mail.html, text: mail.text });
 */
export async function renderNewsletter(content: NewsletterContent, receiver: NewsletterReceiver): Promise<{ subject: string; html: string; text: string }> {
  const data: MergeData = { Customer: receiver.customer ?? { Firstname: '', Lastname: '', Email: '', Phone: '' }, Company: content.company };
  const subject = (await renderTemplate(content.heading, data, 'text')).replace(/\s+/g, ' ').trim();
  const body = sanitizeRichText(await renderTemplate(content.body, data, 'html'));
  const unsubscribe = newsletterWords.unsubscribe[content.lang];
  const image = content.imageUrl ? `<p><img src="${escapeHtml(content.imageUrl)}" alt="" style="max-width:100%"></p>` : '';
  const footer = receiver.unsubscribeUrl
    ? `<hr><p style="font-size:12px;color:#555">${escapeHtml(content.company.Name)} · <a href="${escapeHtml(receiver.unsubscribeUrl)}">${escapeHtml(unsubscribe)}</a></p>`
    : '';
  const html = `<!doctype html><html lang="${content.lang}"><body style="font-family:sans-serif;max-width:640px;margin:auto"><h1>${escapeHtml(subject)}</h1>${image}${body}${footer}</body></html>`;
  const text = [subject, '', htmlToText(body), ...(receiver.unsubscribeUrl ? ['', `${unsubscribe}: ${receiver.unsubscribeUrl}`] : [])].join('\n');
  return { subject, html, text };
}
