import { Alert, Box, Card, CardContent, Tab, Tabs } from '@mui/material';
import BusinessIcon from '@mui/icons-material/Business';
import ReceiptIcon from '@mui/icons-material/ReceiptLong';
import PeopleIcon from '@mui/icons-material/PeopleOutlined';
import { Loading, useTranslate } from 'react-admin';
import { Embed } from '../../common/embeds';
import { useHashTab } from '../../shell/useHashTab';
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
  const [tab, setTab] = useHashTab(COMPANY_TABS);
  const { company, isPending, error } = useCompany();
  return (
    // inline-size containment keeps the tab strip and the administrators table from widening the layout on phones
    <Box sx={{ contain: 'inline-size' }}>
      <PageHeading title="custom.company.title" subtitle={company?.Name} />
      <Card>
        <Tabs
          value={tab}
          onChange={(_event, next: string) => setTab(next)}
          variant="scrollable"
          allowScrollButtonsMobile
          aria-label={translate('custom.company.title')}
          sx={{ borderBottom: 1, borderColor: 'divider' }}
        >
          {COMPANY_TABS.map((name) => (
            <Tab
              key={name}
              value={name}
              label={translate(`custom.company.tabs.${name}`)}
              icon={TAB_ICONS[name]}
              iconPosition="start"
              id={`company-tab-${name}`}
              aria-controls={`company-tabpanel-${name}`}
              sx={{ minHeight: 56 }}
            />
          ))}
        </Tabs>
        <CardContent sx={{ overflowX: 'auto' }} role="tabpanel" id={`company-tabpanel-${tab}`} aria-labelledby={`company-tab-${tab}`}>
          {tab === 'administrators' ? (
            <Embed name="administratorList" />
          ) : isPending ? (
            <Loading />
          ) : error || !company ? (
            <Alert severity="error">{translate('custom.common.loadError')}</Alert>
          ) : tab === 'billing-information' ? (
            <BillingInformationTab company={company} />
          ) : (
            <CompanyInformation company={company} />
          )}
        </CardContent>
      </Card>
    </Box>
  );
}

CompanyPage.path = '/company';
