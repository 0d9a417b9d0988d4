import { useState } from 'react';
import { FocusFirstError } from '../../engine/FocusFirstError';
import { RecordTabs } from '../../engine/EngineForm';
import { Box } from '@mui/material';
import { AutocompleteArrayInput, BooleanInput, Create, Edit, FormDataConsumer, ReferenceArrayInput, required, SaveButton, SimpleForm, TextInput, Toolbar, useNotify, useRecordContext, useRedirect, useTranslate, type Identifier } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { useParams } from 'react-router-dom';
import type { TimeException, TimeExceptionInput } from '../../../schema/availability';
import type { CollidingEvent } from '../../../schema/scheduling';
import type { QueryResponse } from '../../../schema/common';
import { apiErrorInfo } from '../../common/api';
import { useApi } from '../../common/api';
import { DeleteButton } from '../../engine/DeleteButton';
import { ColorInput } from '../../common/inputs/ColorInput';
import { DaysOfWeekInput, TimeInput } from '../schedules/inputs';
import { PickerInput } from '../../common/inputs/DateTimeInputs';
import { FormPart } from '../schedules/scheduleForm';
import { TimeExceptionConflictModal, type ConflictState } from './TimeExceptionConflictModal';
import { useCompanyNow } from '../../auth/profile';
import { newTimeException, timeExceptionToBody, timeExceptionToForm, type TimeExceptionFormValues } from './timeExceptionValues';

const L = (field: string) => `resources.time-exceptions.fields.${field}`;
const toBody = (values: FieldValues) => timeExceptionToBody(values as TimeExceptionFormValues);

function TimeExceptionFields() {
  return (
    <>
      <FormPart title="resources.time-exceptions.sections.when">
        <PickerInput kind="date" source="FromDate" label={L('FromDate')} validate={required()} />
        <TimeInput source="FromTime" label={L('FromTime')} validate={required()} />
        <PickerInput kind="date" source="ToDate" label={L('ToDate')} validate={required()} />
        <TimeInput source="ToTime" label={L('ToTime')} validate={required()} />
        <Box className="full">
          <BooleanInput source="IsRecurring" label={L('IsRecurring')} helperText="resources.time-exceptions.help.IsRecurring" />
          <FormDataConsumer<{ IsRecurring?: boolean }>>
            {({ formData }) => (formData.IsRecurring ? <DaysOfWeekInput source="DaysOfWeek" label={L('DaysOfWeek')} /> : null)}
          </FormDataConsumer>
        </Box>
      </FormPart>
      <FormPart title="resources.time-exceptions.sections.what">
        <Box className="full">
          <ReferenceArrayInput source="ResourceIds" reference="resources" perPage={100}>
            <AutocompleteArrayInput label={L('ResourceIds')} optionText="Name" filterToQuery={(q: string) => ({ q })} helperText="resources.time-exceptions.help.ResourceIds" fullWidth />
          </ReferenceArrayInput>
        </Box>
        <TextInput source="ReasonTextPublic" label={L('ReasonTextPublic')} helperText="resources.time-exceptions.help.ReasonTextPublic" />
        <TextInput source="ReasonText" label={L('ReasonText')} helperText="resources.time-exceptions.help.ReasonText" />
        <ColorInput source="Color" label={L('Color')} />
        <Box>
          <BooleanInput source="BlockTime" label={L('BlockTime')} helperText="resources.time-exceptions.help.BlockTime" />
          <BooleanInput source="Private" label={L('Private')} helperText="resources.time-exceptions.help.Private" />
        </Box>
      </FormPart>
    </>
  );
}

function ExceptionToolbar({ canDelete }: { canDelete: boolean }) {
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton alwaysEnable={!canDelete} />
      {canDelete ? <DeleteButton mutationMode="pessimistic" /> : null}
    </Toolbar>
  );
}

/**
 * A save that may collide with bookings: on 409 the colliding bookings are fetched
 * (GET /timeexceptions/collidingevents) and shown; "save anyway" resends with Force.
 */
function useConflictingSave(id: Identifier | undefined) {
  const api = useApi();
  const notify = useNotify();
  const redirect = useRedirect();
  const [conflict, setConflict] = useState<ConflictState>({ kind: 'closed' });
  const [pending, setPending] = useState<TimeExceptionInput | null>(null);
  const [forcing, setForcing] = useState(false);

  const saved = (kind: 'created' | 'updated') => {
    notify(`ra.notification.${kind}`, { type: 'info', messageArgs: { smart_count: 1 } });
    redirect('/time-exceptions');
  };

  const onError = async (error: unknown, body: TimeExceptionInput) => {
    const info = apiErrorInfo(error);
    if (info.status !== 409) {
      notify(info.message || 'errors.unknownError', { type: 'error' });
      return;
    }
    setPending(body);
    setConflict({ kind: 'loading' });
    try {
      const answer = await api.call<QueryResponse<CollidingEvent>>('GET', '/timeexceptions/collidingevents', {
        query: {
          ResourceIds: body.ResourceIds,
          From: body.From,
          To: body.To,
          FromTime: body.FromTime,
          ToTime: body.ToTime,
          DaysOfWeek: body.DaysOfWeek,
          IsRecurring: body.IsRecurring,
          TimeExceptionId: id,
        },
      });
      setConflict({ kind: 'loaded', events: answer.Results ?? [] });
    } catch (loadError) {
      setConflict({ kind: 'failed', message: apiErrorInfo(loadError).message });
    }
  };

  const force = async () => {
    if (!pending) return;
    setForcing(true);
    try {
      const body = { ...pending, Force: true };
      if (id === undefined) await api.call('POST', '/timeexceptions', { body });
      else await api.call('PUT', `/timeexceptions/${id}`, { body });
      setConflict({ kind: 'closed' });
      saved(id === undefined ? 'created' : 'updated');
    } catch (forceError) {
      setConflict({ kind: 'failed', message: apiErrorInfo(forceError).message });
    } finally {
      setForcing(false);
    }
  };

  const modal = <TimeExceptionConflictModal state={conflict} forcing={forcing} onClose={() => setConflict({ kind: 'closed' })} onForce={force} />;
  return { saved, onError, modal };
}

/** /time-exceptions/new */
export function TimeExceptionCreate() {
  const { saved, onError, modal } = useConflictingSave(undefined);
  const today = useCompanyNow().slice(0, 10);
  return (
    <>
      <Create
        title="resources.time-exceptions.new"
        redirect={false}
        transform={toBody}
        mutationOptions={{ onSuccess: () => saved('created'), onError: (error: unknown, variables: { data?: unknown }) => onError(error, variables.data as TimeExceptionInput) }}
      >
        <SimpleForm defaultValues={newTimeException(today)} toolbar={<ExceptionToolbar canDelete={false} />}>
          <FocusFirstError />
          <TimeExceptionFields />
        </SimpleForm>
      </Create>
      {modal}
    </>
  );
}

function EditForm() {
  const record = useRecordContext<TimeException & { id: number }>();
  if (!record) return null;
  return (
    <SimpleForm record={timeExceptionToForm(record)} toolbar={<ExceptionToolbar canDelete />}>
      <FocusFirstError />
      <TimeExceptionFields />
    </SimpleForm>
  );
}

function EditTitle() {
  const record = useRecordContext<TimeException>();
  const translate = useTranslate();
  return <span>{record ? `${translate('resources.time-exceptions.name', { smart_count: 1 })} ${record.From.slice(0, 10)}` : ''}</span>;
}

/** /time-exceptions/{id} */
export function TimeExceptionEdit() {
  const { onError, saved, modal } = useConflictingSave(useParams().id);
  return (
    <>
      <Edit
        mutationMode="pessimistic"
        redirect={false}
        title={<EditTitle />}
        transform={toBody}
        mutationOptions={{ onSuccess: () => saved('updated'), onError: (error: unknown, variables: { data?: unknown }) => onError(error, variables.data as TimeExceptionInput) }}
      >
        <RecordTabs general={<EditForm />} />
      </Edit>
      {modal}
    </>
  );
}
