import { Stack, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';

/** The reason for a cancellation and the message to the customer, as one booking's and the bulk cancel ask for them. */
export function CancelFields({
  reason,
  onReason,
  message,
  onMessage,
}: {
  reason: string;
  onReason: (value: string) => void;
  message: string;
  onMessage: (value: string) => void;
}) {
  const translate = useTranslate();
  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <TextField label={translate('custom.bookings.actions.cancelReason')} value={reason} onChange={(e) => onReason(e.target.value)} multiline minRows={2} fullWidth />
      <TextField
        label={translate('custom.bookings.actions.messageToCustomer')}
        value={message}
        onChange={(e) => onMessage(e.target.value)}
        multiline
        minRows={2}
        fullWidth
        helperText={translate('custom.bookings.actions.messageToCustomerHelp')}
      />
    </Stack>
  );
}
