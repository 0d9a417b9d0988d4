import type { FastifyInstance } from 'fastify';
import type { SupportManual, SupportManualList, SupportManualQuery } from '../../../schema/support';
import type { Lang, Texts } from '../../shared/messages';
import { ref } from '../../shared/schemas';
import articles from './manuals.json' with { type: 'json' };

interface Article {
  Id: string;
  Title: Texts;
  Summary: Texts;
  Body: Texts;
}

const MANUALS: readonly Article[] = articles;

const fold = (s: string) => s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

/** The manuals in `lang` whose title, summary or text holds every word of `search`, in the manuals' order. */
export function searchManuals(lang: Lang, search = ''): SupportManual[] {
  const words = fold(search).split(/\s+/).filter(Boolean);
  return MANUALS.map((a) => ({ Id: a.Id, Title: a.Title[lang], Summary: a.Summary[lang], Body: a.Body[lang] })).filter((m) => {
    const text = fold(`${m.Title} ${m.Summary} ${m.Body}`);
    return words.every((w) => text.includes(w));
  });
}

/** GET /support/manuals: the product's manual articles in the caller's language, searchable. */
export default async function manuals(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: SupportManualQuery }>(
    '/support/manuals',
    { schema: { querystring: ref('SupportManualQuery'), response: { 200: ref('SupportManualList') } } },
    async (request): Promise<SupportManualList> => {
      const results = searchManuals(request.ctx.lang, request.query.Search);
      return { Results: results, Total: results.length };
    },
  );
}
