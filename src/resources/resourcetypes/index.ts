import type { ResourceType } from '../../../schema/availability';
import { plainEntity } from '../../engine/define';
import type { LazyResource, WireRecord } from '../../engine/types';

/**
 * Resource types (groups): /resource-types/new and /resource-types/{id}; they are listed on
 * /resources (the shell redirects /resource-types there).
 */
export const resourceTypesMeta: LazyResource<WireRecord<ResourceType>> = plainEntity('resource-types', '/resourcetypes', {
  group: null,
  screens: { list: false },
  load: () => import('./declaration').then((m) => m.resourceTypes),
});
