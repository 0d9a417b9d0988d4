import CategoryIcon from '@mui/icons-material/Category';
import type { ResourceDetails } from '../../../schema/scheduling';
import type { LazyResource, WireRecord } from '../engine/types';

/** Resources: /resources (the resource types with their resources), /resources/new, /resources/{id}. */
export const resourcesMeta: LazyResource<WireRecord<ResourceDetails>> = {
  name: 'resources',
  api: { path: '/resource', manyIdsParam: 'Id' },
  group: 'schedules',
  icon: CategoryIcon,
  recordRepresentation: 'Name',
  load: () => import('./declaration').then((m) => m.resources),
};
