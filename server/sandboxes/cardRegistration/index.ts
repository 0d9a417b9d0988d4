import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import formbody from '@fastify/formbody';
import { SANDBOX_PATH, signCallback } from '../../shared/paymentProvider';
import { escapeHtml } from '../../shared/html';
import { LANGUAGES, requestLanguage, type Lang, type Texts } from '../../shared/messages';
import texts from './messages.json' with { type: 'json' };

/**
 * A local stand-in for the card payment provider (DIBS-like redirect flow), served by our own
 * server under /payment-sandbox so that the admin's /billing/add-credit-card, /billing/callback,
 * /billing/accept and /billing/cancel pages are exercised for real:
 * 1. the admin sends the browser to /payment-sandbox/checkout/{token} (from the token call);
 * 2. the card form posts back here; card 4111 1111 1111 1111 (any valid Luhn number) is accepted,
 *    4000 0000 0000 0002 is declined (the page says so; nothing is registered or charged, so a
 *    license waiting for the card stays waiting), Cancel goes to the cancel address;
 * 3. on success the browser goes to the accept address with ?reference=…, and right after, as a
 *    real provider does, the provider calls POST /api/billing/callback server to server, signed.
 */
const DECLINED = '4000000000000002';

interface Registration {
  token: string;
  amount_minor: string;
  currency_id: string;
  accept_url: string;
  cancel_url: string;
  completed: Date | null;
  lang: string;
}

const T: Record<keyof typeof texts, Texts> = texts;

/** The page's language: the one of the administrator who opened the registration, else the request's. */
function langOf(r: Registration | undefined, fallback: Lang): Lang {
  return r && (LANGUAGES as readonly string[]).includes(r.lang) ? (r.lang as Lang) : fallback;
}

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return digits.length >= 12 && sum % 10 === 0;
}

const STYLE = `body{margin:0;font:16px/1.5 system-ui,sans-serif;background:#eef2f7;color:#1f2933}
main{max-width:420px;margin:40px auto;padding:28px;background:#fff;border-radius:10px;box-shadow:0 2px 10px rgba(0,0,0,.08)}
h1{font-size:22px;margin:0 0 8px}label{display:block;margin:12px 0 4px;font-weight:500}
input{width:100%;box-sizing:border-box;padding:10px;border:1px solid #8a96a3;border-radius:6px;font:inherit}
.row{display:flex;gap:12px}.row>div{flex:1}button{margin-top:18px;padding:11px 16px;border:0;border-radius:6px;font:inherit;font-weight:600;cursor:pointer}
.pay{background:#0b5cad;color:#fff;width:100%}.cancel{background:#fff;color:#0b5cad;border:1px solid #0b5cad;width:100%}
.error{background:#fde8e8;color:#9b1c1c;padding:8px 12px;border-radius:6px}.amount{font-size:18px;font-weight:600}`;

function checkoutPage(r: Registration, lang: Lang, error?: string): string {
  const t = (key: keyof typeof texts) => escapeHtml(T[key][lang]);
  const amount = `${(Number(r.amount_minor) / 100).toFixed(2)} ${r.currency_id}`;
  const action = `${SANDBOX_PATH}/checkout/${encodeURIComponent(r.token)}`;
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${t('title')}</title><style>${STYLE}</style></head><body><main>
<h1>${t('heading')}</h1><p>${t('intro')} <span class="amount">${escapeHtml(amount)}</span></p>
<p>${t('testCards')}</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${action}">
<label for="card">${t('card')}</label><input id="card" name="card" inputmode="numeric" autocomplete="cc-number" required>
<div class="row"><div><label for="expiry">${t('expiry')}</label><input id="expiry" name="expiry" autocomplete="cc-exp" required></div>
<div><label for="cvc">${t('cvc')}</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" required></div></div>
<button class="pay" type="submit" name="action" value="pay">${t('pay')}</button></form>
<form method="post" action="${action}"><button class="cancel" type="submit" name="action" value="cancel">${t('cancel')}</button></form>
</main></body></html>`;
}

function closedPage(lang: Lang): string {
  const closed = escapeHtml(T.closed[lang]);
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${closed}</title></head><body><main><h1>${closed}</h1></main></body></html>`;
}

export default async function paymentSandbox(app: FastifyInstance): Promise<void> {
  await app.register(async (sandbox) => {
    await sandbox.register(formbody);
    const load = (token: string) =>
      app.db.one<Registration>('select token, amount_minor::text, currency_id, accept_url, cancel_url, completed, lang from card_registrations where token = $1', [token]);
    const html = (reply: FastifyReply, body: string, status = 200) => reply.status(status).type('text/html; charset=utf-8').send(body);

    sandbox.get<{ Params: { token: string } }>('/checkout/:token', async (request, reply) => {
      const r = await load(request.params.token);
      const lang = langOf(r, requestLanguage(request));
      if (!r || r.completed) return html(reply, closedPage(lang), 404);
      return html(reply, checkoutPage(r, lang));
    });

    sandbox.post<{ Params: { token: string }; Body: Record<string, string> }>('/checkout/:token', async (request, reply) => {
      const r = await load(request.params.token);
      const lang = langOf(r, requestLanguage(request));
      if (!r || r.completed) return html(reply, closedPage(lang), 404);
      const body = request.body ?? {};
      if (body.action === 'cancel') return reply.redirect(r.cancel_url, 303);
      const card = String(body.card ?? '').replace(/\D/g, '');
      const expiry = String(body.expiry ?? '').trim();
      if (!luhn(card) || !/^\d{2}\/\d{2}$/.test(expiry) || !/^\d{3,4}$/.test(String(body.cvc ?? ''))) return html(reply, checkoutPage(r, lang, T.invalid[lang]), 400);
      if (card === DECLINED) return html(reply, checkoutPage(r, lang, T.declined[lang]), 402);
      const reference = `sandbox-${randomBytes(9).toString('hex')}`;
      const amount = Number(r.amount_minor);
      const notice = {
        Token: r.token,
        ProviderReference: reference,
        MaskedNumber: `**** **** **** ${card.slice(-4)}`,
        Expires: expiry,
        AmountMinor: amount,
        Signature: signCallback(r.token, reference, amount),
      };
      // The provider's server-to-server notice follows the browser's redirect.
      setImmediate(() => {
        app.inject({ method: 'POST', url: '/api/billing/callback', payload: notice }).catch((err: unknown) => app.log.warn({ err }, 'sandbox callback failed'));
      });
      const accept = new URL(r.accept_url);
      accept.searchParams.set('reference', reference);
      return reply.redirect(accept.toString(), 303);
    });
  }, { prefix: SANDBOX_PATH });
}
