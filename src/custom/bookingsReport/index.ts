import type { PageEntry } from '../../common/registry';

/** The bookings report on its own, /bookings-report (also the report tab of /bookings, through the `bookingsReport` embed). */
export const bookingsReportPages: PageEntry[] = [{ path: '/bookings-report', load: () => import('./BookingsReport') }];
