import sanitizeHtml from 'sanitize-html';

/** The largest image a rich text may carry inline (spec: image files up to 100,000 bytes). */
export const MAX_IMAGE_BYTES = 100_000;

const IMAGE_DATA = /^data:image\/(png|jpeg|jpg|gif|webp);base64,([a-z0-9+/=\s]+)$/i;

/** Whether a link target is allowed (spec: a link must start with https:// or mailto:). */
export function isAllowedLink(href: string | undefined): boolean {
  const value = (href ?? '').trim();
  return /^https:\/\/[^\s]+$/i.test(value) || /^mailto:[^\s]+$/i.test(value);
}

/** Whether an image source is allowed: an image file inline (up to 100,000 bytes) or an https:// URL. */
export function isAllowedImage(src: string | undefined): boolean {
  const value = (src ?? '').trim();
  if (/^https:\/\/[^\s]+$/i.test(value)) return true;
  const data = IMAGE_DATA.exec(value);
  if (!data) return false;
  const base64 = data[2]!.replace(/\s+/g, '');
  return Math.floor((base64.length * 3) / 4) - (base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0) <= MAX_IMAGE_BYTES;
}

const RICH_TEXT: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'h1', 'h2', 'strong', 'b', 'em', 'i', 'u', 's', 'strike', 'ul', 'ol', 'li', 'blockquote', 'code', 'pre', 'a', 'img', 'span', 'hr', 'table', 'thead', 'tbody', 'tr', 'th', 'td'],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    p: ['style'],
    h1: ['style'],
    h2: ['style'],
  },
  allowedStyles: { '*': { 'text-align': [/^(left|right|center|justify)$/] } },
  allowedSchemes: ['https', 'mailto'],
  allowedSchemesByTag: { img: ['https', 'data'] },
  allowProtocolRelative: false,
  transformTags: {
    // Headers 1 and 2 only: lower levels become header 2.
    h3: 'h2',
    h4: 'h2',
    h5: 'h2',
    h6: 'h2',
    // A link that does not start with https:// or mailto: is dropped; its text stays.
    a: (_tagName, attribs): sanitizeHtml.Tag =>
      isAllowedLink(attribs.href)
        ? { tagName: 'a', attribs: { href: attribs.href!.trim(), target: '_blank', rel: 'noopener noreferrer' } }
        : { tagName: 'span', attribs: {} },
    img: (tagName, attribs): sanitizeHtml.Tag => (isAllowedImage(attribs.src) ? { tagName, attribs } : { tagName: 'img', attribs: {} }),
  },
  // An image without an allowed source is left out.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/**
 * Cleans stored rich text by the spec's rules (used on save and again on view): links only
 * https:// or mailto:, images only image files (inline, up to 100,000 bytes) or https:// URLs,
 * headers 1 and 2, no scripts, event handlers, styles other than text alignment, or frames.
 * @example
 * sanitizeRichText('<h3 onclick="x()">Hi</h3><a href="javascript:alert(1)">x</a>') // '<h2>Hi</h2><span>x</span>'
 */
export function sanitizeRichText(html: string | null | undefined): string {
  return sanitizeHtml(html ?? '', RICH_TEXT);
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Decodes the HTML entities sanitize-html leaves in text. */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (all, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : all;
    }
    return ENTITIES[name.toLowerCase()] ?? all;
  });
}

/**
 * The plain-text reading of rich text (a mail's text part, an SMS): paragraphs and line breaks
 * kept as new lines, links followed by their address, everything else as text.
 * @example
 * htmlToText('<p>Hej <a href="https://x.se">här</a></p><p>Två</p>') // 'Hej här (https://x.se)\n\nTvå'
 */
export function htmlToText(html: string | null | undefined): string {
  const blocks = (html ?? '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|h1|h2|blockquote|pre|table|ul|ol)>/gi, '\n\n')
    .replace(/<\/(li|tr)>/gi, '\n')
    .replace(/<li[^>]*>/gi, '- ');
  const links = sanitizeHtml(blocks, { allowedTags: ['a'], allowedAttributes: { a: ['href'] }, allowedSchemes: ['https', 'mailto'] })
    .replace(/<a href="([^"]*)">(.*?)<\/a>/gis, (_all, href: string, text: string) => (text.trim() && text.trim() !== href ? `${text} (${href})` : href));
  const text = decodeEntities(sanitizeHtml(links, { allowedTags: [], allowedAttributes: {} }));
  return text.replace(/[ \t]+\n/g, '\n').replace(/\n{3,}/g, '\n\n').trim();
}

/**
 * Text made safe for HTML element content and quoted attribute values (& < > " ' as character
 * references): the server's one escape for the pages and mails it writes by hand.
 * @example escapeHtml('<b>Ann & Bo</b>') // '&#60;b&#62;Ann &#38; Bo&#60;/b&#62;'
 */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
