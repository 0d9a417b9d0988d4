import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Db } from '../../db/db';
import { ApiError } from '../../shared/errors';
import { linkSigner, verifyLink } from '../../shared/signedLinks';
import { escapeHtml } from '../../shared/html';
import type { Lang } from '../../shared/messages';
import { pageLanguage, publicPage } from '../../shared/publicPage';
import { newsletterWords } from './messages';

const SECRET = 'newsletter_unsubscribe';

/**
 * The unsubscribe links of one company's customers: `<publicUrl>/api/newsletter/unsubscribe/<company>.<customer>.<signature>`.
 * @example
 * const linkOf = await unsubscribeLinks(db, 1, 'https://booking.example.com');
 * linkOf(42) // 'https://booking.example.com/api/newsletter/unsubscribe/1.42.Vb3…'
 */
export async function unsubscribeLinks(db: Db, companyId: number, publicUrl: string): Promise<(customerId: number) => string> {
  const token = await linkSigner(db, companyId, SECRET);
  return (customerId) => `${publicUrl}/api/newsletter/unsubscribe/${token(customerId)}`;
}

/** The company and customer a token names, when its signature holds. */
async function verify(db: Db, token: string): Promise<{ companyId: number; customerId: number } | null> {
  const link = await verifyLink(db, SECRET, token);
  return link && { companyId: link.companyId, customerId: link.id };
}

const page = (reply: FastifyReply, lang: Lang, status: number, body: string) => publicPage(reply, lang, status, newsletterWords.unsubscribe[lang], body);

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
    const lang = pageLanguage(undefined, request.headers['accept-language']);
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
    const lang = pageLanguage(undefined, request.headers['accept-language']);
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
