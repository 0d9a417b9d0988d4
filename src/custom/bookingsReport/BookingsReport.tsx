import { Box, Stack } from '@mui/material';
import { DataTable, FilterButton, TopToolbar, useListContext, useLocale, useTranslate } from 'react-admin';
import { formatAmount, formatWireDate } from '../../i18n/format';
import { bookingFilterOf } from '../../common/bookings/bookingApi';
import { useBookingFilters } from '../../common/bookings/BookingFilters';
import { bookingCustomerName, bookingPriceSign, resourceNames, totalQuantity, type Booking } from '../../common/bookings/bookingTypes';
import { BookingLink, StatusChip } from '../../common/bookings/StatusChip';
import { ExportButtons, ExportProgress, useBookingExport } from '../../common/bookings/useBookingExport';
import { PageHeading } from '../../common/PageHeading';
import { PagedList } from '../../common/PagedList';

type BookingRecord = Booking & { id: number };
const Col = DataTable.Col<BookingRecord>;

/**
 * The add-filter button (resource, created dates) and the export buttons, wrapped onto more lines
 * rather than pushed past the screen's edge; the export's progress on a line of its own while it runs.
 */
function Actions() {
  const { filterValues, total } = useListContext<BookingRecord>();
  const exporter = useBookingExport();
  return (
    <TopToolbar sx={{ flexWrap: 'wrap', alignItems: 'center', minWidth: 0, maxWidth: '100%' }}>
      <FilterButton />
      <ExportButtons state={exporter} source={() => ({ filter: bookingFilterOf(filterValues), total: total ?? 0 })} disabled={!total} />
      {exporter.busy && (
        <Box sx={{ flexBasis: '100%' }}>
          <ExportProgress state={exporter} />
        </Box>
      )}
    </TopToolbar>
  );
}

/**
 * The bookings report: the list's filters (with its add-filter button for the resource and created
 * dates), the matching bookings, and their export to Excel or CSV (pages of 300, a please-wait message
 * over 300 and a progress bar; headers in the user's language, dates in the company's local time).
 * The page never scrolls sideways: the toolbar wraps and the table scrolls inside its own region.
 * `embedded` is the /bookings tab.
 */
export default function BookingsReport({ embedded = false }: { embedded?: boolean }) {
  const locale = useLocale();
  const translate = useTranslate();
  const date = (value: string | null | undefined) => (value ? formatWireDate(value, locale) : '');
  return (
    <Stack sx={{ contain: 'inline-size' }}>
      {!embedded && <PageHeading title="custom.bookings.tabs.bookings-report" />}
      <PagedList
        resource="bookings"
        sort={{ field: 'From', order: 'ASC' }}
        filters={useBookingFilters()}
        actions={<Actions />}
        disableSyncWithLocation
        storeKey="bookings.report"
        title={false}
        empty={false}
        sx={{ '& .RaList-main': { minWidth: 0 } }}
      >
        <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={translate('custom.bookings.tabs.bookings-report')}>
          <DataTable bulkActionButtons={false} rowClick={(id) => `/bookings/${id}`}>
            <Col source="Id" label="resources.bookings.fields.Id" render={(b) => <BookingLink id={b.Id} />} />
            <Col source="From" label="resources.bookings.fields.From" render={(b) => <Box component="span" sx={{ whiteSpace: 'nowrap' }}>{date(b.From)}</Box>} />
            <Col source="ServiceName" label="resources.bookings.fields.ServiceName" />
            <Col source="CustomerName" label="resources.bookings.fields.CustomerName" render={(b) => bookingCustomerName(b)} />
            <Col source="Resources" disableSort label="resources.bookings.fields.Resources" render={(b) => resourceNames(b)} />
            <Col source="Spots" label="resources.bookings.fields.Quantity" render={(b) => totalQuantity(b)} />
            <Col
              source="TotalPrice"
              label="resources.bookings.fields.TotalPrice"
              render={(b) => (b.TotalPrice == null ? '' : formatAmount(b.TotalPrice, bookingPriceSign(b), locale))}
            />
            <Col source="StatusId" label="resources.bookings.fields.StatusId" render={(b) => <StatusChip statusId={b.StatusId} fallbackName={b.StatusName} />} />
          </DataTable>
        </Box>
      </PagedList>
    </Stack>
  );
}

BookingsReport.path = '/bookings-report';
