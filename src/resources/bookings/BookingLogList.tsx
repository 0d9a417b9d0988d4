import { Box } from '@mui/material';
import { DataTable, List, NumberInput, useLocale, useTranslate } from 'react-admin';
import { formatWireDate } from '../../i18n/format';
import type { BookingLogEntry } from '../../common/bookings/bookingTypes';
import { LogActor, LogChanges, LogEvent } from '../../common/bookings/LogCells';
import { PickerInput } from '../../common/inputs/DateTimeInputs';

type LogRecord = BookingLogEntry & { id: number };
const Col = DataTable.Col<LogRecord>;

const filters = [
  <NumberInput key="booking" source="BookingId" label="custom.bookings.log.bookingId" alwaysOn min={1} />,
  <PickerInput kind="date" key="from" source="CreatedFrom" label="custom.bookings.filters.createdFrom" alwaysOn />,
  <PickerInput kind="date" key="to" source="CreatedTo" label="custom.bookings.filters.createdTo" alwaysOn />,
];

/** Every change of every booking, newest first, filterable by booking and date: who, when, what (before → after). */
export function BookingLogList() {
  const locale = useLocale();
  const translate = useTranslate();
  return (
    <List
      resource="booking-log"
      sort={{ field: 'Created', order: 'DESC' }}
      perPage={25}
      debounce={500}
      filters={filters}
      actions={false}
      disableSyncWithLocation
      storeKey="bookings.log"
      title=" "
      empty={false}
    >
      <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={translate('custom.bookings.tabs.booking-log')}>
        <DataTable bulkActionButtons={false} rowClick={(_id, _resource, record) => `/bookings/${(record as LogRecord).BookingId}#log`}>
          <Col source="Created" label="custom.bookings.log.when" render={(e) => formatWireDate(e.Created, locale)} />
          <Col source="BookingId" label="custom.bookings.log.bookingId" />
          <Col source="EventType" label="custom.bookings.log.event" render={(e) => <LogEvent entry={e} />} />
          <Col source="ChangedByName" label="custom.bookings.log.by" render={(e) => <LogActor entry={e} />} />
          <Col source="Changes" label="custom.bookings.log.changes" disableSort render={(e) => <LogChanges entry={e} />} />
        </DataTable>
      </Box>
    </List>
  );
}
