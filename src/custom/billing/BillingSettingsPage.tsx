import { Alert, Skeleton } from '@mui/material';
import { useNavigate, useTranslate } from 'react-admin';
import { NarrowPage, PageHeading } from '../../common/PageHeading';
import { useCompany } from '../../common/useCompany';
import { BillingForm } from './BillingForm';
import { useBillingInformation } from './useBillingInformation';

/** /billing/settings: an info message above the prefilled billing form. */
export default function BillingSettingsPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { company } = useCompany();
  const { billing, isPending, error, save } = useBillingInformation();
  return (
    <NarrowPage>
      <PageHeading title="licenses.billingSettings.title" />
      <Alert severity="info" sx={{ mb: 2 }}>
        {translate(billing?.Exists ? 'custom.billing.intro' : 'custom.billing.introNew')}
      </Alert>
      {error ? <Alert severity="error">{translate('custom.common.loadError')}</Alert> : null}
      {isPending ? <Skeleton variant="rectangular" height={240} /> : <BillingForm billing={billing} company={company} save={save} onBack={() => navigate(-1)} />}
    </NarrowPage>
  );
}
