import ShoppingBasketIcon from '@mui/icons-material/ShoppingBasket';
import type { Article } from '../../../schema/services';
import { plainEntity } from '../../engine/define';
import type { LazyResource, WireRecord } from '../../engine/types';

/** Articles (products, gift cards, value cards, punch tickets): /articles, /articles/new, /articles/{id}. */
export const articlesMeta: LazyResource<WireRecord<Article>> = plainEntity('articles', '/articles', {
  group: 'services',
  icon: ShoppingBasketIcon,
  load: () => import('./declaration').then((m) => m.articles),
});
