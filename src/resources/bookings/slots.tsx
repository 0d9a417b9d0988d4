import { lazy, Suspense } from 'react';
import { Alert } from '@mui/material';
import { Loading, useTranslate } from 'react-admin';

const BookingsReport = lazy(() => import('../../custom/bookingsReport/BookingsReport'));

/** The report tab: the report page's view (src/custom/bookingsReport), loaded on first visit. */
export function ReportSlot() {
  return (
    <Suspense fallback={<Loading />}>
      <BookingsReport embedded />
    </Suspense>
  );
}

/** The book tab: the new-booking widget (src/custom/newBooking) once it exists. */
export function NewBookingSlot() {
  const translate = useTranslate();
  return <Alert severity="info">{translate('custom.bookings.widgetComing')}</Alert>;
}
