import { Alert, Typography } from '@mui/material';
import { Loading, useNavigate, useTranslate } from 'react-admin';
import type { Company } from '../../../schema/company';
import { BillingForm } from './BillingForm';
import { useBillingInformation } from './useBillingInformation';

/** The company page's billing-information tab. */
export function BillingInformationTab({ company }: { company: Company }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { billing, isPending, error, save } = useBillingInformation();
  if (isPending) return <Loading />;
  if (error) return <Alert severity="error">{translate('custom.common.loadError')}</Alert>;
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate(billing?.Exists ? 'custom.billing.intro' : 'custom.billing.introNew')}
      </Typography>
      <BillingForm billing={billing} company={company} save={save} onBack={() => navigate(-1)} />
    </>
  );
}
