import { useState, type ReactElement, type ReactNode } from 'react';
import { FocusFirstError } from '../../engine/FocusFirstError';
import { Alert, AlertTitle, Box, Typography } from '@mui/material';
import { BooleanInput, Create, Edit, required, SaveButton, SimpleForm, TextInput, Toolbar, useNotify, useRecordContext, useRedirect, useSaveContext, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { DeleteButton } from '../../engine/DeleteButton';
import { RecordTabs } from '../../engine/EngineForm';
import { dateSchedules, recurringSchedules } from './index';
import type { FieldValues } from 'react-hook-form';
import { ScheduleResourcesInput, ScheduleServicesInput } from './inputs';
import { SCHEDULE_REDIRECT_DELAY_MS } from './scheduleValues';

/**
 * After a schedule save: the created/updated notice, then /schedules after the spec's 300 ms.
 * @example const afterSave = useScheduleSaved(); <Create mutationOptions={{ onSuccess: () => afterSave('created') }} />
 */
export function useScheduleSaved(): (kind: 'created' | 'updated') => void {
  const notify = useNotify();
  const redirect = useRedirect();
  return (kind) => {
    notify(`ra.notification.${kind}`, { type: 'info', messageArgs: { smart_count: 1 } });
    window.setTimeout(() => redirect('/schedules'), SCHEDULE_REDIRECT_DELAY_MS);
  };
}

type Refusal = (values: FieldValues) => { title: string; message: string } | null;

/** A titled group of inputs, two columns from the small breakpoint up. */
export function FormPart({ title, children }: { title: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Box component="section" sx={{ width: '100%', maxWidth: 720, mb: 1 }}>
      <Typography variant="h6" component="h2" sx={{ mt: 1, mb: 1 }}>
        {translate(title)}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2, alignItems: 'start', '& > .full': { gridColumn: '1 / -1' } }}>
        {children}
      </Box>
    </Box>
  );
}

/** Save and, on the edit screen, delete (back to /schedules). */
export function ScheduleToolbar({ canDelete }: { canDelete: boolean }) {
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton alwaysEnable={!canDelete} />
      {canDelete ? <DeleteButton mutationMode="pessimistic" redirect="/schedules" /> : null}
    </Toolbar>
  );
}

/**
 * A schedule form whose submit may be refused first (`refuse` answers a warning to show, or null):
 * otherwise the values go to the Create/Edit save, whose field errors land under the inputs.
 */
export function ScheduleForm({
  values,
  canDelete,
  refuse,
  children,
}: {
  values: FieldValues;
  canDelete: boolean;
  refuse?: Refusal;
  children: ReactNode;
}): ReactElement {
  const translate = useTranslate();
  const { save } = useSaveContext();
  const [warning, setWarning] = useState<{ title: string; message: string } | null>(null);
  const submit = async (submitted: FieldValues) => {
    const refused = refuse?.(submitted) ?? null;
    setWarning(refused);
    if (refused) return undefined;
    return save?.(submitted);
  };
  return (
    <SimpleForm record={values} defaultValues={values} onSubmit={submit} toolbar={<ScheduleToolbar canDelete={canDelete} />}>
      <FocusFirstError />
      {children}
      {warning ? (
        <Alert severity="warning" sx={{ width: '100%', maxWidth: 720, mt: 2 }} onClose={() => setWarning(null)}>
          <AlertTitle>{translate(warning.title)}</AlertTitle>
          {translate(warning.message)}
        </Alert>
      ) : null}
    </SimpleForm>
  );
}


/** The General part every schedule form starts with: name, active, description. */
export function ScheduleGeneralPart() {
  return (
    <FormPart title="resources.schedules.sections.general">
      <TextInput source="Name" label="resources.schedules.fields.Name" validate={required()} />
      <BooleanInput source="Active" label="resources.schedules.fields.Active" />
      <TextInput source="Description" label="resources.schedules.fields.Description" multiline minRows={2} className="full" />
    </FormPart>
  );
}

/** The part connecting a schedule to resources and services. */
export function ScheduleConnectionsPart() {
  return (
    <FormPart title="resources.schedules.sections.resources">
      <Box className="full">
        <ScheduleResourcesInput />
        <ScheduleServicesInput />
      </Box>
    </FormPart>
  );
}

/**
 * The create screen of one kind of schedule: starts from `values`, saves through `transform`, then notifies and goes back to /schedules.
 * @example <ScheduleCreate resource="dateSchedules" title="resources.schedules.dateNew" values={NEW_DATE_SCHEDULE} transform={toBody}><DateFields /></ScheduleCreate>
 */
export function ScheduleCreate({
  resource,
  title,
  values,
  transform,
  refuse,
  children,
}: {
  resource: string;
  title: string;
  values: FieldValues;
  transform: (values: FieldValues) => object;
  refuse?: Refusal;
  children: ReactNode;
}): ReactElement {
  const saved = useScheduleSaved();
  return (
    <Create resource={resource} title={title} redirect={false} transform={transform} mutationOptions={{ onSuccess: () => saved('created') }}>
      <ScheduleForm values={values} canDelete={false} refuse={refuse}>
        {children}
      </ScheduleForm>
    </Create>
  );
}

function ScheduleEditForm<R extends object>({ toForm, refuse, children }: { toForm: (record: R) => FieldValues; refuse?: Refusal; children: ReactNode }) {
  const record = useRecordContext<R & { id: number }>();
  if (!record) return null;
  return (
    <ScheduleForm values={toForm(record)} canDelete refuse={refuse}>
      {children}
    </ScheduleForm>
  );
}

/**
 * The edit screen of one kind of schedule (id from the route): the record goes through `toForm`, saves through `transform`.
 * @example <ScheduleEdit resource="dateSchedules" toForm={dateToForm} transform={toBody}><DateFields /></ScheduleEdit>
 */
export function ScheduleEdit<R extends object>({
  resource,
  toForm,
  transform,
  refuse,
  children,
}: {
  resource: string;
  toForm: (record: R) => FieldValues;
  transform: (values: FieldValues) => object;
  refuse?: Refusal;
  children: ReactNode;
}): ReactElement {
  const { id } = useParams();
  const saved = useScheduleSaved();
  const notify = useNotify();
  const redirect = useRedirect();
  const notFound = () => {
    notify('ra.notification.item_doesnt_exist', { type: 'error' });
    redirect('/schedules');
  };
  return (
    <Edit
      resource={resource}
      id={id}
      mutationMode="pessimistic"
      redirect={false}
      transform={transform}
      queryOptions={{ onError: notFound }}
      mutationOptions={{ onSuccess: () => saved('updated') }}
    >
      <RecordTabs
        historyOf={{ name: resource, path: resource === dateSchedules.name ? dateSchedules.api.path : recurringSchedules.api.path }}
        general={
          <ScheduleEditForm toForm={toForm} refuse={refuse}>
            {children}
          </ScheduleEditForm>
        }
      />
    </Edit>
  );
}
