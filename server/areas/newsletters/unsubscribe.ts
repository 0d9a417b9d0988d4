import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Db } from '../../db/db';
import { ApiError } from '../../shared/errors';
import { escapeHtml } from '../../shared/html';
import { LANGUAGES, type Lang } from '../../shared/messages';
import { newsletterWords } from './messages';

const SECRET = 'newsletter_unsubscribe';

/** The company's key for unsubscribe links (made on first use, kept in company_secrets). */
async function companyKey(db: Db, companyId: number): Promise<Buffer> {
  await db.query(`insert into company_secrets (company_id, name, value) values ($1, $2, $3) on conflict (company_id, name) do nothing`, [
    companyId,
    SECRET,
    randomBytes(32).toString('base64'),
  ]);
  const row = await db.one<{ value: string }>('select value from company_secrets where company_id = $1 and name = $2', [companyId, SECRET]);
  return Buffer.from(row!.value, 'base64');
}

const sign = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest('base64url').slice(0, 32);

/**
 * The unsubscribe links of one company's customers: `<publicUrl>/api/newsletter/unsubscribe/<company>.<customer>.<signature>`.
 * @example
 * const linkOf = await unsubscribeLinks(db, 1, 'https://booking.example.com');
 * linkOf(42) // 'https://booking.example.com/api/newsletter/unsubscribe/1.42.Vb3…'
 */
export async function unsubscribeLinks(db: Db, companyId: number, publicUrl: string): Promise<(customerId: number) => string> {
  const key = await companyKey(db, companyId);
  return (customerId) => `${publicUrl}/api/newsletter/unsubscribe/${companyId}.${customerId}.${sign(key, `${companyId}.${customerId}`)}`;
}

/** The company and customer a token names, when its signature holds. */
async function verify(db: Db, token: string): Promise<{ companyId: number; customerId: number } | null> {
  const match = /^(\d{1,10})\.(\d{1,10})\.([A-Za-z0-9_-]{32})$/.exec(token);
  if (!match) return null;
  const [companyId, customerId] = [Number(match[1]), Number(match[2])];
  if (companyId > 2147483647 || customerId > 2147483647) return null;
  const exists = await db.one('select 1 from companies where id = $1', [companyId]);
  if (!exists) return null;
  const expected = Buffer.from(sign(await companyKey(db, companyId), `${companyId}.${customerId}`));
  const given = Buffer.from(match[3]);
  return expected.length === given.length && timingSafeEqual(expected, given) ? { companyId, customerId } : null;
}


function page(reply: FastifyReply, lang: Lang, status: number, body: string): FastifyReply {
  const title = escapeHtml(newsletterWords.unsubscribe[lang]);
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'")
    .send(
      `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head>` +
        `<body style="font-family:sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem"><main><h1>${title}</h1>${body}</main></body></html>`,
    );
}

function pageLanguage(acceptLanguage: string | undefined): Lang {
  const wanted = (acceptLanguage ?? '').toLowerCase().match(/[a-z]{2}/g) ?? [];
  const asked = wanted.map((l) => (l === 'nb' || l === 'nn' ? 'no' : l)).find((l): l is Lang => (LANGUAGES as readonly string[]).includes(l));
  return asked ?? 'sv';
}

/**
 * The unsubscribe link every newsletter carries (public, no sign-in): GET asks, POST (the page's
 * button, or a mail client's one-click unsubscribe) sets the customer's SubscribedToNewsletter false.
 * A link whose signature does not hold answers 404 (in the API's error shape) and changes nothing.
 */
export async function unsubscribeRoutes(app: FastifyInstance): Promise<void> {
  // The page's form (and RFC 8058 one-click) posts form data; nothing in it is read.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, _body, done) => done(null, {}));
  const params = { type: 'object', properties: { Token: { type: 'string', maxLength: 80 } }, required: ['Token'] } as const;
  const companyName = async (companyId: number) => (await app.db.one<{ name: string }>('select name from companies where id = $1', [companyId]))!.name;

  app.get<{ Params: { Token: string } }>('/newsletter/unsubscribe/:Token', { config: { public: true }, schema: { params } }, async (request, reply) => {
    const lang = pageLanguage(request.headers['accept-language']);
    const who = await verify(app.db, request.params.Token);
    if (!who) throw new ApiError(404, 'NotFound', newsletterWords.invalidLink[lang]);
    const question = newsletterWords.unsubscribeQuestion[lang].replace('{company}', await companyName(who.companyId));
    return page(
      reply,
      lang,
      200,
      `<p>${escapeHtml(question)}</p><form method="post"><button type="submit" style="font-size:1rem;padding:.5rem 1rem">${escapeHtml(newsletterWords.unsubscribeButton[lang])}</button></form>`,
    );
  });

  app.post<{ Params: { Token: string } }>('/newsletter/unsubscribe/:Token', { config: { public: true }, schema: { params } }, async (request, reply) => {
    const lang = pageLanguage(request.headers['accept-language']);
    const who = await verify(app.db, request.params.Token);
    if (!who) throw new ApiError(404, 'NotFound', newsletterWords.invalidLink[lang]);
    await app.db.query('update customers set subscribed_to_newsletter = false, updated = now() where id = $1 and company_id = $2 and subscribed_to_newsletter', [
      who.customerId,
      who.companyId,
    ]);
    const done = newsletterWords.unsubscribed[lang].replace('{company}', await companyName(who.companyId));
    return page(reply, lang, 200, `<p>${escapeHtml(done)}</p>`);
  });
}
