import EventIcon from '@mui/icons-material/Event';
import type { Service } from '../../../schema/services';
import type { LazyResource, WireRecord } from '../../engine/types';

/** Services: /services, /services/new, /services/{id} (general info and prices), copy and delete. */
export const servicesMeta: LazyResource<WireRecord<Service>> = {
  name: 'services',
  api: { path: '/services', readParams: { IncludePrices: true, IncludeCustomFieldValues: true }, manyIdsParam: 'Id' },
  group: 'services',
  icon: EventIcon,
  recordRepresentation: 'Name',
  load: () => import('./declaration').then((m) => m.services),
};
