import { Box, Typography, useMediaQuery, type Theme } from '@mui/material';
import { DataTable, FilterButton, SimpleList, TopToolbar, useListContext, useLocale, useTranslate } from 'react-admin';
import { formatAmount, formatWireDate } from '../../i18n/format';
import { useBookingFilters } from '../../common/bookings/BookingFilters';
import { bookingCustomerName, bookingPriceSign, resourceNames, totalQuantity, type Booking } from '../../common/bookings/bookingTypes';
import { BulkBookingActions } from './BulkActions';
import { BookingLink, StatusChip } from '../../common/bookings/StatusChip';
import { PagedList } from '../../common/PagedList';
import { SelectionColumn } from '../../engine/lists/SelectionColumn';

type BookingRecord = Booking & { id: number };
const Col = DataTable.Col<BookingRecord>;

function Actions() {
  return (
    <TopToolbar>
      <FilterButton />
    </TopToolbar>
  );
}

/** The bulk actions above the rows: on the selected rows when some are selected, else on everything the filter matches. */
function BulkBar() {
  const { selectedIds } = useListContext();
  return (
    <Box sx={{ px: 1, py: 0.5, borderBottom: 1, borderColor: 'divider' }}>
      {selectedIds.length > 0 ? <BulkBookingActions scope="selected" /> : <BulkBookingActions scope="matching" />}
    </Box>
  );
}

function Empty() {
  const translate = useTranslate();
  return (
    <Box sx={{ p: 3, textAlign: 'center' }}>
      <Typography>{translate('custom.bookings.list.empty')}</Typography>
    </Box>
  );
}

const Price = ({ booking }: { booking: Booking }) => {
  const locale = useLocale();
  if (booking.TotalPrice == null) return null;
  return <>{formatAmount(booking.TotalPrice, bookingPriceSign(booking), locale)}</>;
};

/**
 * The bookings: filters (status, service, customer, resource, dates, created dates, free search), every
 * column sortable, 25 a page; status as coloured chips; bulk actions on the selection (when rows are
 * selected) or on everything the filter matches. Inside the /bookings tabs its filters stay out of the URL.
 */
export function BookingList() {
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const locale = useLocale();
  const translate = useTranslate();
  const date = (value: string | null | undefined) => (value ? formatWireDate(value, locale) : '');
  const cellDate = (value: string | null | undefined) => (
    <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
      {date(value)}
    </Box>
  );
  return (
    <PagedList
      resource="bookings"
      sort={{ field: 'From', order: 'DESC' }}
      filters={useBookingFilters()}
      actions={<Actions />}
      empty={false}
      disableSyncWithLocation
      storeKey="bookings.list"
      title=" "
      sx={{ '& .RaList-content': { overflowX: 'auto' }, '& .RaList-main': { minWidth: 0 } }}
    >
      <BulkBar />
      {small ? (
        <SimpleList<BookingRecord>
          linkType={(record) => `/bookings/${record.Id}`}
          primaryText={(b) => `${date(b.From)} · ${b.ServiceName ?? ''}`}
          secondaryText={(b) => [bookingCustomerName(b), resourceNames(b)].filter(Boolean).join(' · ')}
          tertiaryText={(b) => <StatusChip statusId={b.StatusId} fallbackName={b.StatusName} />}
          empty={<Empty />}
        />
      ) : (
        <DataTable rowClick={(id) => `/bookings/${id}`} bulkActionButtons={false} empty={<Empty />} sx={{ '& .MuiTableCell-root': { px: 1 } }}>
          <SelectionColumn<BookingRecord> label={(b) => translate('custom.bookings.list.select', { id: b.Id })} />
          <Col source="Id" label="resources.bookings.fields.Id" render={(b) => <BookingLink id={b.Id} />} />
          <Col source="From" label="resources.bookings.fields.From" render={(b) => cellDate(b.From)} />
          <Col source="ServiceName" label="resources.bookings.fields.ServiceName" />
          <Col source="CustomerName" label="resources.bookings.fields.CustomerName" render={(b) => bookingCustomerName(b)} />
          <Col source="ResourceName" label="resources.bookings.fields.Resources" render={(b) => resourceNames(b)} />
          <Col source="Spots" label="resources.bookings.fields.Quantity" render={(b) => totalQuantity(b)} />
          <Col source="TotalPrice" label="resources.bookings.fields.TotalPrice" render={(b) => <Price booking={b} />} />
          <Col source="StatusId" label="resources.bookings.fields.StatusId" render={(b) => <StatusChip statusId={b.StatusId} fallbackName={b.StatusName} />} />
          <Col source="CreatedDate" label="resources.bookings.fields.CreatedDate" render={(b) => date(b.CreatedDate)} />
        </DataTable>
      )}
    </PagedList>
  );
}
