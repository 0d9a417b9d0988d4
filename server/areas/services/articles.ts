import type { FastifyInstance } from 'fastify';
import type { Article, ArticleInput, ArticleQuery } from '../../../schema/services';
import { ValidationErrors } from '../../shared/errors';
import { defineResource, registerResource } from '../../autoquery/index';
import { companyCurrency, priceSign } from './prices';

export const articles = defineResource<Article, ArticleInput, ArticleQuery>({
  entity: 'Article',
  path: '/articles',
  table: 'articles',
  fields: {
    Id: { column: 'id', kind: 'int', readOnly: true },
    Name: 'name',
    Description: 'description',
    ArticleTypeId: { column: 'article_type_id', kind: 'int' },
    Price: { column: 'price_minor', kind: 'money' },
    VAT: { column: 'vat', kind: 'int' },
    CurrencyId: { column: 'currency_id', readOnly: true },
    Active: { column: 'active', kind: 'bool' },
    InternalReference: 'internal_reference',
    Created: { column: 'created', kind: 'datetime', readOnly: true },
    Updated: { column: 'updated', kind: 'datetime', readOnly: true },
  },
  search: ['name', 'description', 'internal_reference'],
  sort: ['Id', 'Name', 'ArticleTypeId', 'Price', 'VAT', 'Active', 'Created', 'Updated'],
  defaultSort: 'Name',
  filters: { Id: 'Id', ArticleTypeId: 'ArticleTypeId', Active: 'Active' },
  schemas: { query: 'ArticleQuery', input: 'ArticleInput', item: 'Article' },
  hooks: {
    async beforeWrite(input, w) {
      const name = input.Name.trim();
      if (!name) new ValidationErrors().add('Name', 'NotEmpty').throwIfAny();
      const reference = input.InternalReference?.trim();
      return {
        input: { ...input, Name: name, Price: Math.round(input.Price * 100) / 100, InternalReference: reference ? reference : null },
        columns: w.existing ? undefined : { currency_id: await companyCurrency(w.db, w.ctx.companyId) },
      };
    },
    async afterRead(records) {
      for (const r of records) r.PriceSign = priceSign(r.CurrencyId);
    },
  },
});

/** GET, POST /articles; PUT, DELETE /articles/{Id}. */
export default async function articlesArea(app: FastifyInstance): Promise<void> {
  registerResource(app, articles);
}
