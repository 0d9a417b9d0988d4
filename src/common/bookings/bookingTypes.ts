/**
 * The booking shapes of the contract (schema/bookings.ts) and small readings of them the screens share.
 */
import type { Booking, BookingCustomer } from '../../../schema/bookings';

export type {
  AvailableBookingResource,
  Booking,
  BookingCustomer,
  BookingLogEntry,
  BookingPayment,
  BookingSettings,
  BookingSettingsInput,
  BookingStatus,
  BookingBulkResponse,
  BookingReportOption,
  BookingUserQueueEntry,
} from '../../../schema/bookings';

/** Booking status ids of the contract (the domain's rules name them). */
export { STATUS as BOOKING_STATUS } from '../../../domain/bookings/statuses';

/** "Firstname Lastname", or the e-mail when the name is empty. */
export const customerName = (c: Pick<BookingCustomer, 'Firstname' | 'Lastname' | 'Email'> | null | undefined): string =>
  c ? `${c.Firstname ?? ''} ${c.Lastname ?? ''}`.trim() || (c.Email ?? '') : '';

/** The booking's customer as a name. */
export const bookingCustomerName = (b: Pick<Booking, 'Customer' | 'CustomerName'>): string => b.CustomerName || customerName(b.Customer);

/** The resource names of a booking, joined. */
export const resourceNames = (b: Pick<Booking, 'Resources' | 'BookedResourceTypes'>): string =>
  b.Resources?.length ? b.Resources.map((r) => r.ResourceName).join(', ') : (b.BookedResourceTypes ?? []).flatMap((t) => t.Resources.map((r) => r.Name)).join(', ');

/** How many the booking is for: its spots, else the sum of its quantities. */
export const totalQuantity = (b: Pick<Booking, 'Quantities' | 'Spots'>): number => b.Spots ?? (b.Quantities ?? []).reduce((n, q) => n + q.Quantity, 0);

/** The currency sign of a booking's amounts: its own, else that of its first quantity line. */
export const bookingPriceSign = (b: Pick<Booking, 'PriceSign' | 'Quantities'>): string => b.PriceSign ?? b.Quantities?.[0]?.PriceSign ?? '';
