import CategoryIcon from '@mui/icons-material/Category';
import type { ResourceDetails } from '../../../schema/scheduling';
import type { ResourceDeclaration, WireRecord } from '../engine/types';
import { ResourceCreate, ResourceEdit } from './ResourceForm';
import { ResourceTypeList } from './ResourceTypeList';

/** Resources: /resources (the resource types with their resources), /resources/new, /resources/{id}. */
export const resources: ResourceDeclaration<WireRecord<ResourceDetails>> = {
  name: 'resources',
  api: { path: '/resource', manyIdsParam: 'Id' },
  schema: 'ResourceInput',
  recordSchema: 'ResourceDetails',
  group: 'schedules',
  icon: CategoryIcon,
  recordRepresentation: 'Name',
  list: ResourceTypeList,
  create: ResourceCreate,
  edit: ResourceEdit,
};
