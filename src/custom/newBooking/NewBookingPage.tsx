import { PageHeading } from '../../common/PageHeading';
import { NewBookingWidget } from './NewBookingWidget';

/** /bookings-new: the new-booking widget on a page of its own. */
export default function NewBookingPage() {
  return (
    <>
      <PageHeading title="newBookingForm.title" />
      <NewBookingWidget headingLevel="h3" />
    </>
  );
}
