import PaymentsIcon from '@mui/icons-material/PaymentsOutlined';
import type { PageEntry } from '../../common/registry';

/** /payment-settings (tabs general, stripe-api, payson, billmate) in the settings group, and /stripe-auth, the return page of Stripe's connect. */
export const paymentPages: PageEntry[] = [
  { path: '/payment-settings', load: () => import('./PaymentSettingsPage'), menu: { group: 'settings', label: 'custom.payments.menu', icon: PaymentsIcon } },
  { path: '/stripe-auth', load: () => import('./StripeAuthPage') },
];
