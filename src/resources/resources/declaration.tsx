import { withViews } from '../../engine/define';
import { resourcesMeta } from './index';
import { ResourceCreate, ResourceEdit } from './ResourceForm';
import { ResourceTypeList } from './ResourceTypeList';

/** The resource types with their resources, and the resource forms. */
export const resources = withViews(resourcesMeta, {
  schema: 'ResourceInput',
  recordSchema: 'ResourceDetails',
  list: ResourceTypeList,
  create: ResourceCreate,
  edit: ResourceEdit,
});
