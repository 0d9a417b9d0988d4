import { useEffect, useRef, useState } from 'react';
import { Alert, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import type { StripeAccount } from '../../../schema/payments';
import { apiErrorInfo, useApi } from '../../common/api';
import { PageHeading } from '../../common/PageHeading';

/**
 * /stripe-auth: where Stripe sends the browser back after the account holder connects. It posts code,
 * scope and state once, then goes to /payment-settings#stripe-api; a refusal (or a denied connect)
 * is shown with a way back.
 */
export default function StripeAuthPage() {
  const api = useApi();
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const { search } = useLocation();
  const [problem, setProblem] = useState<string | null>(null);
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    const params = new URLSearchParams(search);
    const code = params.get('code');
    const state = params.get('state');
    if (params.get('error') || !code || !state) {
      setProblem(params.get('error_description') || translate('custom.payments.stripe.denied'));
      return;
    }
    api
      .call<StripeAccount>('POST', '/payment-settings/stripe-api/stripe-auth', { body: { code, scope: params.get('scope') ?? undefined, state } })
      .then(() => {
        notify('custom.payments.stripe.connected', { type: 'success' });
        navigate('/payment-settings#stripe-api', { replace: true });
      })
      .catch((e: unknown) => setProblem(apiErrorInfo(e).message || translate('custom.common.unknownError')));
  }, [api, navigate, notify, search, translate]);

  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <PageHeading title="custom.payments.stripe.returnTitle" />
      {problem === null ? (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <CircularProgress size={24} aria-label={translate('custom.payments.stripe.connecting')} />
          <Typography>{translate('custom.payments.stripe.connecting')}</Typography>
        </Stack>
      ) : (
        <>
          <Alert severity="error" role="alert">
            {problem}
          </Alert>
          <Button component={Link} to="/payment-settings#stripe-api" variant="outlined">
            {translate('custom.payments.stripe.back')}
          </Button>
        </>
      )}
    </Stack>
  );
}

StripeAuthPage.path = '/stripe-auth';
