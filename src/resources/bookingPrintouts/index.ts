import PrintIcon from '@mui/icons-material/Print';
import type { BookingPrintout } from '../../../schema/printouts';
import { plainEntity } from '../../engine/define';
import type { LazyResource, WireRecord } from '../../engine/types';

/** Booking printouts: /booking-printout, /booking-printout/new, /booking-printout/{id}. */
export const bookingPrintoutsMeta: LazyResource<WireRecord<BookingPrintout>> = plainEntity('booking-printout', '/reports/booking/printout', {
  group: 'settings',
  icon: PrintIcon,
  load: () => import('./declaration').then((m) => m.bookingPrintouts),
});
