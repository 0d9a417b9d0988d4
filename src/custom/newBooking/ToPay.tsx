import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { occurrencesOf, type RepeatFrequency } from './calendar';

/**
 * What to pay: calculateprice prices one time, and each date of a series is priced on its own when it
 * is booked, so for a series the amount is said to be that of each time.
 */
export function ToPay({ amount }: { amount: string }) {
  const translate = useTranslate();
  const frequency = useWatch({ name: 'RepeatFrequency' }) as RepeatFrequency;
  const count: unknown = useWatch({ name: 'RepeatCount' });
  const times = occurrencesOf(frequency, count);
  return (
    <Typography variant="subtitle1" component="p" sx={{ fontWeight: 700 }} data-testid="summary-total">
      {times > 1 ? translate('newBookingForm.toPayEach', { amount, smart_count: times }) : translate('newBookingForm.toPay', { amount })}
    </Typography>
  );
}
