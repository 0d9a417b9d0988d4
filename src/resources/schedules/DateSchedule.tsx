import { Box } from '@mui/material';
import { ArrayInput, BooleanInput, Create, Edit, required, SimpleFormIterator, TextInput, useRecordContext } from 'react-admin';
import { useParams } from 'react-router-dom';
import type { FieldValues } from 'react-hook-form';
import type { DateSchedule as DateScheduleRecord } from '../../../schema/availability';
import { ScheduleResourcesInput, ScheduleServicesInput, TimeIntervalInput } from './inputs';
import { FormPart, ScheduleForm, useScheduleSaved } from './scheduleForm';
import { ScheduleTestPanel } from './ScheduleTestPanel';
import { dateToBody, dateToForm, NEW_DATE_SCHEDULE, type DateFormValues } from './scheduleValues';

const L = (field: string) => `resources.schedules.fields.${field}`;
const toBody = (values: FieldValues) => dateToBody(values as DateFormValues);
const localDateTime = (v: unknown) => (typeof v === 'string' ? v.slice(0, 16) : '');

function DateTimeText({ source, label }: { source: string; label: string }) {
  return <TextInput source={source} label={label} type="datetime-local" format={localDateTime} validate={required()} slotProps={{ inputLabel: { shrink: true } }} />;
}

function DateFields() {
  return (
    <>
      <FormPart title="resources.schedules.sections.general">
        <TextInput source="Name" label={L('Name')} validate={required()} />
        <BooleanInput source="Active" label={L('Active')} />
        <TextInput source="Description" label={L('Description')} multiline minRows={2} className="full" />
      </FormPart>
      <FormPart title="resources.schedules.sections.dates">
        <ArrayInput source="ScheduleDates" label={false} className="full" helperText="resources.schedules.help.ScheduleDates">
          <SimpleFormIterator inline disableReordering>
            <DateTimeText source="From" label={L('From')} />
            <DateTimeText source="To" label={L('To')} />
          </SimpleFormIterator>
        </ArrayInput>
        <TimeIntervalInput label={L('TimeInterval')} />
      </FormPart>
      <FormPart title="resources.schedules.sections.resources">
        <Box className="full">
          <ScheduleResourcesInput />
          <ScheduleServicesInput />
        </Box>
      </FormPart>
      <ScheduleTestPanel path="/schedules/date/test" toBody={toBody} />
    </>
  );
}

/** /schedules/date/new */
export function DateScheduleCreate() {
  const saved = useScheduleSaved();
  return (
    <Create resource="dateSchedules" title="resources.schedules.dateNew" redirect={false} transform={toBody} mutationOptions={{ onSuccess: () => saved('created') }}>
      <ScheduleForm values={NEW_DATE_SCHEDULE} canDelete={false}>
        <DateFields />
      </ScheduleForm>
    </Create>
  );
}

function DateEditForm() {
  const record = useRecordContext<DateScheduleRecord & { id: number }>();
  if (!record) return null;
  return (
    <ScheduleForm values={dateToForm(record)} canDelete>
      <DateFields />
    </ScheduleForm>
  );
}

/** /schedules/date/{id} */
export function DateScheduleEdit() {
  const { id } = useParams();
  const saved = useScheduleSaved();
  return (
    <Edit resource="dateSchedules" id={id} mutationMode="pessimistic" redirect={false} transform={toBody} mutationOptions={{ onSuccess: () => saved('updated') }}>
      <DateEditForm />
    </Edit>
  );
}
