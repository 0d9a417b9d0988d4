import {
  AutocompleteArrayInput,
  BooleanInput,
  Create,
  Edit,
  ReferenceArrayInput,
  required,
  SimpleForm,
  TextInput,
} from 'react-admin';
import { Box } from '@mui/material';
import type { FieldValues } from 'react-hook-form';
import type { Resource, ResourceType } from '../../../schema/availability';
import type { ResourceTypeInput } from '../../../schema/scheduling';
import { RecordEditForm, RecordTabs } from '../../engine/EngineForm';
import { ConflictDeleteButton } from '../resources/ConflictDeleteButton';
import { DEFAULT_RESOURCE_PRIORITY } from '../../common/constants';
import { FormPart } from '../schedules/scheduleForm';

const L = (field: string) => `resources.resource-types.fields.${field}`;

/**
 * Form values → body of POST /resourcetypes and PUT /resourcetypes/{Id}: members that join the
 * type get priority 99 (spec areas.md §3), members it had keep theirs.
 * @example resourceTypeToBody({ Name: 'Courts', ResourceIds: [4] }, []).Resources // [{ Id: 4, Priority: 99 }]
 */
export function resourceTypeToBody(values: FieldValues, current: readonly Pick<Resource, 'Id'>[]): ResourceTypeInput {
  const had = new Set(current.map((r) => r.Id));
  const ids: number[] = Array.isArray(values.ResourceIds) ? values.ResourceIds.map(Number) : [];
  return {
    Name: typeof values.Name === 'string' ? values.Name.trim() : '',
    Description: typeof values.Description === 'string' && values.Description.trim() ? values.Description.trim() : null,
    Active: values.Active ?? true,
    Resources: ids.map((Id) => (had.has(Id) ? { Id } : { Id, Priority: DEFAULT_RESOURCE_PRIORITY })),
  };
}

function ResourceTypeFields() {
  return (
    <FormPart title="resources.resource-types.sections.general">
      <TextInput source="Name" label={L('Name')} validate={required()} />
      <BooleanInput source="Active" label={L('Active')} />
      <TextInput source="Description" label={L('Description')} multiline minRows={2} className="full" />
      <Box className="full">
        <ReferenceArrayInput source="ResourceIds" reference="resources" perPage={200}>
          <AutocompleteArrayInput label={L('Resources')} optionText="Name" filterToQuery={(q: string) => ({ q })} fullWidth />
        </ReferenceArrayInput>
      </Box>
    </FormPart>
  );
}

/** /resource-types/new */
export function ResourceTypeCreate() {
  return (
    <Create title="resources.resource-types.new" redirect="/resources" transform={(values: FieldValues) => resourceTypeToBody(values, [])}>
      <SimpleForm defaultValues={{ Active: true, ResourceIds: [] }}>
        <ResourceTypeFields />
      </SimpleForm>
    </Create>
  );
}

/** /resource-types/{id}; deleting a type a service uses opens the conflict modal. */
export function ResourceTypeEdit() {
  return (
    <Edit
      mutationMode="pessimistic"
      redirect="/resources"
      transform={(values: FieldValues, options?: { previousData?: unknown }) =>
        resourceTypeToBody(values, ((options?.previousData as ResourceType | undefined)?.Resources ?? []) as Resource[])
      }
    >
      <RecordTabs
        general={
          <RecordEditForm<ResourceType & { id: number }> deleteButton={<ConflictDeleteButton />} toForm={(record) => ({ ...record, ResourceIds: record.Resources.map((r) => r.Id) })}>
            <ResourceTypeFields />
          </RecordEditForm>
        }
      />
    </Edit>
  );
}
