import EventNoteIcon from '@mui/icons-material/EventNote';
import type { Booking } from '../../common/bookings/bookingTypes';
import type { LazyResource, ResourceDeclaration, WireRecord } from '../../engine/types';

/**
 * Bookings: /bookings with its tabs (book, bookings, queue, report, log). A booking's own page
 * (/bookings/{id}), the report and the settings are pages of src/custom.
 */
export const bookings: LazyResource<WireRecord<Booking>> = {
  name: 'bookings',
  api: { path: '/bookings', manyIdsParam: 'Id' },
  group: 'top',
  icon: EventNoteIcon,
  area: 'bookings',
  recordRepresentation: (b) => `#${b.Id} ${b.ServiceName ?? ''}`.trim(),
  screens: { list: true, create: false, edit: false },
  load: () => import('./declaration').then((m) => m.bookingsDeclaration),
};

/** The booking log (GET /bookinglog); data only, shown by the log tab and the booking page. */
export const bookingLog: ResourceDeclaration = {
  name: 'booking-log',
  api: { path: '/bookinglog' },
  group: null,
};

/** Customers waiting in a service's queue (GET /bookinguserqueue); data only, shown by the queue tab. */
export const bookingQueue: ResourceDeclaration = {
  name: 'booking-queue',
  api: { path: '/bookinguserqueue' },
  group: null,
};
