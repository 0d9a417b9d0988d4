import { withViews } from '../../engine/define';
import { resourceTypesMeta } from './index';
import { ResourceTypeCreate, ResourceTypeEdit } from './ResourceTypeForm';

/** The resource type forms. */
export const resourceTypes = withViews(resourceTypesMeta, {
  schema: 'ResourceTypeInput',
  recordSchema: 'ResourceType',
  create: ResourceTypeCreate,
  edit: ResourceTypeEdit,
});
