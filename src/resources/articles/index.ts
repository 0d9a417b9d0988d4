import ShoppingBasketIcon from '@mui/icons-material/ShoppingBasket';
import type { Article } from '../../../schema/services';
import type { LazyResource, WireRecord } from '../engine/types';

/** Articles (products, gift cards, value cards, punch tickets): /articles, /articles/new, /articles/{id}. */
export const articlesMeta: LazyResource<WireRecord<Article>> = {
  name: 'articles',
  api: { path: '/articles', manyIdsParam: 'Id' },
  group: 'services',
  icon: ShoppingBasketIcon,
  recordRepresentation: 'Name',
  load: () => import('./declaration').then((m) => m.articles),
};
