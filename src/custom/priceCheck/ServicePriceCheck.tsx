import { useMemo, useState } from 'react';
import { Box, Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { DateTime } from 'luxon';
import { useCompanyNow } from '../../auth/profile';
import type { Service } from '../../../schema/services';
import { PriceCheck } from './PriceCheck';
import { Picker } from '../../common/inputs/DateTimeInputs';
import { StateField } from '../../common/inputs/StateField';


/** The next whole hour after `now` (the company's wall clock, yyyy-MM-ddTHH:mm:ss), and that plus the service's duration, to the minute. */
function defaultInterval(now: string, durationMinutes: number): { from: string; to: string } {
  const start = DateTime.fromISO(now).startOf('hour').plus({ hours: 1 });
  const end = start.plus({ minutes: Math.max(1, durationMinutes) });
  const minutes = "yyyy-MM-dd'T'HH:mm";
  return { from: start.toFormat(minutes), to: end.toFormat(minutes) };
}

/** Free spots of one booking: group booking or several resources allow more than one (spec core.md §5). */
export function maxQuantityOf(service: Pick<Service, 'GroupBooking' | 'MultipleResource'>): number {
  if (service.GroupBooking?.Active) return Math.max(1, service.GroupBooking.Max);
  if (service.MultipleResource?.Active) return Math.max(1, service.MultipleResource.Max);
  return 1;
}

/** The service edit screen's price check: pick an interval (and a customer), then try prices and codes. */
export function ServicePriceCheck() {
  const service = useRecordContext<Service & { id: number }>();
  const translate = useTranslate();
  const now = useCompanyNow();
  const initial = useMemo(() => defaultInterval(now, service?.Duration ?? 60), [now, service?.Duration]);
  const [from, setFrom] = useState(initial.from);
  const [to, setTo] = useState(initial.to);
  const [email, setEmail] = useState('');
  if (!service) return null;
  const valid = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(from);
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, display: 'grid', gap: 2 }}>
      <Typography variant="body2" color="text.secondary">
        {translate('newBookingForm.priceCheckIntro')}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2, maxWidth: 560 }}>
        <Picker kind="datetime" size="small" name="From" required label={translate('newBookingForm.from')} value={from} onChange={(v) => setFrom(v ?? '')} />
        <Picker kind="datetime" size="small" name="To" label={translate('newBookingForm.to')} value={to} onChange={(v) => setTo(v ?? '')} />
        <StateField type="email" label="newBookingForm.customerEmail" value={email} onValue={setEmail} sx={{ gridColumn: '1 / -1' }} />
      </Box>
      {valid ? (
        <PriceCheck
          serviceId={service.Id}
          interval={{ From: `${from.slice(0, 16)}:00`, To: to ? `${to.slice(0, 16)}:00` : null }}
          customerEmail={email.trim() || undefined}
          maxQuantity={maxQuantityOf(service)}
        />
      ) : null}
    </Box>
  );
}
