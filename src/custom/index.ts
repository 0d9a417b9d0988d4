import { createElement, lazy, Suspense, type ComponentType, type ReactElement } from 'react';
import { Loading } from 'react-admin';
import BusinessIcon from '@mui/icons-material/Business';
import TuneIcon from '@mui/icons-material/Tune';
import type { CustomPage } from '../shell/menuTypes';
import { schedulingPages } from './scheduling';

const CompanyPage = lazy(() => import('./company/CompanyPage'));
const ChangePasswordPage = lazy(() => import('./account/ChangePasswordPage'));
const AccountPage = lazy(() => import('./account/AccountPage'));
const DashboardPage = lazy(() => import('./dashboard/DashboardPage'));
const BookingPage = lazy(() => import('./bookingPage/BookingPage'));
const BookingsReport = lazy(() => import('./bookingsReport/BookingsReport'));
const BookingSettingsPage = lazy(() => import('./bookingSettings/BookingSettingsPage'));
const PromoCodesPage = lazy(() => import('./promoCodes/PromoCodesPage'));
const PromoCodeUsagesPage = lazy(() => import('./promoCodes/PromoCodesPage').then((m) => ({ default: m.PromoCodeUsagesPage })));
const PromoCodeTransactionsPage = lazy(() => import('./promoCodes/PromoCodesPage').then((m) => ({ default: m.PromoCodeTransactionsPage })));

const page = (component: ComponentType): ReactElement => createElement(Suspense, { fallback: createElement(Loading) }, createElement(component));

/** The hand-built pages, registered by App.tsx under `<CustomRoutes>`; each loads on first visit. */
export const customPages: CustomPage[] = [
  { path: '/dashboard', element: page(DashboardPage) },
  { path: '/licenses', element: page(DashboardPage) },
  { path: '/company', element: page(CompanyPage), group: 'company', label: 'custom.company.menu', icon: BusinessIcon },
  { path: '/account', element: page(AccountPage) },
  { path: '/change-password', element: page(ChangePasswordPage) },
  { path: '/promo-codes-value-cards', element: page(PromoCodesPage) },
  { path: '/promo-codes-usages', element: page(PromoCodeUsagesPage) },
  { path: '/promo-codes-transactions-report', element: page(PromoCodeTransactionsPage) },
  { path: '/bookings/:id', element: page(BookingPage) },
  { path: '/bookings-report', element: page(BookingsReport) },
  { path: '/booking-settings', element: page(BookingSettingsPage), group: 'settings', label: 'custom.bookingSettings.title', icon: TuneIcon },
  ...schedulingPages,
];
