import type { FastifyReply } from 'fastify';
import { escapeHtml } from './html';
import { LANGUAGES, type Lang } from './messages';

/**
 * A small page the server shows a customer who opened a link from a message (no sign-in, no script):
 * the language on <html>, a viewport for phones, one <main> with the title as its <h1>; `style` is
 * the page's own CSS. Nothing but inline style and posts to itself is allowed.
 * @example return publicPage(reply, 'sv', 200, 'Avregistrera', '<p>Klart.</p>');
 */
export function publicPage(reply: FastifyReply, lang: Lang, status: number, title: string, body: string, style = ''): FastifyReply {
  const heading = escapeHtml(title);
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'")
    .send(
      `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${heading}</title>` +
        (style ? `<style>${style}</style>` : '') +
        `</head><body style="font-family:sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem"><main><h1>${heading}</h1>${body}</main></body></html>`,
    );
}

/**
 * The page's language: `asked` (a link's own ?lang=) when it is one of sv, en, fi, no, else the first
 * of Accept-Language that is (nb and nn are no), else `fallback`.
 * @example pageLanguage(undefined, 'nb-NO,en;q=0.5') // 'no'
 */
export function pageLanguage(asked: string | undefined, acceptLanguage: string | undefined, fallback: Lang = 'sv'): Lang {
  const known = (l: string): l is Lang => (LANGUAGES as readonly string[]).includes(l);
  if (asked && known(asked)) return asked;
  const wanted = (acceptLanguage ?? '').toLowerCase().match(/[a-z]{2}/g) ?? [];
  return wanted.map((l) => (l === 'nb' || l === 'nn' ? 'no' : l)).find(known) ?? fallback;
}
