import AccountIcon from '@mui/icons-material/AccountBalanceOutlined';
import ReceiptIcon from '@mui/icons-material/ReceiptLongOutlined';
import type { PageEntry } from '../../common/registry';

/**
 * Accounting (issue 35): /eaccounting/settings (authenticate with Visma eAccounting, settings),
 * /eaccounting/service-price-mappings and /eaccounting/articles (each price's article), and
 * /eaccounting, where the provider sends the authentication window back. The Invoice actions of the
 * booking page and the bookings list come through src/common/embeds.tsx.
 */
export const eaccountingPages: PageEntry[] = [
  { path: '/eaccounting/settings', load: () => import('./EAccountingSettingsPage'), menu: { group: 'settings', label: 'custom.eaccounting.menuSettings', icon: AccountIcon } },
  { path: '/eaccounting/service-price-mappings', load: () => import('./PriceMappingsPage'), menu: { group: 'settings', label: 'custom.eaccounting.menuMappings', icon: ReceiptIcon } },
  { path: '/eaccounting/articles', load: () => import('./PriceMappingsPage') },
  { path: '/eaccounting', load: () => import('./EAccountingCallbackPage') },
];
