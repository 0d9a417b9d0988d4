import { createContext, Suspense, useContext, type ComponentProps, type ComponentType } from 'react';
import { LinearProgress } from '@mui/material';

/**
 * Views one part of the admin shows inside another (a resource's list on a custom page, a custom
 * page's panel on a resource's form). Resources and custom pages never import each other: they name
 * the view here and src/registry.ts supplies it, loaded on first use.
 */
export interface Embeds {
  /** The administrators list (src/resources/administrators), on the company page. */
  administratorList: ComponentType;
  /** The promo codes list (src/resources/rebatecodes), on the promo codes page's first tab. */
  promoCodeList: ComponentType<{ embedded?: boolean }>;
  /** The price check (src/custom/priceCheck), on the service form's tab. */
  servicePriceCheck: ComponentType;
  /** The bookings report (src/custom/bookingsReport), on the report tab of /bookings. */
  bookingsReport: ComponentType<{ embedded?: boolean }>;
  /** The new-booking widget (src/custom/newBooking), on the book tab of /bookings. */
  newBookingWidget: ComponentType;
  /** The message log (src/custom/messages), on the message-log tab of /bookings. */
  messageLog: ComponentType;
  /** The message templates (src/custom/messages), on the message-templates tab of /bookings. */
  messageTemplates: ComponentType;
  /** The door code of a booking with its resync (src/custom/codelock), on the booking page where a door exists. */
  bookingDoorCode: ComponentType<{ bookingId: number; canceled: boolean }>;
  /** Invoicing a booking through accounting (src/custom/eaccounting), on the booking page. */
  bookingInvoice: ComponentType<{ bookingId: number }>;
  /** Invoicing the selected bookings (src/custom/eaccounting), among the bookings list's bulk actions. */
  bookingsInvoice: ComponentType<{ bookingIds: number[]; onDone?: () => void }>;
}

const EmbedsContext = createContext<Partial<Embeds>>({});

/** Supplies the embedded views; App.tsx (and test harnesses) wrap the admin in it with src/registry.ts's `embeds`. */
export const EmbedsProvider = EmbedsContext.Provider;

/**
 * Renders the view registered under `name`, with a progress bar while it loads; nothing when none is registered.
 * @example
 * <Embed name="administratorList" />
 */
export function Embed<K extends keyof Embeds>({ name, ...props }: { name: K } & ComponentProps<Embeds[K]>) {
  const View = useContext(EmbedsContext)[name] as ComponentType<object> | undefined;
  if (!View) return null;
  return (
    <Suspense fallback={<LinearProgress />}>
      <View {...props} />
    </Suspense>
  );
}
