import { useState } from 'react';
import { Alert, Box, Button, Skeleton, Stack, Typography } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import type { LicenseType } from '../../../schema/company';
import type { TrialPeriod } from '../../../schema/licenses';
import { apiErrorInfo, useApi } from '../../common/api';
import { useCompany } from '../../common/useCompany';
import { setTrialActive } from '../../common/licenseLimit';
import { PlanComparison } from './PlanComparison';
import { LicenseCheckout } from './LicenseCheckout';
import { AwaitingCardNotice } from './AwaitingCardNotice';
import { useLicenseAwaitingCard, useLicenseData } from './useLicenses';

/**
 * The license flow (spec core.md §4): step 0 the plan comparison with the trial button (free trial
 * with its TrialDays, or continue trial with the days left), step 1 the billing and card form of the
 * selected plan. /licenses opens here; ?upgrade={TypeId} (from the license modal) marks the suggestion.
 * A plan chosen with card payment that waits for the card is named above the plans, with the way to
 * register the card or to keep the plan held.
 */
export function LicenseFlow() {
  const translate = useTranslate();
  const notify = useNotify();
  const api = useApi();
  const { company } = useCompany();
  const { data, isPending, error, reload } = useLicenseData();
  const { awaiting, drop } = useLicenseAwaitingCard();
  const [search] = useSearchParams();
  const [selected, setSelected] = useState<LicenseType | null>(null);
  const [busy, setBusy] = useState(false);
  const suggested = Number(search.get('upgrade')) || data?.trial.SuggestedLicenseToUpgrade?.Id;

  const startTrial = async () => {
    setBusy(true);
    try {
      const running = !!data?.trial.CurrentTrialPeriod?.Active;
      const period = await api.call<TrialPeriod>('POST', '/trials/company', { body: {} });
      setTrialActive(true);
      notify(running ? 'licenses.trial.continued' : 'licenses.trial.started', { type: 'success', messageArgs: { days: period.DaysLeft } });
      await reload();
    } catch (failure) {
      notify(apiErrorInfo(failure).message || 'custom.common.unknownError', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  if (selected) return <LicenseCheckout type={selected} onBack={() => setSelected(null)} />;
  const current = data?.trial.CurrentTrialPeriod;
  const trialType = data?.trial.SuggestedTrialType;
  return (
    <Box component="section" aria-labelledby="license-plans-title">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 1, justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <Typography id="license-plans-title" variant="h6" component="h2">
          {translate('custom.licenses.title')}
        </Typography>
        {current?.Active ? (
          <Button variant="outlined" disabled={busy} onClick={() => void startTrial()}>
            {translate('licenses.trial.continue', { days: current.DaysLeft })}
          </Button>
        ) : trialType ? (
          <Button variant="outlined" disabled={busy} onClick={() => void startTrial()}>
            {translate('licenses.trial.start', { days: trialType.TrialDays })}
          </Button>
        ) : null}
      </Stack>
      {data?.trial.Body ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {data.trial.Body}
        </Typography>
      ) : null}
      {awaiting ? (
        <Box sx={{ mb: 1 }}>
          <AwaitingCardNotice awaiting={awaiting} drop={drop} offerRegister />
        </Box>
      ) : null}
      {error ? <Alert severity="error">{translate('custom.common.loadError')}</Alert> : null}
      {isPending ? <Skeleton variant="rectangular" height={160} /> : null}
      {data ? <PlanComparison data={data} countryId={company?.CountryId} suggested={suggested} onSelect={setSelected} /> : null}
    </Box>
  );
}
