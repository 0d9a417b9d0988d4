/** Where a sign-up's own mail is read when the server has no mail server (/signup/mail). */
export const MAILBOX_PATH = '/signup/mail';

/**
 * The address of a sign-up's mail: the key rides in the fragment, which the browser never sends to
 * a server (no access log, no Referer holds it).
 * @example mailboxHref('k3y', 'sv') // '/signup/mail?lang=sv#k3y'
 */
export const mailboxHref = (token: string, lang: string): string => `${MAILBOX_PATH}?${new URLSearchParams({ lang })}#${encodeURIComponent(token)}`;

/** The key in the address's fragment ('' when there is none). */
export function mailboxTokenOf(hash: string): string {
  try {
    return decodeURIComponent(hash.replace(/^#/, ''));
  } catch {
    return '';
  }
}

/** The origin of an address ('' when it is none). */
function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return '';
  }
}

/** A piece of a mail's text: plain text, or a link to this site. */
export type TextPart = { text: string; href?: string };

/**
 * Splits a mail's text into plain text and links, linking only addresses on `origin` (the product's
 * own pages, such as the verification link): a company name that looks like an address stays text.
 * @example linkParts('Open https://a.example/signup/verify?token=x now', 'https://a.example')
 * // [{ text: 'Open ' }, { text: 'https://a.example/signup/verify?token=x', href: '…' }, { text: ' now' }]
 */
export function linkParts(text: string, origin: string): TextPart[] {
  const parts: TextPart[] = [];
  let at = 0;
  for (const match of text.matchAll(/https?:\/\/[^\s<>"]+/g)) {
    const url = match[0];
    if (originOf(url) !== origin) continue;
    if (match.index > at) parts.push({ text: text.slice(at, match.index) });
    parts.push({ text: url, href: url });
    at = match.index + url.length;
  }
  if (at < text.length) parts.push({ text: text.slice(at) });
  return parts;
}
