import type { ReactElement } from 'react';
import { AutocompleteArrayInput, AutocompleteInput, ReferenceArrayInput, ReferenceInput, SearchInput, SelectArrayInput, useTranslate } from 'react-admin';
import { PickerInput } from '../inputs/DateTimeInputs';
import { useBookingStatuses } from './useBookingStatuses';

/**
 * The filters of the bookings list and report: free search, status, service, customer, resource, the
 * booking's date range and its created dates.
 * @example <List filters={useBookingFilters()} />
 */
export function useBookingFilters(): ReactElement[] {
  const translate = useTranslate();
  const { statuses } = useBookingStatuses();
  const choices = statuses.map((s) => ({ id: s.Id, name: s.Name }));
  return [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('custom.bookings.filters.search')} aria-label={translate('custom.bookings.filters.search')} />,
    <SelectArrayInput key="status" source="StatusIds" label="custom.bookings.filters.status" choices={choices} translateChoice={false} alwaysOn sx={{ minWidth: 180 }} />,
    <ReferenceArrayInput key="service" source="ServiceIds" reference="services" alwaysOn>
      <AutocompleteArrayInput label="custom.bookings.filters.service" filterToQuery={(q: string) => ({ q })} sx={{ minWidth: 200 }} />
    </ReferenceArrayInput>,
    <ReferenceInput key="customer" source="CustomerId" reference="customers" alwaysOn>
      <AutocompleteInput label="custom.bookings.filters.customer" filterToQuery={(q: string) => ({ q })} sx={{ minWidth: 200 }} />
    </ReferenceInput>,
    // The label names the filter in the add-filter menu too (not the field's plural "Resources").
    <ReferenceArrayInput key="resource" source="ResourceIds" reference="resources" label="custom.bookings.filters.resource">
      <AutocompleteArrayInput label="custom.bookings.filters.resource" filterToQuery={(q: string) => ({ q })} sx={{ minWidth: 200 }} />
    </ReferenceArrayInput>,
    <PickerInput kind="date" key="start" source="BookingStart" label="custom.bookings.filters.from" alwaysOn />,
    <PickerInput kind="date" key="end" source="BookingEnd" label="custom.bookings.filters.to" alwaysOn />,
    <PickerInput kind="date" key="createdFrom" source="CreatedFrom" label="custom.bookings.filters.createdFrom" />,
    <PickerInput kind="date" key="createdTo" source="CreatedTo" label="custom.bookings.filters.createdTo" />,
  ];
}
