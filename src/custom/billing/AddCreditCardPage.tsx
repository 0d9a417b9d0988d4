import { useState } from 'react';
import { Alert, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import { useNotify, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import type { CardToken } from '../../../schema/licenses';
import { apiErrorInfo, useApi } from '../../common/api';
import { NarrowPage, PageHeading } from '../../common/PageHeading';

/**
 * /billing/add-credit-card: after an upgrade paid by card (billing data in the search), the card is
 * registered at the payment provider: the token call names the provider's page, the browser goes
 * there and comes back to /billing/callback (or /billing/cancel).
 */
export default function AddCreditCardPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const api = useApi();
  const [search] = useSearchParams();
  const [busy, setBusy] = useState(false);
  const plan = search.get('name');
  const register = async () => {
    setBusy(true);
    try {
      const token = await api.call<CardToken>('POST', '/Token/GenerateRegisterDibsPaymentCardToken', { body: { AcceptUrl: '/billing/callback', CancelUrl: '/billing/cancel' } });
      window.location.assign(token.Url);
    } catch (failure) {
      notify(apiErrorInfo(failure).message || 'custom.common.unknownError', { type: 'error' });
      setBusy(false);
    }
  };
  return (
    <NarrowPage>
      <PageHeading title="licenses.card.title" />
      <Card variant="outlined">
        <CardContent>
          <Stack spacing={2}>
            {plan ? <Alert severity="success">{translate('licenses.card.planTaken', { name: plan })}</Alert> : null}
            <Typography variant="body1">{translate('licenses.card.intro')}</Typography>
            <div>
              <Button variant="contained" startIcon={<CreditCardIcon />} disabled={busy} onClick={() => void register()}>
                {translate('licenses.card.register')}
              </Button>
            </div>
          </Stack>
        </CardContent>
      </Card>
    </NarrowPage>
  );
}
