import type { PageEntry } from '../../common/registry';

/** A booking's page, /bookings/{id} (the list and its tabs are the bookings entity's, src/resources/bookings). */
export const bookingPages: PageEntry[] = [{ path: '/bookings/:id', load: () => import('./BookingPage') }];
