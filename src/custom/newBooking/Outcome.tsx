import { Alert, AlertTitle, Box, Typography } from '@mui/material';
import { Link, useLocale, useTranslate } from 'react-admin';
import { BOOKING_STATUS } from '../../common/bookings/bookingTypes';
import { formatRange } from './calendar';
import type { Booking, RepeatBookingFailure } from './types';

/**
 * The answer of POST /bookings/repeat when not every time was booked: nothing made (an error, each
 * refused time with its reason), or part of a series made (a warning with the refused times and
 * reasons, and links to the bookings made, saying when they are reserved and await approval).
 */
export function Outcome({ created, failed }: { created: Booking[]; failed: RepeatBookingFailure[] }) {
  const translate = useTranslate();
  const locale = useLocale();
  const refused = failed.length ? (
    <Box component="ul" sx={{ m: 0, pl: 2.5 }} data-testid="refused-times">
      {failed.map((f) => (
        <li key={`${f.From}|${f.To}`}>
          {formatRange(f.From, f.To, locale)}: {f.Reason}
        </li>
      ))}
    </Box>
  ) : null;
  if (!created.length) {
    return (
      <Alert severity="error" role="alert">
        <AlertTitle>{translate('newBookingForm.notBooked')}</AlertTitle>
        {refused}
      </Alert>
    );
  }
  const reserved = created.filter((b) => b.StatusId === BOOKING_STATUS.Reserved).length;
  return (
    <Alert severity="warning" role="alert">
      <AlertTitle>{translate('newBookingForm.partlyBooked', { smart_count: created.length, total: created.length + failed.length })}</AlertTitle>
      <Typography variant="body2" component="p" sx={{ mt: 1, fontWeight: 600 }}>
        {translate('newBookingForm.notBookedTimes', { smart_count: failed.length })}
      </Typography>
      {refused}
      <Typography variant="body2" component="p" sx={{ mt: 1, fontWeight: 600 }}>
        {translate(reserved === created.length ? 'newBookingForm.createdReserved' : 'newBookingForm.created', { smart_count: created.length })}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }} data-testid="created-bookings">
        {created.map((b) => (
          <li key={b.Id}>
            <Link to={`/bookings/${b.Id}`}>{formatRange(b.From, b.To, locale)}</Link>
            {b.StatusId === BOOKING_STATUS.Reserved && reserved !== created.length ? ` (${translate('newBookingForm.reservedShort')})` : null}
          </li>
        ))}
      </Box>
    </Alert>
  );
}
