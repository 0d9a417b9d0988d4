import { useState } from 'react';
import { Alert, Box, Button, Link, Stack, TextField } from '@mui/material';
import LinkIcon from '@mui/icons-material/Link';
import { useNotify, useTranslate } from 'react-admin';
import type { PaymentCheckout } from '../../../schema/payments';
import { apiErrorInfo, useApi } from '../../common/api';
import type { Booking } from '../../common/bookings/bookingTypes';

/**
 * The customer's pay link (issue 32): asks the server for the booking's open checkout at the payment
 * provider (made now when there is none) and shows the link to send the customer and the checkout itself.
 */
export function PaymentLink({ booking }: { booking: Booking }) {
  const api = useApi();
  const translate = useTranslate();
  const notify = useNotify();
  const [checkout, setCheckout] = useState<PaymentCheckout | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const ask = async () => {
    setBusy(true);
    setProblem(null);
    try {
      setCheckout(await api.call<PaymentCheckout>('POST', `/payment/bookings/${booking.Id}/checkout`));
    } catch (e) {
      setProblem(apiErrorInfo(e).message || translate('custom.common.unknownError'));
    } finally {
      setBusy(false);
    }
  };

  const copy = async (text: string) => {
    await navigator.clipboard?.writeText(text);
    notify('custom.bookings.payment.link.copied', { type: 'info' });
  };

  if (!checkout) {
    return (
      <Box>
        <Button size="small" variant="outlined" startIcon={<LinkIcon />} disabled={busy} onClick={() => void ask()}>
          {translate('custom.bookings.payment.link.get')}
        </Button>
        {problem && (
          <Alert severity="warning" sx={{ mt: 1 }}>
            {problem}
          </Alert>
        )}
      </Box>
    );
  }
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <TextField
        size="small"
        fullWidth
        label={translate(checkout.Deposit ? 'custom.bookings.payment.link.deposit' : 'custom.bookings.payment.link.label', { amount: `${checkout.Amount} ${checkout.CurrencyId}` })}
        value={checkout.PayUrl}
        slotProps={{ htmlInput: { readOnly: true } }}
      />
      <Stack direction="row" spacing={1}>
        <Button size="small" onClick={() => void copy(checkout.PayUrl)}>
          {translate('custom.bookings.payment.link.copy')}
        </Button>
        <Link href={checkout.Url} target="_blank" rel="noopener">
          {translate('custom.bookings.payment.link.open')}
        </Link>
      </Stack>
    </Stack>
  );
}
