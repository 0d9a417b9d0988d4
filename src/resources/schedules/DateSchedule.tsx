import { ArrayInput, required, SimpleFormIterator } from 'react-admin';
import { PickerInput } from '../../common/inputs/DateTimeInputs';
import type { FieldValues } from 'react-hook-form';
import type { DateSchedule as DateScheduleRecord } from '../../../schema/availability';
import { TimeIntervalInput } from './inputs';
import { FormPart, ScheduleConnectionsPart, ScheduleCreate, ScheduleEdit, ScheduleGeneralPart } from './scheduleForm';
import { ScheduleTestPanel } from './ScheduleTestPanel';
import { dateToBody, dateToForm, NEW_DATE_SCHEDULE, type DateFormValues } from './scheduleValues';

const L = (field: string) => `resources.schedules.fields.${field}`;
const toBody = (values: FieldValues) => dateToBody(values as DateFormValues);

function DateTimeText({ source, label }: { source: string; label: string }) {
  return <PickerInput kind="datetime" source={source} label={label} validate={required()} />;
}

function DateFields() {
  return (
    <>
      <ScheduleGeneralPart />
      <FormPart title="resources.schedules.sections.dates">
        <ArrayInput source="ScheduleDates" label={false} className="full" helperText="resources.schedules.help.ScheduleDates">
          <SimpleFormIterator inline disableReordering>
            <DateTimeText source="From" label={L('From')} />
            <DateTimeText source="To" label={L('To')} />
          </SimpleFormIterator>
        </ArrayInput>
        <TimeIntervalInput label={L('TimeInterval')} />
      </FormPart>
      <ScheduleConnectionsPart />
      <ScheduleTestPanel path="/schedules/date/test" toBody={toBody} />
    </>
  );
}

/** /schedules/date/new */
export function DateScheduleCreate() {
  return (
    <ScheduleCreate resource="dateSchedules" title="resources.schedules.dateNew" values={NEW_DATE_SCHEDULE} transform={toBody}>
      <DateFields />
    </ScheduleCreate>
  );
}

/** /schedules/date/{id} */
export function DateScheduleEdit() {
  return (
    <ScheduleEdit<DateScheduleRecord> resource="dateSchedules" toForm={dateToForm} transform={toBody}>
      <DateFields />
    </ScheduleEdit>
  );
}
