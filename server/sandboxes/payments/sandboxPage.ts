/**
 * What the payment providers' test modes share on their pages (Stripe's hosted checkout and authorize
 * page, Payson's checkout, Billmate's card page): the page frame with its test-mode badge, the page's
 * language, amounts in the buyer's language, and the test-card form with the same test cards at every
 * provider: 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined, 4000 0025 0000 3155 asks for
 * authentication first (where the provider offers it).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml } from '../../shared/html';
import { LANGUAGES, requestLanguage, type Lang, type Texts } from '../../shared/messages';
import texts from './messages.json' with { type: 'json' };

export const T: Record<keyof typeof texts, Texts> = texts;
export type TextKey = keyof typeof texts;

export const CARDS = { success: '4242424242424242', declined: '4000000000000002', authenticate: '4000002500003155' } as const;

export const str = (v: unknown): string => (typeof v === 'string' ? v : '');

const STYLE = `body{margin:0;font:16px/1.5 system-ui,sans-serif;background:#f6f9fc;color:#1a1f36}
main{max-width:440px;margin:40px auto;padding:28px;background:#fff;border-radius:10px;box-shadow:0 2px 10px rgba(0,0,0,.08)}
h1{font-size:22px;margin:0 0 8px}label{display:block;margin:12px 0 4px;font-weight:500}
input{width:100%;box-sizing:border-box;padding:10px;border:1px solid #6b7385;border-radius:6px;font:inherit}
.row{display:flex;gap:12px}.row>div{flex:1}button,.link{display:block;text-align:center;margin-top:16px;padding:11px 16px;border:0;border-radius:6px;font:inherit;font-weight:600;cursor:pointer;width:100%;box-sizing:border-box;text-decoration:none}
.primary{background:#4b3fc7;color:#fff}.secondary{background:#fff;color:#3d31b0;border:1px solid #3d31b0}
.badge{display:inline-block;background:#ffe8b0;color:#5c3b00;padding:2px 8px;border-radius:4px;font-size:14px;font-weight:600}
.error{background:#fde8e8;color:#9b1c1c;padding:8px 12px;border-radius:6px}.amount{font-size:28px;font-weight:700;margin:8px 0}`;

/** A whole page with the test-mode badge. */
export function page(lang: Lang, title: string, body: string): string {
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>
<p><span class="badge">${escapeHtml(T.testMode[lang])}</span></p>${body}</main></body></html>`;
}

export const html = (reply: FastifyReply, body: string, status = 200) => reply.status(status).type('text/html; charset=utf-8').send(body);

/** The page that says the payment is no longer open (paid, expired or canceled). */
export const closedPage = (lang: Lang) => page(lang, T.closed[lang], `<h1>${escapeHtml(T.closed[lang])}</h1>`);

export const fill = (text: string, values: Record<string, string>) => text.replace(/\{(\w+)\}/g, (_, k: string) => values[k] ?? '');

/** The page's language: the locale the merchant asked for (nb for Norwegian), else the browser's. */
export function langOf(locale: unknown, request: FastifyRequest): Lang {
  const l = str(locale) === 'nb' ? 'no' : str(locale).slice(0, 2).toLowerCase();
  if ((LANGUAGES as readonly string[]).includes(l)) return l as Lang;
  const accept = String(request.headers['accept-language'] ?? '').slice(0, 2).toLowerCase();
  if (accept === 'nb' || accept === 'nn') return 'no';
  return (LANGUAGES as readonly string[]).includes(accept) ? (accept as Lang) : requestLanguage(request);
}

export function money(minor: number, currency: string, lang: Lang): string {
  const locale = { sv: 'sv-SE', en: 'en-GB', fi: 'fi-FI', no: 'nb-NO' }[lang];
  return new Intl.NumberFormat(locale, { style: 'currency', currency: currency.toUpperCase() }).format(minor / 100);
}

/** The test-card form of a hosted checkout page: whom the buyer pays, how much, and an error after a failed try. */
export function cardForm(lang: Lang, o: { payee: string; amount: string; action: string; error?: string; backHref?: string | null; testCardsKey?: TextKey; target?: string }): string {
  const target = o.target ? ` target="${escapeHtml(o.target)}"` : '';
  const t = (k: TextKey) => escapeHtml(T[k][lang]);
  return `<h1>${escapeHtml(fill(T.payTo[lang], { name: o.payee }))}</h1><p class="amount">${escapeHtml(o.amount)}</p><p>${t(o.testCardsKey ?? 'testCards')}</p>
${o.error ? `<p class="error" role="alert">${escapeHtml(o.error)}</p>` : ''}
<form method="post" action="${escapeHtml(o.action)}"${target}>
<label for="card">${t('card')}</label><input id="card" name="card" inputmode="numeric" autocomplete="cc-number" required>
<div class="row"><div><label for="expiry">${t('expiry')}</label><input id="expiry" name="expiry" autocomplete="cc-exp" required></div>
<div><label for="cvc">${t('cvc')}</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" required></div></div>
<button class="primary" type="submit">${escapeHtml(fill(T.pay[lang], { amount: o.amount }))}</button></form>
${o.backHref ? `<a class="link secondary" href="${escapeHtml(o.backHref)}"${target}>${t('back')}</a>` : ''}`;
}

export type CardOutcome = 'invalid' | 'declined' | 'authenticate' | 'notTestCard' | 'success';

/** What the test card the buyer entered does. */
export function cardOutcome(body: Record<string, unknown>): CardOutcome {
  const card = str(body.card).replace(/\D/g, '');
  const expiry = /^(\d{2})\s*\/\s*(\d{2})$/.exec(str(body.expiry).trim());
  const future = expiry && Number(expiry[1]) >= 1 && Number(expiry[1]) <= 12 && new Date(2000 + Number(expiry[2]), Number(expiry[1])) > new Date();
  if (!future || !/^\d{3,4}$/.test(str(body.cvc).trim()) || card.length < 12) return 'invalid';
  if (card === CARDS.declined) return 'declined';
  if (card === CARDS.authenticate) return 'authenticate';
  return card === CARDS.success ? 'success' : 'notTestCard';
}

/** The error text and status of a card that did not pay. */
export const CARD_ERRORS: Record<Exclude<CardOutcome, 'success' | 'authenticate'>, { key: TextKey; status: number }> = {
  invalid: { key: 'invalidCard', status: 400 },
  declined: { key: 'declined', status: 402 },
  notTestCard: { key: 'notTestCard', status: 402 },
};
