import { NewBookingWidget } from './NewBookingWidget';

/** The book tab of /bookings: the new-booking widget under the page's own heading (default export, for a lazy embed). */
export default function NewBookingTab() {
  return <NewBookingWidget headingLevel="h3" />;
}
