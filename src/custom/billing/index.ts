import type { PageEntry } from '../../common/registry';

/** The billing pages of the card registration flow and the billing settings. */
export const billingPages: PageEntry[] = [
  { path: '/billing/add-credit-card', load: () => import('./AddCreditCardPage') },
  { path: '/billing/callback', load: () => import('./BillingResultPages').then((m) => ({ default: m.BillingCallbackPage })) },
  { path: '/billing/accept', load: () => import('./BillingResultPages').then((m) => ({ default: m.BillingAcceptPage })) },
  { path: '/billing/cancel', load: () => import('./BillingResultPages').then((m) => ({ default: m.BillingCancelPage })) },
  { path: '/billing/settings', load: () => import('./BillingSettingsPage') },
];
