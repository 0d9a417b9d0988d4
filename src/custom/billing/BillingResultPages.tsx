import { useEffect, useState } from 'react';
import { Alert, Button, CircularProgress, Skeleton, Stack, Typography } from '@mui/material';
import { useNavigate, useNotify, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { apiErrorInfo } from '../../common/api';
import { NarrowPage, PageHeading } from '../../common/PageHeading';
import { useLicenseAwaitingCard } from '../licenses/useLicenses';
import { useBillingCheck } from './useBillingCheck';

/** Whether the card registration was for a plan waiting for it (?upgrade=1, from /billing/add-credit-card). */
function useUpgrade(): boolean {
  const [search] = useSearchParams();
  return search.get('upgrade') === '1';
}

/**
 * /billing/callback: where the provider sends the browser back; the billing check loop waits for the
 * provider's callback, which registers the card and, in the same step, starts the plan that waited for it.
 */
export function BillingCallbackPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const upgrade = useUpgrade();
  const { state, retry } = useBillingCheck();
  useEffect(() => {
    if (state === 'valid') navigate(upgrade ? '/billing/accept?upgrade=1' : '/billing/accept', { replace: true });
  }, [state, navigate, upgrade]);
  return (
    <NarrowPage>
      <PageHeading title="licenses.card.checkingTitle" />
      {state === 'timeout' ? (
        <Alert severity="warning" action={<Button onClick={retry}>{translate('licenses.card.checkAgain')}</Button>}>
          {translate('licenses.card.notYet')}
        </Alert>
      ) : (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} role="status">
          <CircularProgress size={24} aria-hidden />
          <Typography>{translate('licenses.card.checking')}</Typography>
        </Stack>
      )}
    </NarrowPage>
  );
}

/** /billing/accept: the card is registered (and the plan that waited for it runs); going on loads the app again (the Upgrade button goes). */
export function BillingAcceptPage() {
  const translate = useTranslate();
  const upgrade = useUpgrade();
  return (
    <NarrowPage>
      <PageHeading title="licenses.card.acceptedTitle" />
      <Stack spacing={2}>
        <Alert severity="success">{translate(upgrade ? 'licenses.card.acceptedUpgrade' : 'licenses.card.accepted')}</Alert>
        <div>
          <Button variant="contained" onClick={() => window.location.assign(upgrade ? '/dashboard?status=billing-success' : '/dashboard')}>
            {translate('licenses.card.continue')}
          </Button>
        </div>
      </Stack>
    </NarrowPage>
  );
}

/**
 * /billing/cancel: the card registration was left at the provider. Nothing has changed: a plan that
 * waits for the card still waits (try again), or is given up (keep the plan held).
 */
export function BillingCancelPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const notify = useNotify();
  const { awaiting, isPending, drop } = useLicenseAwaitingCard();
  const [busy, setBusy] = useState(false);
  const names = awaiting ? { name: awaiting.TypeName, current: awaiting.CurrentTypeName } : undefined;
  const keep = async () => {
    setBusy(true);
    try {
      await drop();
      navigate('/licenses?status=billing-cancel');
    } catch (failure) {
      notify(apiErrorInfo(failure).message || 'custom.common.unknownError', { type: 'error' });
      setBusy(false);
    }
  };
  return (
    <NarrowPage>
      <PageHeading title="licenses.card.cancelledTitle" />
      <Stack spacing={2}>
        {isPending ? (
          <Skeleton variant="rectangular" height={48} />
        ) : (
          <Alert severity="info">{names ? translate('licenses.card.cancelledAwaiting', names) : translate('licenses.card.cancelled')}</Alert>
        )}
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button variant="contained" onClick={() => navigate('/billing/add-credit-card')}>
            {translate('licenses.card.tryAgain')}
          </Button>
          {names ? (
            <Button disabled={busy} onClick={() => void keep()}>
              {translate('licenses.card.keep', names)}
            </Button>
          ) : (
            <Button onClick={() => navigate('/licenses')}>{translate('licenses.card.backToPlans')}</Button>
          )}
        </Stack>
      </Stack>
    </NarrowPage>
  );
}
