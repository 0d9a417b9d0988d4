import { Alert, Box } from '@mui/material';
import BusinessIcon from '@mui/icons-material/Business';
import ReceiptIcon from '@mui/icons-material/ReceiptLong';
import PeopleIcon from '@mui/icons-material/PeopleOutlined';
import { Loading, useTranslate } from 'react-admin';
import { Embed } from '../../common/embeds';
import { HashTabsCard } from '../../common/HashTabsCard';
import { BillingInformationTab } from '../billing/BillingInformationTab';
import { PageHeading } from '../../common/PageHeading';
import { CompanyInformation } from './CompanyInformation';
import { useCompany } from '../../common/useCompany';

export const COMPANY_TABS = ['information', 'billing-information', 'administrators'] as const;

const TAB_ICONS = {
  information: <BusinessIcon />,
  'billing-information': <ReceiptIcon />,
  administrators: <PeopleIcon />,
} as const;

/** /company: company information, billing information and administrators, one tab each (URL hash). */
export default function CompanyPage() {
  const translate = useTranslate();
  const { company, isPending, error } = useCompany();
  return (
    // inline-size containment keeps the tab strip and the administrators table from widening the layout on phones
    <Box sx={{ contain: 'inline-size' }}>
      <PageHeading title="custom.company.title" subtitle={company?.Name} />
      <HashTabsCard id="company" messages="custom.company" tabs={COMPANY_TABS} icons={TAB_ICONS} panelSx={{ overflowX: 'auto' }}>
        {(tab) =>
          tab === 'administrators' ? (
            <Embed name="administratorList" />
          ) : isPending ? (
            <Loading />
          ) : error || !company ? (
            <Alert severity="error">{translate('custom.common.loadError')}</Alert>
          ) : tab === 'billing-information' ? (
            <BillingInformationTab company={company} />
          ) : (
            <CompanyInformation company={company} />
          )
        }
      </HashTabsCard>
    </Box>
  );
}

CompanyPage.path = '/company';
