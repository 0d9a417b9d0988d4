import { withViews } from '../../engine/define';
import { BookingsPage } from './BookingsPage';
import { bookings } from './index';

/** The /bookings tabs page as the resource's list screen. */
export const bookingsDeclaration = withViews(bookings, { list: BookingsPage, create: false, edit: false });
