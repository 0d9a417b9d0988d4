import { useMemo, useState } from 'react';
import { Box, TextField, Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import type { Service } from '../../../schema/services';
import { PriceCheck } from './PriceCheck';
import { Picker } from '../../resources/engine/inputs/DateTimeInputs';

const pad = (n: number) => String(n).padStart(2, '0');

/** A Date as a wire date-time in the browser's zone, minutes precision: yyyy-MM-ddTHH:mm. */
function localMinutes(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The next whole hour from now, and that plus the service's duration. */
function defaultInterval(durationMinutes: number): { from: string; to: string } {
  const start = new Date();
  start.setMinutes(0, 0, 0);
  start.setHours(start.getHours() + 1);
  const end = new Date(start.getTime() + Math.max(1, durationMinutes) * 60_000);
  return { from: localMinutes(start), to: localMinutes(end) };
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
  const initial = useMemo(() => defaultInterval(service?.Duration ?? 60), [service?.Duration]);
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
        <TextField
          type="email"
          size="small"
          label={translate('newBookingForm.customerEmail')}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          sx={{ gridColumn: '1 / -1' }}
        />
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
