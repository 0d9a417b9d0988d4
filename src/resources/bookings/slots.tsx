import { Alert } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Embed, useHasEmbed } from '../../common/embeds';

/** The report tab: the report page's view (src/custom/bookingsReport), loaded on first visit. */
export function ReportSlot() {
  return <Embed name="bookingsReport" embedded />;
}

/** The book tab: the new-booking widget (src/custom/newBooking), or a note while there is none. */
export function NewBookingSlot() {
  const translate = useTranslate();
  if (!useHasEmbed('newBookingWidget')) return <Alert severity="info">{translate('custom.bookings.widgetComing')}</Alert>;
  return <Embed name="newBookingWidget" />;
}
