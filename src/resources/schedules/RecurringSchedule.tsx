import { Box } from '@mui/material';
import { ArrayInput, BooleanInput, FormDataConsumer, minValue, NumberInput, required, SelectInput, SimpleFormIterator, useTranslate } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import type { RecurringSchedule as RecurringScheduleRecord } from '../../../schema/availability';
import { DaysOfWeekInput, TimeInput, TimeIntervalInput, useDayChoices } from './inputs';
import { FormPart, ScheduleConnectionsPart, ScheduleCreate, ScheduleEdit, ScheduleGeneralPart } from './scheduleForm';
import { ScheduleTestPanel } from './ScheduleTestPanel';
import { PickerInput } from '../../common/inputs/DateTimeInputs';
import { missingFixedTimes, NEW_RECURRING, recurringToBody, recurringToForm, type RecurringFormValues } from './scheduleValues';

const L = (field: string) => `resources.schedules.fields.${field}`;
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
      <ScheduleGeneralPart />
      <FormPart title="resources.schedules.sections.openingHours">
        <Box className="full">
          <DaysOfWeekInput source="DaysOfWeek" label={L('DaysOfWeek')} validate={required()} />
        </Box>
        <TimeInput source="StartTime" label={L('StartTime')} validate={required()} />
        <TimeInput source="EndTime" label={L('EndTime')} validate={required()} />
        <TimeIntervalInput label={L('TimeInterval')} />
        <NumberInput source="NumberOfScheduleDays" label={L('NumberOfScheduleDays')} min={0} step={1} validate={minValue(0)} helperText="resources.schedules.help.NumberOfScheduleDays" />
        <PickerInput kind="date" source="ValidFrom" label={L('ValidFrom')} />
        <PickerInput kind="date" source="ValidTo" label={L('ValidTo')} />
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
      <ScheduleConnectionsPart />
      <ScheduleTestPanel path="/schedules/recurring/test" toBody={toBody} />
    </>
  );
}

/** /schedules/recurring/new */
export function RecurringScheduleCreate() {
  return (
    <ScheduleCreate resource="recurringSchedules" title="resources.schedules.recurringNew" values={NEW_RECURRING} transform={toBody} refuse={refuseWithoutFixedTimes}>
      <RecurringFields />
    </ScheduleCreate>
  );
}

/** /schedules/recurring/{id} */
export function RecurringScheduleEdit() {
  return (
    <ScheduleEdit<RecurringScheduleRecord> resource="recurringSchedules" toForm={recurringToForm} transform={toBody} refuse={refuseWithoutFixedTimes}>
      <RecurringFields />
    </ScheduleEdit>
  );
}
