import ShoppingBasketIcon from '@mui/icons-material/ShoppingBasket';
import type { Article } from '../../../schema/services';
import type { ResourceDeclaration, WireRecord } from '../engine/types';
import { VAT_CHOICES } from '../prices/PriceCells';

/** Articles (products, gift cards, value cards, punch tickets): /articles, /articles/new, /articles/{id}. */
export const articles: ResourceDeclaration<WireRecord<Article>> = {
  name: 'articles',
  api: { path: '/articles', manyIdsParam: 'Id' },
  schema: 'ArticleInput',
  recordSchema: 'Article',
  group: 'services',
  icon: ShoppingBasketIcon,
  recordRepresentation: 'Name',
  fields: { Price: { kind: 'money' }, VAT: { choices: VAT_CHOICES }, Description: { kind: 'text' } },
  list: {
    columns: ['Name', 'ArticleTypeId', 'Price', 'VAT', 'Active', 'InternalReference'],
    sort: { field: 'Name', order: 'ASC' },
    filters: [{ source: 'q', kind: 'search' }, { source: 'ArticleTypeId', kind: 'select', choices: [1, 2, 3, 4].map((id) => ({ id, name: `resources.articles.choices.ArticleTypeId.${id}` })) }, { source: 'Active', kind: 'boolean', alwaysOn: true }],
  },
  form: {
    sections: [{ fields: ['Name', 'Description', 'ArticleTypeId', 'Price', 'VAT', 'Active', 'InternalReference'] }],
    defaults: { ArticleTypeId: 1, VAT: 25, Active: true },
  },
};
