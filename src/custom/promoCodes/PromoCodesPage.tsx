import { Box } from '@mui/material';
import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import HistoryIcon from '@mui/icons-material/History';
import ReceiptIcon from '@mui/icons-material/ReceiptLong';
import { Embed } from '../../common/embeds';
import { HashTabsCard } from '../../common/HashTabsCard';
import { PageHeading } from '../../common/PageHeading';
import { TransactionsReport } from './TransactionsReport';
import { UsagesView } from './UsagesView';

export const PROMO_CODE_TABS = ['promoCodes', 'promoCodesUsage', 'transactionsReport'] as const;
type PromoTab = (typeof PROMO_CODE_TABS)[number];

const ICONS: Record<PromoTab, React.ReactElement> = {
  promoCodes: <LocalOfferIcon />,
  promoCodesUsage: <HistoryIcon />,
  transactionsReport: <ReceiptIcon />,
};

function TabContent({ tab }: { tab: PromoTab }) {
  if (tab === 'promoCodesUsage') return <UsagesView />;
  if (tab === 'transactionsReport') return <TransactionsReport />;
  return <Embed name="promoCodeList" embedded />;
}

/** /promo-codes-value-cards: promo codes, their usages and the transactions report, one tab each (URL hash). */
export default function PromoCodesPage() {
  return (
    <Box sx={{ contain: 'inline-size' }}>
      <PageHeading title="custom.promoCodes.title" />
      <HashTabsCard id="promo-codes" messages="custom.promoCodes" tabs={PROMO_CODE_TABS} icons={ICONS}>
        {(tab) => <TabContent tab={tab} />}
      </HashTabsCard>
    </Box>
  );
}

PromoCodesPage.path = '/promo-codes-value-cards';

/** /promo-codes-usages: the usages view on its own. */
export function PromoCodeUsagesPage() {
  return (
    <Box sx={{ contain: 'inline-size' }}>
      <PageHeading title="custom.promoCodes.tabs.promoCodesUsage" />
      <UsagesView />
    </Box>
  );
}
PromoCodeUsagesPage.path = '/promo-codes-usages';

/** /promo-codes-transactions-report: the transactions report on its own. */
export function PromoCodeTransactionsPage() {
  return (
    <Box sx={{ contain: 'inline-size' }}>
      <PageHeading title="custom.promoCodes.tabs.transactionsReport" />
      <TransactionsReport />
    </Box>
  );
}
PromoCodeTransactionsPage.path = '/promo-codes-transactions-report';
