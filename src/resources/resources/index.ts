import CategoryIcon from '@mui/icons-material/Category';
import type { ResourceDetails } from '../../../schema/scheduling';
import { plainEntity } from '../../engine/define';
import type { LazyResource, WireRecord } from '../../engine/types';

/** Resources: /resources (the resource types with their resources), /resources/new, /resources/{id}. */
export const resourcesMeta: LazyResource<WireRecord<ResourceDetails>> = plainEntity('resources', '/resource', {
  group: 'schedules',
  icon: CategoryIcon,
  load: () => import('./declaration').then((m) => m.resources),
});
