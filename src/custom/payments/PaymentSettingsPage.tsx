import { Box } from '@mui/material';
import SettingsIcon from '@mui/icons-material/SettingsOutlined';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import ReceiptIcon from '@mui/icons-material/ReceiptLongOutlined';
import AccountBalanceIcon from '@mui/icons-material/AccountBalanceOutlined';
import { HashTabsCard } from '../../common/HashTabsCard';
import { PageHeading } from '../../common/PageHeading';
import { ApiSettingsTab } from './ApiSettingsTab';
import { GeneralTab } from './GeneralTab';
import { StripeTab } from './StripeTab';

export const PAYMENT_TABS = ['general', 'stripe-api', 'payson', 'billmate'] as const;

const TAB_ICONS = { general: <SettingsIcon />, 'stripe-api': <CreditCardIcon />, payson: <ReceiptIcon />, billmate: <AccountBalanceIcon /> } as const;

/** /payment-settings: what bookings ask customers to pay, and the providers they pay through (URL hash tabs). */
export default function PaymentSettingsPage() {
  return (
    <Box sx={{ contain: 'inline-size' }}>
      <PageHeading title="custom.payments.title" />
      <HashTabsCard id="payments" messages="custom.payments" tabs={PAYMENT_TABS} icons={TAB_ICONS}>
        {(tab) => (tab === 'general' ? <GeneralTab /> : tab === 'stripe-api' ? <StripeTab /> : <ApiSettingsTab provider={tab} />)}
      </HashTabsCard>
    </Box>
  );
}

PaymentSettingsPage.path = '/payment-settings';
