import { Box } from '@mui/material';
import { ArrayInput, BooleanInput, Create, DateInput, Edit, FormDataConsumer, minValue, NumberInput, required, SelectInput, SimpleFormIterator, TextInput, useRecordContext, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import type { FieldValues } from 'react-hook-form';
import type { RecurringSchedule as RecurringScheduleRecord } from '../../../schema/availability';
import { DaysOfWeekInput, ScheduleResourcesInput, ScheduleServicesInput, TimeInput, TimeIntervalInput, useDayChoices } from './inputs';
import { FormPart, ScheduleForm, useScheduleSaved } from './scheduleForm';
import { ScheduleTestPanel } from './ScheduleTestPanel';
import { missingFixedTimes, NEW_RECURRING, recurringToBody, recurringToForm, type RecurringFormValues } from './scheduleValues';

const L = (field: string) => `resources.schedules.fields.${field}`;
const emptyToNull = (v: string) => (v === '' ? null : v);
const toBody = (values: FieldValues) => recurringToBody(values as RecurringFormValues);

const refuseWithoutFixedTimes = (values: FieldValues) =>
  missingFixedTimes(values as RecurringFormValues) ? { title: 'schedules.fixedSetTimeTitle', message: 'schedules.fixedSetTimeMessage' } : null;

function FixedTimes() {
  const translate = useTranslate();
  const days = useDayChoices();
  return (
    <FormDataConsumer<{ IsFixedTimes?: boolean }>>
      {({ formData }) =>
        formData.IsFixedTimes ? (
          <ArrayInput source="ScheduleDates" label={L('ScheduleDates')} className="full">
            <SimpleFormIterator inline disableReordering>
              <SelectInput source="DayOfWeekId" label={L('DayOfWeekId')} choices={days} translateChoice={false} emptyText={translate('engine.days.all')} />
              <TimeInput source="StartTime" label={L('StartTime')} validate={required()} />
              <TimeInput source="EndTime" label={L('EndTime')} validate={required()} />
            </SimpleFormIterator>
          </ArrayInput>
        ) : null
      }
    </FormDataConsumer>
  );
}

function RecurringFields() {
  return (
    <>
      <FormPart title="resources.schedules.sections.general">
        <TextInput source="Name" label={L('Name')} validate={required()} />
        <BooleanInput source="Active" label={L('Active')} />
        <TextInput source="Description" label={L('Description')} multiline minRows={2} className="full" />
      </FormPart>
      <FormPart title="resources.schedules.sections.openingHours">
        <Box className="full">
          <DaysOfWeekInput source="DaysOfWeek" label={L('DaysOfWeek')} validate={required()} />
        </Box>
        <TimeInput source="StartTime" label={L('StartTime')} validate={required()} />
        <TimeInput source="EndTime" label={L('EndTime')} validate={required()} />
        <TimeIntervalInput label={L('TimeInterval')} />
        <NumberInput source="NumberOfScheduleDays" label={L('NumberOfScheduleDays')} min={0} step={1} validate={minValue(0)} helperText="resources.schedules.help.NumberOfScheduleDays" />
        <DateInput source="ValidFrom" label={L('ValidFrom')} parse={emptyToNull} />
        <DateInput source="ValidTo" label={L('ValidTo')} parse={emptyToNull} />
        <Box className="full">
          <BooleanInput source="EnableBookingUntilClosingTime" label={L('EnableBookingUntilClosingTime')} helperText="resources.schedules.help.EnableBookingUntilClosingTime" />
        </Box>
      </FormPart>
      <FormPart title="resources.schedules.sections.exceptions">
        <ArrayInput source="Exceptions" label={false} className="full" helperText="resources.schedules.help.Exceptions">
          <SimpleFormIterator inline disableReordering>
            <TimeInput source="StartTime" label={L('StartTime')} validate={required()} />
            <TimeInput source="EndTime" label={L('EndTime')} validate={required()} />
          </SimpleFormIterator>
        </ArrayInput>
      </FormPart>
      <FormPart title="resources.schedules.sections.fixedTimes">
        <Box className="full">
          <BooleanInput source="IsFixedTimes" label={L('IsFixedTimes')} helperText="resources.schedules.help.IsFixedTimes" />
        </Box>
        <FixedTimes />
      </FormPart>
      <FormPart title="resources.schedules.sections.resources">
        <Box className="full">
          <ScheduleResourcesInput />
          <ScheduleServicesInput />
        </Box>
      </FormPart>
      <ScheduleTestPanel path="/schedules/recurring/test" toBody={toBody} />
    </>
  );
}

/** /schedules/recurring/new */
export function RecurringScheduleCreate() {
  const saved = useScheduleSaved();
  return (
    <Create resource="recurringSchedules" title="resources.schedules.recurringNew" redirect={false} transform={toBody} mutationOptions={{ onSuccess: () => saved('created') }}>
      <ScheduleForm values={NEW_RECURRING} canDelete={false} refuse={refuseWithoutFixedTimes}>
        <RecurringFields />
      </ScheduleForm>
    </Create>
  );
}

function RecurringEditForm() {
  const record = useRecordContext<RecurringScheduleRecord & { id: number }>();
  if (!record) return null;
  return (
    <ScheduleForm values={recurringToForm(record)} canDelete refuse={refuseWithoutFixedTimes}>
      <RecurringFields />
    </ScheduleForm>
  );
}

/** /schedules/recurring/{id} */
export function RecurringScheduleEdit() {
  const { id } = useParams();
  const saved = useScheduleSaved();
  return (
    <Edit resource="recurringSchedules" id={id} mutationMode="pessimistic" redirect={false} transform={toBody} mutationOptions={{ onSuccess: () => saved('updated') }}>
      <RecurringEditForm />
    </Edit>
  );
}
