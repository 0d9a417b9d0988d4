import { lazy, Suspense } from 'react';
import { LinearProgress } from '@mui/material';
import type { NewBookingWidgetProps } from './NewBookingWidget';

const NewBookingWidget = lazy(() => import('./NewBookingWidget').then((m) => ({ default: m.NewBookingWidget })));

/**
 * The new-booking widget, loaded on first use: what the book tab of /bookings mounts.
 * @example
 * <LazyNewBookingWidget headingLevel="h3" />
 */
export function LazyNewBookingWidget(props: NewBookingWidgetProps) {
  return (
    <Suspense fallback={<LinearProgress />}>
      <NewBookingWidget {...props} />
    </Suspense>
  );
}
