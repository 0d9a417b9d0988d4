import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Chip, Stack, Typography } from '@mui/material';
import LinkIcon from '@mui/icons-material/Link';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import { Confirm, Loading, useNotify, useTranslate } from 'react-admin';
import type { StripeAccount, StripeConnectUrl } from '../../../schema/payments';
import { useCan } from '../../auth/roles';
import { apiErrorInfo, useApi } from '../../common/api';

export const STRIPE_KEY = ['payments', 'stripe'] as const;

/** The Stripe tab: the connected account (name, id, charges enabled), connect and disconnect. */
export function StripeTab() {
  const api = useApi();
  const translate = useTranslate();
  const notify = useNotify();
  const canWrite = useCan('settings', 'write');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const { data, isPending, error, refetch } = useQuery({ queryKey: STRIPE_KEY, queryFn: () => api.call<StripeAccount>('GET', '/payment/stripe/v1/account') });

  const connect = async () => {
    setBusy(true);
    try {
      const { Url } = await api.call<StripeConnectUrl>('GET', '/payment/stripe/v1/account/connect', { query: { RedirectUri: `${window.location.origin}/stripe-auth` } });
      window.location.assign(Url);
    } catch (e) {
      notify(apiErrorInfo(e).message || 'custom.common.unknownError', { type: 'error' });
      setBusy(false);
    }
  };

  const disconnect = async () => {
    setConfirming(false);
    setBusy(true);
    try {
      await api.call<StripeAccount>('DELETE', '/payment/stripe/v1/account');
      notify('custom.payments.stripe.disconnected', { type: 'success' });
      await refetch();
    } catch (e) {
      notify(apiErrorInfo(e).message || 'custom.common.unknownError', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  if (isPending) return <Loading />;
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Alert severity="info" sx={{ alignSelf: 'stretch' }}>
        {translate('custom.payments.stripe.info')}
      </Alert>
      {error && <Alert severity="error">{apiErrorInfo(error).message}</Alert>}
      {data?.Connected ? (
        <>
          <Typography variant="h6" component="h2">
            {data.Name}
          </Typography>
          <Typography>
            {translate('custom.payments.stripe.accountId')}: <code>{data.AccountId}</code>
          </Typography>
          <Chip color={data.ChargesEnabled ? 'success' : 'warning'} label={translate(data.ChargesEnabled ? 'custom.payments.stripe.chargesEnabled' : 'custom.payments.stripe.chargesDisabled')} />
          {data.Stale && <Alert severity="warning">{translate('custom.payments.stripe.stale')}</Alert>}
          {canWrite && (
            <Button variant="outlined" color="error" startIcon={<LinkOffIcon />} disabled={busy} onClick={() => setConfirming(true)}>
              {translate('custom.payments.stripe.disconnect')}
            </Button>
          )}
        </>
      ) : (
        <>
          <Typography>{translate('custom.payments.stripe.notConnected')}</Typography>
          {canWrite && (
            <Button variant="contained" startIcon={<LinkIcon />} disabled={busy} onClick={() => void connect()}>
              {translate('custom.payments.stripe.connect')}
            </Button>
          )}
        </>
      )}
      <Confirm
        isOpen={confirming}
        title="custom.payments.stripe.disconnectTitle"
        content="custom.payments.stripe.disconnectConfirm"
        onConfirm={() => void disconnect()}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}
