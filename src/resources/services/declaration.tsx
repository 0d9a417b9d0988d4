import type { Service } from '../../../schema/services';
import { CustomFieldValuesInput } from '../../engine/inputs/CustomFieldValuesInput';
import { ImageInput } from '../../engine/inputs/ImageInput';
import { withViews } from '../../engine/define';
import type { FieldSpec, WireRecord } from '../../engine/types';
import { CopyServiceButton } from './CopyServiceButton';
import { DurationInput, DurationText, FlexibleDurationPreview } from './DurationInput';
import { FlexibleOnly } from './FlexibleOnly';
import { GroupFilter, GroupInput } from './GroupInput';
import { ServicePrices } from './ServicePrices';
import { ServiceScheduling } from './ServiceScheduling';
import { Embed } from '../../common/embeds';
import { servicesMeta } from './index';

type ServiceRecord = WireRecord<Service>;
const flexibleDuration = (source: string): FieldSpec<ServiceRecord> => ({
  input: ({ validate }) => (
    <FlexibleOnly>
      <DurationInput source={source} validate={validate} />
    </FlexibleOnly>
  ),
});

/** The service list, form (custom fields, durations), copy, and the prices and price check tabs. */
export const services = withViews(servicesMeta, {
  schema: 'ServiceInput',
  recordSchema: 'Service',
  fields: {
    ImageUrl: { input: <ImageInput source="ImageUrl" folderType={5} /> },
    Duration: { input: (p) => <DurationInput {...p} />, render: (s) => <DurationText minutes={s.Duration} />, reads: ['Duration'] },
    MinDuration: flexibleDuration('MinDuration'),
    MaxDuration: flexibleDuration('MaxDuration'),
    DurationInterval: flexibleDuration('DurationInterval'),
    Group: { input: (p) => <GroupInput {...p} /> },
  },
  list: {
    columns: ['Name', 'Group', 'Duration', 'Active', 'SortOrder'],
    sort: { field: 'SortOrder', order: 'ASC' },
    bulk: { delete: true, setField: [{ source: 'Active' }] },
    filters: [{ source: 'q', kind: 'search' }, <GroupFilter key="Group" source="Group" alwaysOn />, { source: 'Active', kind: 'boolean', alwaysOn: true }],
  },
  form: {
    sections: [
      { fields: ['ImageUrl', 'Name', 'Description', 'Group', 'Active'] },
      { id: 'customFields', fields: [<CustomFieldValuesInput key="cf" table="Event" />] },
      {
        id: 'duration',
        fields: [
          'DurationTypeId',
          'Duration',
          'MinDuration',
          'MaxDuration',
          'DurationInterval',
          <FlexibleOnly key="preview">
            <FlexibleDurationPreview />
          </FlexibleOnly>,
        ],
      },
      { id: 'order', fields: ['SortOrder'] },
    ],
    defaults: { Active: true, DurationTypeId: 1, Duration: 60, SortOrder: 0 },
    editActions: <CopyServiceButton />,
    editTabs: [
      { id: 'prices', label: 'resources.services.tabs.prices', content: <ServicePrices /> },
      { id: 'scheduling', label: 'resources.services.tabs.scheduling', content: <ServiceScheduling /> },
      { id: 'price-check', label: 'newBookingForm.priceCheck', content: <Embed name="servicePriceCheck" /> },
    ],
  },
});
