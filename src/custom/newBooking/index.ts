import { createElement, lazy, Suspense, type ReactElement } from 'react';
import { Loading } from 'react-admin';
import type { CustomPage } from '../../shell/menuTypes';

export { LazyNewBookingWidget } from './LazyNewBookingWidget';
export type { NewBookingWidgetProps } from './NewBookingWidget';

const NewBookingPage = lazy(() => import('./NewBookingPage'));

const page = (element: ReactElement): ReactElement => createElement(Suspense, { fallback: createElement(Loading) }, element);

/** The new-booking page (/bookings-new); its code loads on first visit. */
export const newBookingPages: CustomPage[] = [{ path: '/bookings-new', element: page(createElement(NewBookingPage)) }];
