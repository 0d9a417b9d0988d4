import { withViews } from '../../engine/define';
import { VAT_CHOICES } from '../prices/PriceCells';
import { articlesMeta } from './index';

/** The article list, filters and form. */
export const articles = withViews(articlesMeta, {
  schema: 'ArticleInput',
  recordSchema: 'Article',
  fields: { Price: { kind: 'money' }, VAT: { choices: VAT_CHOICES }, Description: { kind: 'text' } },
  list: {
    columns: ['Name', 'ArticleTypeId', 'Price', 'VAT', 'Active', 'InternalReference'],
    sort: { field: 'Name', order: 'ASC' },
    bulk: { delete: true, setField: [{ source: 'Active' }] },
    filters: [{ source: 'q', kind: 'search' }, { source: 'ArticleTypeId', kind: 'select', choices: [1, 2, 3, 4].map((id) => ({ id, name: `resources.articles.choices.ArticleTypeId.${id}` })) }, { source: 'Active', kind: 'boolean', alwaysOn: true }],
  },
  form: {
    sections: [{ fields: ['Name', 'Description', 'ArticleTypeId', 'Price', 'VAT', 'Active', 'InternalReference'] }],
    defaults: { ArticleTypeId: 1, VAT: 25, Active: true },
  },
});
