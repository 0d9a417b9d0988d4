import { useEffect } from 'react';
import { Alert, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useNavigate, useTranslate } from 'react-admin';
import { NarrowPage, PageHeading } from '../../common/PageHeading';
import { useBillingCheck } from './useBillingCheck';

/** /billing/callback: where the provider sends the browser back; the billing check loop waits for the provider's callback. */
export function BillingCallbackPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { state, retry } = useBillingCheck();
  useEffect(() => {
    if (state === 'valid') navigate('/billing/accept', { replace: true });
  }, [state, navigate]);
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

/** /billing/accept: the card is registered and the plan runs; going on loads the app again (the Upgrade button goes). */
export function BillingAcceptPage() {
  const translate = useTranslate();
  return (
    <NarrowPage>
      <PageHeading title="licenses.card.acceptedTitle" />
      <Stack spacing={2}>
        <Alert severity="success">{translate('licenses.card.accepted')}</Alert>
        <div>
          <Button variant="contained" onClick={() => window.location.assign('/dashboard?status=billing-success')}>
            {translate('licenses.card.continue')}
          </Button>
        </div>
      </Stack>
    </NarrowPage>
  );
}

/** /billing/cancel: the card registration was left at the provider. */
export function BillingCancelPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  return (
    <NarrowPage>
      <PageHeading title="licenses.card.cancelledTitle" />
      <Stack spacing={2}>
        <Alert severity="info">{translate('licenses.card.cancelled')}</Alert>
        <Stack direction="row" spacing={1}>
          <Button variant="contained" onClick={() => navigate('/billing/add-credit-card')}>
            {translate('licenses.card.tryAgain')}
          </Button>
          <Button onClick={() => navigate('/licenses?status=billing-cancel')}>{translate('licenses.card.backToPlans')}</Button>
        </Stack>
      </Stack>
    </NarrowPage>
  );
}
