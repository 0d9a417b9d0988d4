import { Box } from '@mui/material';
import { DataTable, NumberInput, useLocale, useTranslate } from 'react-admin';
import { formatWireDate } from '../../i18n/format';
import type { BookingLogEntry } from '../../common/bookings/bookingTypes';
import { LogActor, LogChanges, LogEvent } from '../../common/bookings/LogCells';
import { PickerInput } from '../../common/inputs/DateTimeInputs';
import { LogList } from '../../common/LogList';

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
    <LogList resource="booking-log" storeKey="bookings.log" filters={filters}>
      <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={translate('custom.bookings.tabs.booking-log')}>
        <DataTable bulkActionButtons={false} rowClick={(_id, _resource, record) => `/bookings/${(record as LogRecord).BookingId}#log`}>
          <Col source="Created" label="custom.bookings.log.when" render={(e) => formatWireDate(e.Created, locale)} />
          <Col source="BookingId" label="custom.bookings.log.bookingId" />
          <Col source="EventType" label="custom.bookings.log.event" render={(e) => <LogEvent entry={e} />} />
          <Col source="ChangedByName" label="custom.bookings.log.by" render={(e) => <LogActor entry={e} />} />
          <Col source="Changes" label="custom.bookings.log.changes" disableSort render={(e) => <LogChanges entry={e} />} />
        </DataTable>
      </Box>
    </LogList>
  );
}
