import { Box, Typography, useMediaQuery, type Theme } from '@mui/material';
import { DataTable, NumberInput, useListContext, useLocale, useTranslate } from 'react-admin';
import { currencySign, formatWireDate } from '../../i18n/format';
import { useCompany } from '../../common/useCompany';
import type { BookingLogEntry } from '../../common/bookings/bookingTypes';
import { LogActor, LogChanges, LogEntryList, LogEvent } from '../../common/bookings/LogCells';
import { BookingLink } from '../../common/bookings/StatusChip';
import { PickerInput } from '../../common/inputs/DateTimeInputs';
import { LogList } from '../../common/LogList';

type LogRecord = BookingLogEntry & { id: number };
const Col = DataTable.Col<LogRecord>;

const filters = [
  <NumberInput key="booking" source="BookingId" label="custom.bookings.log.bookingId" alwaysOn min={1} />,
  <PickerInput kind="date" key="from" source="CreatedFrom" label="custom.bookings.filters.createdFrom" alwaysOn />,
  <PickerInput kind="date" key="to" source="CreatedTo" label="custom.bookings.filters.createdTo" alwaysOn />,
];

/** A phone's view of the page: stacked entries, each linking to its booking's log. */
function PhoneEntries({ label, priceSign }: { label: string; priceSign: string }) {
  const { data, isPending } = useListContext<LogRecord>();
  const translate = useTranslate();
  if (isPending) return null;
  if (!data?.length) return <Typography sx={{ p: 2 }}>{translate('ra.navigation.no_results')}</Typography>;
  return <LogEntryList entries={data ?? []} label={label} priceSign={priceSign} link={(e) => `/bookings/${e.BookingId}#log`} />;
}

/** Every change of every booking, newest first, filterable by booking and date: who, when, what (before → after). */
export function BookingLogList() {
  const locale = useLocale();
  const translate = useTranslate();
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const label = translate('custom.bookings.tabs.booking-log');
  // Amounts in the company's currency (a log entry does not carry its booking's sign).
  const { company } = useCompany();
  const priceSign = company ? currencySign(company.CurrencyId) : '';
  return (
    <LogList resource="booking-log" storeKey="bookings.log" filters={filters}>
      {small ? (
        <PhoneEntries label={label} priceSign={priceSign} />
      ) : (
        <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={label}>
          <DataTable bulkActionButtons={false} rowClick={(_id, _resource, record) => `/bookings/${(record as LogRecord).BookingId}#log`}>
            <Col source="Created" label="custom.bookings.log.when" render={(e) => formatWireDate(e.Created, locale)} />
            <Col source="BookingId" label="custom.bookings.log.bookingId" render={(e) => <BookingLink id={e.BookingId} />} />
            <Col source="EventType" label="custom.bookings.log.event" render={(e) => <LogEvent entry={e} />} />
            <Col source="ChangedByName" label="custom.bookings.log.by" render={(e) => <LogActor entry={e} />} />
            <Col source="Changes" label="custom.bookings.log.changes" disableSort render={(e) => <LogChanges entry={e} priceSign={priceSign} />} />
          </DataTable>
        </Box>
      )}
    </LogList>
  );
}
