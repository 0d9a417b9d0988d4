import sanitizeHtml from 'sanitize-html';
import type { Lang } from '../../shared/messages';
import { newsletterWords } from './messages';

// TEMPORARY until the shared rules (server/shared/html*, templates*) land from the messages work.
/** The stored body, sanitised. */
export function cleanBody(html: string): string {
  return sanitizeHtml(html);
}

/** The body as plain text (SMS, and the text part of an e-mail). */
export function bodyText(html: string): string {
  return sanitizeHtml(html.replace(/<\/(p|h1|h2|li|div)>|<br\s*\/?>/gi, '\n'), { allowedTags: [], allowedAttributes: {} })
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Merge fields of one receiver. */
export interface NewsletterReceiver {
  Firstname: string;
  Lastname: string;
  Email: string;
  Phone: string;
}

/** What one receiver is sent. */
export interface NewsletterContent {
  heading: string;
  body: string;
  imageUrl: string | null;
  companyName: string;
  unsubscribeUrl: string | null;
  lang: Lang;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

async function fill(template: string, receiver: NewsletterReceiver | null, companyName: string): Promise<string> {
  const values: Record<string, string> = { ...(receiver ?? { Firstname: '', Lastname: '', Email: '', Phone: '' }), CompanyName: companyName };
  return template.replace(/\{\{\s*(?:Customer\.)?(\w+)\s*\}\}/g, (_, name: string) => escapeHtml(values[name] ?? ''));
}

/**
 * The mail (or SMS) one receiver gets: the heading, the image, the body with the receiver's merge
 * fields filled in, and the unsubscribe link.
 * @example
 * const mail = await renderNewsletter(content, { Firstname: 'Anna', … });
 * await mailer.send({ companyId, to, subject: mail.subject, html: mail.html, text: mail.text });
 */
export async function renderNewsletter(content: NewsletterContent, receiver: NewsletterReceiver | null): Promise<{ subject: string; html: string; text: string }> {
  const subject = bodyText(await fill(escapeHtml(content.heading), receiver, content.companyName));
  const body = cleanBody(await fill(content.body, receiver, content.companyName));
  const unsubscribe = newsletterWords.unsubscribe[content.lang];
  const image = content.imageUrl ? `<p><img src="${escapeHtml(content.imageUrl)}" alt="" style="max-width:100%"></p>` : '';
  const footer = content.unsubscribeUrl
    ? `<hr><p style="font-size:12px;color:#555">${escapeHtml(content.companyName)} · <a href="${escapeHtml(content.unsubscribeUrl)}">${escapeHtml(unsubscribe)}</a></p>`
    : '';
  const html = `<!doctype html><html lang="${content.lang}"><body style="font-family:sans-serif;max-width:640px;margin:auto"><h1>${escapeHtml(subject)}</h1>${image}${body}${footer}</body></html>`;
  const text = [subject, '', bodyText(body), ...(content.unsubscribeUrl ? ['', `${unsubscribe}: ${content.unsubscribeUrl}`] : [])].join('\n');
  return { subject, html, text };
}
