import { Embed } from '../../common/embeds';

/** The report tab: the report page's view (src/custom/bookingsReport), loaded on first visit. */
export function ReportSlot() {
  return <Embed name="bookingsReport" embedded />;
}

/** The book tab: the new-booking widget (src/custom/newBooking), loaded on first visit. */
export function NewBookingSlot() {
  return <Embed name="newBookingWidget" />;
}
