import PrintIcon from '@mui/icons-material/Print';
import type { BookingPrintout } from '../../../schema/printouts';
import type { LazyResource, WireRecord } from '../engine/types';

/** Booking printouts: /booking-printout, /booking-printout/new, /booking-printout/{id}. */
export const bookingPrintoutsMeta: LazyResource<WireRecord<BookingPrintout>> = {
  name: 'booking-printout',
  api: { path: '/reports/booking/printout', manyIdsParam: 'Id' },
  group: 'settings',
  icon: PrintIcon,
  recordRepresentation: 'Name',
  load: () => import('./declaration').then((m) => m.bookingPrintouts),
};
