import { useQuery } from '@tanstack/react-query';
import { Alert, Box, Card, CardContent, Chip, Stack, Tab, Tabs, Typography } from '@mui/material';
import { Link, Loading, Title, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { fetchBooking } from '../../common/bookings/bookingApi';
import { StatusChip } from '../../common/bookings/StatusChip';
import { bookingPriceSign } from '../../common/bookings/bookingTypes';
import { useHashTab } from '../../shell/useHashTab';
import { apiErrorInfo, useApi } from '../../common/api';
import { Embed } from '../../common/embeds';
import { BookingActions } from './BookingActions';
import { BookingDetails } from './BookingDetails';
import { BookingLogTab } from './BookingLogTab';

const TABS = ['details', 'log'] as const;

/**
 * /bookings/{id}: everything about a booking (time, service, customer, quantities and prices, codes,
 * resources, custom fields, comments, invoice address, status, payment), every action of the spec, and
 * its log (tab #log).
 */
export default function BookingPage() {
  const { id: raw } = useParams();
  const id = Number(raw);
  const api = useApi();
  const translate = useTranslate();
  const [tab, setTab] = useHashTab(TABS);
  const { data: booking, isPending, error } = useQuery({
    queryKey: ['booking', id, 'record'],
    enabled: Number.isInteger(id) && id > 0,
    queryFn: async () => (await fetchBooking(api, id)) ?? null,
  });
  const title = translate('custom.bookings.page.title', { id: raw ?? '' });
  if (isPending && Number.isInteger(id)) return <Loading />;
  return (
    <Box sx={{ contain: 'inline-size' }}>
      <Title title={title} />
      <Stack direction="row" spacing={1} sx={{ mb: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Link to="/bookings#bookings">{translate('custom.bookings.page.back')}</Link>
      </Stack>
      {error ? (
        <Alert severity="error">{apiErrorInfo(error).message}</Alert>
      ) : !booking ? (
        <Alert severity="warning">{translate('custom.bookings.page.notFound')}</Alert>
      ) : (
        <>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
            <Typography variant="h5" component="h2" sx={{ overflowWrap: 'anywhere' }}>
              {`${booking.ServiceName ?? ''} #${booking.Id}`}
            </Typography>
            <Stack direction="row" spacing={1}>
              <StatusChip statusId={booking.StatusId} fallbackName={booking.StatusName} />
              {booking.NoShow && <Chip size="small" color="warning" label={translate('custom.bookings.page.noShow')} />}
            </Stack>
          </Stack>
          <BookingActions booking={booking} />
          <Embed name="bookingDoorCode" bookingId={booking.Id} canceled={booking.StatusId === 2 || booking.StatusId === 4} />
          <Card sx={{ mt: 2 }}>
            <Tabs value={tab} onChange={(_e, next: string) => setTab(next)} aria-label={title} sx={{ borderBottom: 1, borderColor: 'divider' }}>
              {TABS.map((name) => (
                <Tab key={name} value={name} id={`booking-tab-${name}`} aria-controls="booking-tabpanel" label={translate(`custom.bookings.page.tabs.${name}`)} />
              ))}
            </Tabs>
            <CardContent role="tabpanel" id="booking-tabpanel" aria-labelledby={`booking-tab-${tab}`}>
              {tab === 'log' ? <BookingLogTab bookingId={booking.Id} priceSign={bookingPriceSign(booking)} /> : <BookingDetails booking={booking} />}
            </CardContent>
          </Card>
        </>
      )}
    </Box>
  );
}

BookingPage.path = '/bookings/:id';
