import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import ReceiptIcon from '@mui/icons-material/ReceiptLong';
import type { PageEntry } from '../../common/registry';

/**
 * Promo codes and value cards (three tabs), and its two reports on their own. Whoever may read the
 * reports but not the codes (the Accountant) finds the transactions report in the sidebar.
 */
export const promoCodesPages: PageEntry[] = [
  {
    path: '/promo-codes-value-cards',
    load: () => import('./PromoCodesPage'),
    menu: { group: 'services', label: 'shell.screens.promoCodes', icon: LocalOfferIcon },
  },
  {
    path: '/promo-codes-transactions-report',
    load: () => import('./PromoCodesPage').then((m) => ({ default: m.PromoCodeTransactionsPage })),
    menu: { group: 'services', label: 'custom.promoCodes.tabs.transactionsReport', icon: ReceiptIcon, unlessArea: 'promoCodes' },
  },
  { path: '/promo-codes-usages', load: () => import('./PromoCodesPage').then((m) => ({ default: m.PromoCodeUsagesPage })) },
];
