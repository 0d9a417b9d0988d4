import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DateTime } from 'luxon';
import { ApiError } from '../../shared/errors';
import { escapeHtml } from '../../shared/html';
import { fill, LANGUAGES, languageOfCountry, type Lang } from '../../shared/messages';
import { pageLanguage, publicPage } from '../../shared/publicPage';
import { verifyReviewToken } from '../../shared/reviewLinks';
import { ref } from '../../shared/schemas';
import type { ReviewAnswerInput, ReviewPageQuery, ReviewToken } from '../../../schema/reviews';
import { messageTexts, pageWords as W, reviewKey } from './messages';

interface Visit {
  id: number;
  company_id: number;
  service_id: number;
  customer_id: number | null;
  resource_ids: number[];
  starts_at: Date | string;
  ends_at: Date | string;
  status_id: number;
  service_name: string;
  company_name: string;
  time_zone: string;
  country_id: string | null;
  erased: boolean;
  rating: number | null;
}

/** Booking statuses that never took place: a review link of such a booking is no longer valid. */
const NOT_TAKEN_PLACE = [2, 4];

const STYLE = `
fieldset{border:1px solid #767676;border-radius:6px;padding:.75rem 1rem;margin:0 0 1.25rem}
legend{font-weight:bold;padding:0 .25rem}
.choice{display:flex;align-items:center;gap:.5rem;min-height:44px;font-size:1rem}
.choice input{width:1.25rem;height:1.25rem;margin:0}
label[for=comment]{display:block;font-weight:bold;margin-bottom:.25rem}
textarea{width:100%;box-sizing:border-box;font:inherit;padding:.5rem;border:1px solid #767676;border-radius:6px}
button{margin-top:1rem;font-size:1rem;padding:.75rem 1.25rem;min-height:44px;background:#0b57d0;color:#fff;border:0;border-radius:6px;cursor:pointer}
:focus-visible{outline:3px solid #0b57d0;outline-offset:2px}
nav{margin-top:2rem;font-size:.95rem}nav ul{list-style:none;display:flex;gap:1rem;padding:0;margin:.25rem 0 0}
nav a{color:#0b57d0;display:inline-block;min-height:24px;padding:.25rem 0}
.hint{color:#444;margin:.25rem 0 .5rem}`;

async function loadVisit(app: FastifyInstance, token: string): Promise<Visit | null> {
  const who = await verifyReviewToken(app.db, token);
  if (!who) return null;
  const visit = await app.db.one<Visit>(
    `select b.id, b.company_id, b.service_id, b.customer_id, b.resource_ids, b.starts_at, b.ends_at, b.status_id,
            coalesce(s.name, '') as service_name, c.name as company_name, c.time_zone, c.country_id,
            coalesce(cu.erased is not null, false) as erased,
            (select r.rating from reviews r where r.company_id = b.company_id and r.booking_id = b.id) as rating
       from bookings b join companies c on c.id = b.company_id
       left join services s on s.id = b.service_id and s.company_id = b.company_id
       left join customers cu on cu.id = b.customer_id and cu.company_id = b.company_id
      where b.company_id = $1 and b.id = $2`,
    [who.companyId, who.bookingId],
  );
  return visit && !NOT_TAKEN_PLACE.includes(visit.status_id) && !visit.erased ? visit : null;
}

const wantsHtml = (request: FastifyRequest) => /text\/html/.test(request.headers.accept ?? '');

function languageLinks(token: string, lang: Lang): string {
  const names: Record<Lang, string> = { sv: 'Svenska', en: 'English', fi: 'Suomi', no: 'Norsk' };
  const items = LANGUAGES.map((l) =>
    l === lang ? `<li><span lang="${l}" aria-current="true">${names[l]}</span></li>` : `<li><a href="${escapeHtml(token)}?lang=${l}" lang="${l}" hreflang="${l}">${names[l]}</a></li>`,
  ).join('');
  return `<nav aria-label="${escapeHtml(W.languages[lang])}"><ul>${items}</ul></nav>`;
}

/** A refusal: a page for a browser, the API's error shape for any other client. */
function refuse(request: FastifyRequest, reply: FastifyReply, lang: Lang, status: number, key: keyof typeof messageTexts): FastifyReply {
  if (!wantsHtml(request)) throw ApiError.field(status, 'Token', reviewKey(key));
  return publicPage(reply, lang, status, W.title[lang], `<p role="alert">${escapeHtml(messageTexts[key][lang])}</p>`, STYLE);
}

/** Form posts carry text: a whole number in Rating is the number the schema asks for. */
function formBody(text: string): Record<string, unknown> {
  const form = new URLSearchParams(text);
  const body: Record<string, unknown> = {};
  for (const [name, value] of form) body[name] = name === 'Rating' && /^\d{1,2}$/.test(value) ? Number(value) : value;
  return body;
}

/**
 * The review page a customer opens from the review request (public, no sign-in, no script): GET shows
 * the visit and a form (a rating from 1 to 5 as radio buttons in a fieldset, an optional comment),
 * POST stores the answer once per booking. The link's signature names the company and booking; a
 * booking canceled, declined or of an erased customer makes it invalid (404), one not yet over
 * answers 409, a second answer 409. Four languages (?lang=, else Accept-Language, else the company's).
 */
export function registerAnswerRoutes(app: FastifyInstance): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16_384 }, (_request, body, done) => done(null, formBody(String(body))));
  const config = { public: true };
  const schema = { params: ref('ReviewToken'), querystring: ref('ReviewPageQuery') };
  const languageOf = (request: FastifyRequest, visit: Visit | null) =>
    pageLanguage((request.query as ReviewPageQuery).lang, request.headers['accept-language'], visit ? languageOfCountry(visit.country_id) : 'sv');

  app.get('/reviews/answer/:Token', { config, schema }, async (request, reply) => {
    const { Token } = request.params as ReviewToken;
    const visit = await loadVisit(app, Token);
    const lang = languageOf(request, visit);
    if (!visit) return refuse(request, reply, lang, 404, 'ReviewLinkInvalid');
    const when = DateTime.fromJSDate(new Date(visit.starts_at)).setZone(visit.time_zone || 'Europe/Stockholm').toFormat('yyyy-MM-dd HH:mm');
    const about = `<p>${escapeHtml(fill(W.visit[lang], { service: visit.service_name, company: visit.company_name, time: when }))}</p>`;
    if (visit.rating !== null) {
      return publicPage(reply, lang, 200, W.thanks[lang], `${about}<p>${escapeHtml(fill(W.given[lang], { rating: visit.rating }))}</p>${languageLinks(Token, lang)}`, STYLE);
    }
    if (new Date(visit.ends_at).getTime() > Date.now()) return refuse(request, reply, lang, 409, 'ReviewTooEarly');
    const choices = [1, 2, 3, 4, 5]
      .map((n) => `<label class="choice"><input type="radio" name="Rating" value="${n}" required aria-describedby="hint"> ${escapeHtml(W[`r${n}` as 'r1'][lang])}</label>`)
      .join('');
    const form =
      `<form method="post" action="${escapeHtml(Token)}?lang=${lang}">` +
      `<fieldset><legend>${escapeHtml(W.rating[lang])}</legend><p class="hint" id="hint">${escapeHtml(W.ratingHint[lang])}</p>${choices}</fieldset>` +
      `<label for="comment">${escapeHtml(W.comment[lang])}</label><textarea id="comment" name="Comment" rows="5" maxlength="2000"></textarea>` +
      `<button type="submit">${escapeHtml(W.send[lang])}</button></form>`;
    return publicPage(reply, lang, 200, W.title[lang], about + form + languageLinks(Token, lang), STYLE);
  });

  app.post('/reviews/answer/:Token', { config, schema: { ...schema, body: ref('ReviewAnswerInput') } }, async (request, reply) => {
    const { Token } = request.params as ReviewToken;
    const body = request.body as ReviewAnswerInput;
    const visit = await loadVisit(app, Token);
    const lang = languageOf(request, visit);
    if (!visit) return refuse(request, reply, lang, 404, 'ReviewLinkInvalid');
    if (new Date(visit.ends_at).getTime() > Date.now()) return refuse(request, reply, lang, 409, 'ReviewTooEarly');
    const saved = await app.db.one<{ id: number }>(
      `insert into reviews (company_id, booking_id, customer_id, service_id, resource_ids, rating, comment, booking_starts_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8) on conflict (company_id, booking_id) do nothing returning id`,
      [visit.company_id, visit.id, visit.customer_id, visit.service_id, visit.resource_ids, body.Rating, body.Comment?.trim() || null, visit.starts_at],
    );
    if (!saved) return refuse(request, reply, lang, 409, 'ReviewAlreadyGiven');
    if (!wantsHtml(request)) return { Id: saved.id };
    return publicPage(reply, lang, 200, W.thanks[lang], `<p role="status">${escapeHtml(fill(W.given[lang], { rating: body.Rating }))}</p>`, STYLE);
  });
}
