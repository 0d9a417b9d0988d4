import { useQuery } from '@tanstack/react-query';
import {
  AutocompleteArrayInput,
  BooleanInput,
  CheckboxGroupInput,
  FormDataConsumer,
  ReferenceArrayInput,
  SelectInput,
  useTranslate,
  type Validator,
} from 'react-admin';
import type { QueryResponse } from '../../../schema/common';
import { useApi } from '../../common/api';
import { PickerInput } from '../../common/inputs/DateTimeInputs';
import { DEFAULT_TIME_INTERVAL } from './scheduleValues';

const DAY_IDS = [1, 2, 3, 4, 5, 6, 7] as const;

/** The weekdays 1 = Monday … 7 = Sunday with their translated names. */
export function useDayChoices(short = false): { id: number; name: string }[] {
  const translate = useTranslate();
  return DAY_IDS.map((id) => ({ id, name: translate(`engine.${short ? 'daysShort' : 'days'}.${id}`) }));
}

/** Weekday checkboxes (DayOfWeekId values). */
export function DaysOfWeekInput({ source, label, validate }: { source: string; label?: string; validate?: Validator | Validator[] }) {
  const choices = useDayChoices();
  return <CheckboxGroupInput source={source} label={label} choices={choices} translateChoice={false} validate={validate} />;
}

/** A time of day as HH:mm, with the clock of the app language. */
export function TimeInput({ source, label, validate }: { source: string; label?: string; validate?: Validator | Validator[] }) {
  return <PickerInput kind="time" source={source} label={label} validate={validate} />;
}

interface CodeName {
  Id: number;
  Name: string;
}

/** The slot step, chosen from GET /schedules/recurring/intervals. */
export function TimeIntervalInput({ source = 'TimeInterval', label }: { source?: string; label?: string }) {
  const api = useApi();
  const translate = useTranslate();
  const { data } = useQuery({
    queryKey: ['schedules', 'intervals'],
    queryFn: () => api.call<QueryResponse<CodeName>>('GET', '/schedules/recurring/intervals'),
    staleTime: Infinity,
  });
  const choices = data?.Results?.length
    ? data.Results.map((c) => ({ id: c.Id, name: c.Name }))
    : [{ id: DEFAULT_TIME_INTERVAL, name: translate('resources.schedules.minutes', { count: DEFAULT_TIME_INTERVAL }) }];
  return <SelectInput source={source} label={label} choices={choices} translateChoice={false} />;
}

/** "Valid for all resources", and when off the resources the schedule applies to. */
export function ScheduleResourcesInput() {
  return (
    <>
      <BooleanInput source="validForAllResources" label="resources.schedules.fields.validForAllResources" />
      <FormDataConsumer<{ validForAllResources?: boolean }>>
        {({ formData }) =>
          formData.validForAllResources ? null : (
            <ReferenceArrayInput source="ResourceIds" reference="resources" perPage={100}>
              <AutocompleteArrayInput label="resources.schedules.fields.Resources" optionText="Name" filterToQuery={(q: string) => ({ q })} fullWidth />
            </ReferenceArrayInput>
          )
        }
      </FormDataConsumer>
    </>
  );
}

/** The services that follow the schedule. */
export function ScheduleServicesInput() {
  return (
    <ReferenceArrayInput source="ServiceIds" reference="services" perPage={100}>
      <AutocompleteArrayInput label="resources.schedules.fields.Services" optionText="Name" filterToQuery={(q: string) => ({ q })} fullWidth />
    </ReferenceArrayInput>
  );
}
