import SellIcon from '@mui/icons-material/Sell';
import type { ServicePrice } from '../../../schema/services';
import type { LazyResource, WireRecord } from '../../engine/types';

/** Service prices: /prices, /prices/new, /prices/{id} on /services/prices. */
export const pricesMeta: LazyResource<WireRecord<ServicePrice>> = {
  name: 'prices',
  api: { path: '/services/prices', manyIdsParam: 'Id' },
  group: null,
  icon: SellIcon,
  recordRepresentation: (p) => [p.PriceText || p.Category, `${p.Price} ${p.PriceSign}`].filter(Boolean).join(' · '),
  load: () => import('./declaration').then((m) => m.prices),
};
