import { Box } from '@mui/material';
import {
  AutocompleteArrayInput,
  BooleanInput,
  Create,
  Edit,
  email,
  maxValue,
  minValue,
  NumberInput,
  ReferenceArrayInput,
  required,
  SimpleForm,
  TextInput,
  useGetList,
  useNotify,
} from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import type { FieldValues } from 'react-hook-form';
import type { ResourceDetails, ResourceInput } from '../../../schema/scheduling';
import { apiErrorInfo } from '../../common/api';
import { isLicenseLimitError } from '../../common/licenseLimit';
import { FormPart } from '../schedules/scheduleForm';
import { ColorInput } from '../../common/inputs/ColorInput';
import { RecordEditForm, RecordTabs } from '../../engine/EngineForm';
import { ConflictDeleteButton } from './ConflictDeleteButton';
import { DEFAULT_RESOURCE_PRIORITY } from '../../common/constants';

/** Colours new resources get in turn (the server's palette: the n-th resource gets colour n). */
export const RESOURCE_COLORS = ['#4fc3f7', '#81c784', '#ffb74d', '#e57373', '#ba68c8', '#4db6ac', '#f06292', '#9575cd', '#aed581', '#ffd54f', '#7986cb', '#a1887f'];

/** Spec areas.md §9: a resource's priority inside a type. */

const L = (field: string) => `resources.resources.fields.${field}`;

/**
 * Form values → body of POST /resource and PUT /resource/{Id}.
 * @example resourceToBody({ Name: ' Court 1 ', ResourceTypeIds: [3] }).Name // 'Court 1'
 */
export function resourceToBody(values: FieldValues): ResourceInput {
  const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
  return {
    Name: typeof values.Name === 'string' ? values.Name.trim() : '',
    Description: text(values.Description),
    Active: values.Active ?? true,
    Color: text(values.Color),
    Email: text(values.Email),
    MobilePhone: text(values.MobilePhone),
    Priority: values.Priority === '' || values.Priority == null ? DEFAULT_RESOURCE_PRIORITY : Number(values.Priority),
    EmailNotification: !!values.EmailNotification,
    SMSNotification: !!values.SMSNotification,
    ResourceTypeIds: Array.isArray(values.ResourceTypeIds) ? values.ResourceTypeIds.map(Number) : [],
  };
}

function ResourceFields() {
  return (
    <>
      <FormPart title="resources.resources.sections.general">
        <TextInput source="Name" label={L('Name')} validate={required()} />
        <BooleanInput source="Active" label={L('Active')} />
        <TextInput source="Description" label={L('Description')} multiline minRows={2} className="full" />
        <ColorInput source="Color" label={L('Color')} />
        <NumberInput source="Priority" label={L('Priority')} step={1} validate={[minValue(0), maxValue(9999)]} helperText="resources.resources.help.Priority" />
        <Box className="full">
          <ReferenceArrayInput source="ResourceTypeIds" reference="resource-types" perPage={200}>
            <AutocompleteArrayInput label={L('ResourceTypeIds')} optionText="Name" filterToQuery={(q: string) => ({ q })} fullWidth />
          </ReferenceArrayInput>
        </Box>
      </FormPart>
      <FormPart title="resources.resources.sections.notifications">
        <TextInput source="Email" label={L('Email')} type="email" validate={email()} />
        <TextInput source="MobilePhone" label={L('MobilePhone')} type="tel" />
        <BooleanInput source="EmailNotification" label={L('EmailNotification')} />
        <BooleanInput source="SMSNotification" label={L('SMSNotification')} />
      </FormPart>
    </>
  );
}

/** Spec areas.md §8: a failed create shows the server's message as a warning (field errors land under the inputs). */
function useCreateFailed() {
  const notify = useNotify();
  return (error: unknown) => {
    if (isLicenseLimitError(error)) return;
    const { message } = apiErrorInfo(error);
    notify(message || 'errors.unknownError', { type: 'warning' });
  };
}

/** /resources/new (?ResourceTypeId= preselects a group): default colour, priority 99. */
export function ResourceCreate() {
  const [params] = useSearchParams();
  const failed = useCreateFailed();
  const { total, isPending } = useGetList('resources', { pagination: { page: 1, perPage: 1 } });
  const typeId = Number(params.get('ResourceTypeId'));
  if (isPending) return null;
  const defaults = {
    Active: true,
    Color: RESOURCE_COLORS[(total ?? 0) % RESOURCE_COLORS.length],
    Priority: DEFAULT_RESOURCE_PRIORITY,
    ResourceTypeIds: typeId ? [typeId] : [],
    EmailNotification: false,
    SMSNotification: false,
  };
  return (
    <Create title="resources.resources.new" redirect="list" transform={resourceToBody} mutationOptions={{ onError: failed }}>
      <SimpleForm defaultValues={defaults}>
        <ResourceFields />
      </SimpleForm>
    </Create>
  );
}

/** /resources/{id}; deleting a booked resource opens the conflict modal. */
export function ResourceEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="list" transform={resourceToBody}>
      <RecordTabs
        general={
          <RecordEditForm<ResourceDetails & { id: number }> deleteButton={<ConflictDeleteButton />} toForm={(record) => ({ ...record, ResourceTypeIds: record.ResourceTypes.map((t) => t.Id) })}>
            <ResourceFields />
          </RecordEditForm>
        }
      />
    </Edit>
  );
}
