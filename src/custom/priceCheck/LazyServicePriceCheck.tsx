import { lazy, Suspense } from 'react';
import { LinearProgress } from '@mui/material';

const ServicePriceCheck = lazy(() => import('./ServicePriceCheck').then((m) => ({ default: m.ServicePriceCheck })));

/** The service's price check tab, loaded on first visit. */
export function LazyServicePriceCheck() {
  return (
    <Suspense fallback={<LinearProgress />}>
      <ServicePriceCheck />
    </Suspense>
  );
}
