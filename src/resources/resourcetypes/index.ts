import type { ResourceType } from '../../../schema/availability';
import type { LazyResource, WireRecord } from '../engine/types';

/**
 * Resource types (groups): /resource-types/new and /resource-types/{id}; they are listed on
 * /resources (the shell redirects /resource-types there).
 */
export const resourceTypesMeta: LazyResource<WireRecord<ResourceType>> = {
  name: 'resource-types',
  api: { path: '/resourcetypes', manyIdsParam: 'Id' },
  group: null,
  recordRepresentation: 'Name',
  screens: { list: false },
  load: () => import('./declaration').then((m) => m.resourceTypes),
};
