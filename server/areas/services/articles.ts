import type { FastifyInstance } from 'fastify';
import type { Article, ArticleInput, ArticleQuery } from '../../../schema/services';
import { defineResource, RECORD_FIELDS, registerResource } from '../../autoquery/index';
import { companyCurrency, priceSign } from './prices';
import { registerArticleReceipt } from './articleReceipt';

export const articles = defineResource<Article, ArticleInput, ArticleQuery>({
  entity: 'Article',
  path: '/articles',
  table: 'articles',
  fields: {
    ...RECORD_FIELDS,
    Name: { column: 'name', required: true },
    Description: 'description',
    ArticleTypeId: { column: 'article_type_id', kind: 'int' },
    Price: { column: 'price_minor', kind: 'money' },
    VAT: { column: 'vat', kind: 'int' },
    CurrencyId: { column: 'currency_id', readOnly: true },
    Active: { column: 'active', kind: 'bool' },
    InternalReference: 'internal_reference',
  },
  search: ['name', 'description', 'internal_reference'],
  sort: ['Id', 'Name', 'ArticleTypeId', 'Price', 'VAT', 'Active', 'Created', 'Updated'],
  defaultSort: 'Name',
  filters: { Id: 'Id', ArticleTypeId: 'ArticleTypeId', Active: 'Active' },
  hooks: {
    async beforeWrite(input, w) {
      const reference = input.InternalReference?.trim();
      return {
        input: { ...input, Price: Math.round(input.Price * 100) / 100, InternalReference: reference ? reference : null },
        columns: w.existing ? undefined : { currency_id: await companyCurrency(w.db, w.ctx.companyId) },
      };
    },
    async afterRead(records) {
      for (const r of records) r.PriceSign = priceSign(r.CurrencyId);
    },
  },
});

/** GET, POST /articles; PUT, DELETE /articles/{Id}; GET /articles/{Id}/reports (the receipt as PDF). */
export default async function articlesArea(app: FastifyInstance): Promise<void> {
  registerResource(app, articles);
  registerArticleReceipt(app, articles);
}
