/**
 * Which eAccounting article each price is invoiced with: GET /services/prices/mappings,
 * DELETE /services/prices/mappings/{id}, and PUT /eaccounting/article/mappings, which saves the
 * screen's changes at once (an empty ExternalReference clears a price's mapping). Only an article
 * with the price's VAT may be chosen (spec §5): another rate is 400 naming the row's field, and
 * nothing of the request is written. The price's ExternalReference shows the article too.
 */
import type { FastifyInstance } from 'fastify';
import type { EAccountingMappingParams, EAccountingMappingsInput, EAccountingPriceMapping } from '../../../schema/eaccounting';
import { page, ref } from '../../shared/schemas';
import { requirePlanArea } from '../../shared/planLimits';
import { ApiError, ValidationErrors } from '../../shared/errors';
import { eaccountingKey, words } from './messages';
import { articlesOf } from './settings';

interface MappingRow {
  id: number;
  price_id: number;
  external_reference: string;
}

const toMapping = (companyId: number, r: MappingRow): EAccountingPriceMapping => ({ Id: r.id, CompanyId: companyId, ExternalReference: r.external_reference, ReferenceType: 'EAccountingArticle', PriceId: r.price_id });

async function mappingsOf(app: FastifyInstance, companyId: number) {
  const rows = await app.db.query<MappingRow>('select id, price_id, external_reference from eaccounting_price_mappings where company_id = $1 order by id', [companyId]);
  return { Offset: 0, Total: rows.length, Results: rows.map((r) => toMapping(companyId, r)) };
}

export default async function mappings(app: FastifyInstance): Promise<void> {
  app.get('/services/prices/mappings', { schema: { querystring: ref('EAccountingListQuery'), response: { 200: page('EAccountingPriceMapping') } } }, async (request) => mappingsOf(app, request.ctx.companyId));

  app.delete('/services/prices/mappings/:id', { preHandler: requirePlanArea('accounting'), schema: { params: ref('EAccountingMappingParams'), response: { 200: page('EAccountingPriceMapping') } } }, async (request) => {
    const { companyId } = request.ctx;
    const { id } = request.params as EAccountingMappingParams;
    await app.db.tx(async (tx) => {
      const gone = await tx.one<{ price_id: number }>('delete from eaccounting_price_mappings where id = $1 and company_id = $2 returning price_id', [id, companyId]);
      if (!gone) throw ApiError.notFound(words.mapping[request.ctx.lang], id);
      await tx.query('update service_prices set external_reference = null, updated = now() where id = $1 and company_id = $2', [gone.price_id, companyId]);
    });
    return mappingsOf(app, companyId);
  });

  app.put('/eaccounting/article/mappings', { preHandler: requirePlanArea('accounting'), schema: { body: ref('EAccountingMappingsInput'), response: { 200: page('EAccountingPriceMapping') } } }, async (request) => {
    const { companyId } = request.ctx;
    const { Mappings } = request.body as EAccountingMappingsInput;
    const ids = [...new Set(Mappings.map((m) => m.PriceId))];
    const prices = new Map(
      (await app.db.query<{ id: number; vat: number }>('select id, vat from service_prices where company_id = $1 and id = any($2::int[])', [companyId, ids])).map((p) => [p.id, Number(p.vat)]),
    );
    const articles = Mappings.some((m) => m.ExternalReference) ? new Map((await articlesOf(app, companyId)).map((a) => [a.ArticleId, a])) : new Map();
    const errors = new ValidationErrors();
    Mappings.forEach((m, i) => {
      const vat = prices.get(m.PriceId);
      if (vat === undefined) return void errors.add(`Mappings[${i}].PriceId`, eaccountingKey('EAccountingPriceUnknown'), { price: m.PriceId });
      if (!m.ExternalReference) return;
      const article = articles.get(m.ExternalReference);
      if (!article) errors.add(`Mappings[${i}].ExternalReference`, eaccountingKey('EAccountingArticleUnknown'), { article: m.ExternalReference });
      else if (article.VatRate !== vat) errors.add(`Mappings[${i}].ExternalReference`, eaccountingKey('EAccountingArticleVat'), { article: article.ArticleName, articleVat: article.VatRate, priceVat: vat });
    });
    errors.throwIfAny();
    await app.db.tx(async (tx) => {
      for (const m of Mappings) {
        if (m.ExternalReference) {
          await tx.query(
            `insert into eaccounting_price_mappings (company_id, price_id, external_reference, vat) values ($1, $2, $3, $4)
             on conflict (price_id) do update set external_reference = excluded.external_reference, vat = excluded.vat`,
            [companyId, m.PriceId, m.ExternalReference, prices.get(m.PriceId)!],
          );
        } else {
          await tx.query('delete from eaccounting_price_mappings where company_id = $1 and price_id = $2', [companyId, m.PriceId]);
        }
        await tx.query('update service_prices set external_reference = $3, updated = now() where id = $1 and company_id = $2', [m.PriceId, companyId, m.ExternalReference || null]);
      }
    });
    return mappingsOf(app, companyId);
  });
}
