/**
 * The customer's pages of the pay link (checkout.ts): the short answers (paid, nothing to pay, not
 * completed, unavailable) and the page that embeds a provider's checkout (Payson's snippet), whose
 * Content-Security-Policy lets in the provider's own origins named in the snippet and nothing else.
 */
import type { FastifyReply } from 'fastify';
import { escapeHtml } from '../../shared/html';
import type { Lang } from '../../shared/messages';

const STYLE = `body{margin:0;font:16px/1.5 system-ui,sans-serif;background:#f4f6f8;color:#1f2933}main{max-width:440px;margin:40px auto;padding:28px;background:#fff;border-radius:10px}a{color:#0b5cad}
main.wide{max-width:640px;padding:20px}iframe{display:block;width:100%;min-height:680px;border:0}`;

function document(lang: Lang, title: string, body: string, wide = false): string {
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>${STYLE}</style></head>
<body><main${wide ? ' class="wide"' : ''}>${body}</main></body></html>`;
}

/** A short page: a heading, a sentence and maybe a link. */
export function page(reply: FastifyReply, lang: Lang, title: string, text: string, link?: { href: string; label: string }, status = 200) {
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .send(document(lang, title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>${link ? `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>` : ''}`));
}

/** The http(s) origins a provider's snippet loads from. */
export function originsIn(snippet: string): string[] {
  const origins = new Set<string>();
  for (const match of snippet.matchAll(/\b(?:src|data-src|href)\s*=\s*["']([^"']+)["']/gi)) {
    try {
      const url = new URL(match[1]!);
      if (url.protocol === 'https:' || url.protocol === 'http:') origins.add(url.origin);
    } catch {
      // A relative address: this origin, already allowed.
    }
  }
  return [...origins];
}

/** Our page around the provider's embedded checkout: what is paid for, and the provider's snippet as the provider wrote it. */
export function embeddedPage(reply: FastifyReply, lang: Lang, o: { title: string; intro: string; snippet: string }) {
  const provider = originsIn(o.snippet).join(' ');
  const policy = [
    "default-src 'self'",
    `script-src 'self' ${provider}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: ${provider}`,
    `frame-src 'self' ${provider}`,
    `connect-src 'self' ${provider}`,
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
  return reply
    .status(200)
    .header('content-security-policy', policy.replace(/ {2,}/g, ' ').replace(/ ;/g, ';'))
    .type('text/html; charset=utf-8')
    .send(document(lang, o.title, `<h1>${escapeHtml(o.title)}</h1><p>${escapeHtml(o.intro)}</p>${o.snippet}`, true));
}
