import type { ResourceType } from '../../../schema/availability';
import type { ResourceDeclaration, WireRecord } from '../engine/types';
import { ResourceTypeCreate, ResourceTypeEdit } from './ResourceTypeForm';

/**
 * Resource types (groups): /resource-types/new and /resource-types/{id}; they are listed on
 * /resources (the shell redirects /resource-types there).
 */
export const resourceTypes: ResourceDeclaration<WireRecord<ResourceType>> = {
  name: 'resource-types',
  api: { path: '/resourcetypes', manyIdsParam: 'Id' },
  schema: 'ResourceTypeInput',
  recordSchema: 'ResourceType',
  group: null,
  recordRepresentation: 'Name',
  create: ResourceTypeCreate,
  edit: ResourceTypeEdit,
};
