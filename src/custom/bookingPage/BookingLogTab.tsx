import { useQuery } from '@tanstack/react-query';
import { Alert, useMediaQuery, type Theme, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { Loading, useLocale, useTranslate } from 'react-admin';
import { fetchBookingLog } from '../../common/bookings/bookingApi';
import { LogActor, LogChanges, LogEntryList, LogEvent } from '../../common/bookings/LogCells';
import { formatWireDate } from '../../i18n/format';
import { apiErrorInfo, useApi } from '../../common/api';

/** The booking's log (GET /bookinglog?BookingId=…): when, what, by whom, and each change before → after. */
export function BookingLogTab({ bookingId, priceSign }: { bookingId: number; priceSign?: string }) {
  const api = useApi();
  const translate = useTranslate();
  const locale = useLocale();
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const { data, isPending, error } = useQuery({ queryKey: ['booking', bookingId, 'log'], queryFn: () => fetchBookingLog(api, bookingId) });
  if (isPending) return <Loading />;
  if (error) return <Alert severity="error">{apiErrorInfo(error).message}</Alert>;
  if (!data.length) return <Typography>{translate('custom.bookings.log.empty')}</Typography>;
  if (small) return <LogEntryList entries={data} priceSign={priceSign} label={translate('custom.bookings.page.tabs.log')} />;
  return (
    <TableContainer tabIndex={0} role="region" aria-label={translate('custom.bookings.page.tabs.log')}>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{translate('custom.bookings.log.when')}</TableCell>
            <TableCell>{translate('custom.bookings.log.event')}</TableCell>
            <TableCell>{translate('custom.bookings.log.by')}</TableCell>
            <TableCell>{translate('custom.bookings.log.changes')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {data.map((entry) => (
            <TableRow key={entry.Id} data-testid="booking-log-row">
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatWireDate(entry.Created, locale)}</TableCell>
              <TableCell>
                <LogEvent entry={entry} />
              </TableCell>
              <TableCell>
                <LogActor entry={entry} />
              </TableCell>
              <TableCell>
                <LogChanges entry={entry} priceSign={priceSign} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
