import type { PageEntry } from '../../common/registry';

/** The new-booking page; the same widget is the book tab of /bookings (the embed `newBookingWidget`). */
export const newBookingPages: PageEntry[] = [{ path: '/bookings-new', load: () => import('./NewBookingPage') }];
