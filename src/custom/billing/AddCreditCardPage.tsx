import { useState } from 'react';
import { Button, Card, CardContent, Skeleton, Stack, Typography } from '@mui/material';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import { useNotify, useTranslate } from 'react-admin';
import type { CardToken } from '../../../schema/licenses';
import { apiErrorInfo, useApi } from '../../common/api';
import { NarrowPage, PageHeading } from '../../common/PageHeading';
import { AwaitingCardNotice } from '../licenses/AwaitingCardNotice';
import { useLicenseAwaitingCard } from '../licenses/useLicenses';

/**
 * /billing/add-credit-card: the card is registered at the payment provider: the token call names the
 * provider's page, the browser goes there and comes back to /billing/callback (or /billing/cancel).
 * A plan chosen with card payment waits for it (named here, from the server, so a later return
 * finds it too); it takes effect when the provider's callback registers the card, never before.
 */
export default function AddCreditCardPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const api = useApi();
  const { awaiting, isPending, drop } = useLicenseAwaitingCard();
  const [busy, setBusy] = useState(false);
  const register = async () => {
    setBusy(true);
    try {
      // ?upgrade=1 tells the pages after the provider that a plan took effect with the card.
      const accept = awaiting ? '/billing/callback?upgrade=1' : '/billing/callback';
      const token = await api.call<CardToken>('POST', '/Token/GenerateRegisterDibsPaymentCardToken', { body: { AcceptUrl: accept, CancelUrl: '/billing/cancel' } });
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
            {isPending ? <Skeleton variant="rectangular" height={48} /> : null}
            {awaiting ? <AwaitingCardNotice awaiting={awaiting} drop={drop} afterDrop="/licenses" /> : null}
            <Typography variant="body1">{translate('licenses.card.intro')}</Typography>
            <div>
              <Button variant="contained" startIcon={<CreditCardIcon />} disabled={busy || isPending} onClick={() => void register()}>
                {translate('licenses.card.register')}
              </Button>
            </div>
          </Stack>
        </CardContent>
      </Card>
    </NarrowPage>
  );
}
