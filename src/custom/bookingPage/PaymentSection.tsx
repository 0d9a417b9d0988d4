import { useState } from 'react';
import { Box, Button, DialogContentText, Stack, TextField, Typography } from '@mui/material';
import { useLocale, useTranslate } from 'react-admin';
import { bookingActions } from '../../common/bookings/bookingApi';
import { BOOKING_STATUS, bookingPriceSign, type Booking, type BookingPayment } from '../../common/bookings/bookingTypes';
import { useCan } from '../../auth/roles';
import { formatAmount, formatWireDate } from '../../i18n/format';
import { useApi } from '../../common/api';
import { Section } from './Section';
import { useBookingAction } from './useBookingAction';
import { ActionDialog } from './ActionDialog';
import { PaymentLink } from './PaymentLink';

const PAID = new Set<number>([BOOKING_STATUS.Payed, BOOKING_STATUS.Invoiced]);
const RELEASED = new Set<number>([BOOKING_STATUS.Unbooked, BOOKING_STATUS.Canceled]);

/** Refund: how much of the payment to give back (all that is left unless changed) and a comment for the payment log. */
function RefundDialog({ booking, payment, onClose }: { booking: Booking; payment: BookingPayment; onClose: () => void }) {
  const api = useApi();
  const translate = useTranslate();
  const locale = useLocale();
  const { run, busy } = useBookingAction(booking.Id);
  const left = Math.round((payment.Amount - payment.Refunded) * 100) / 100;
  const [amount, setAmount] = useState(String(left));
  const [comment, setComment] = useState('');
  const value = Number(amount.replace(',', '.'));
  const valid = amount.trim() !== '' && Number.isFinite(value) && value > 0 && value <= left;
  const money = (n: number) => formatAmount(n, bookingPriceSign(booking), locale);
  const refund = async () => {
    const ok = await run(() => bookingActions.refund(api, booking.Id, payment.Id, { amount: value, comment }), 'custom.bookings.notices.refunded');
    if (ok) onClose();
  };
  return (
    <ActionDialog
      title={translate('custom.bookings.refund.title')}
      onClose={onClose}
      onConfirm={() => void refund()}
      confirm={translate('custom.bookings.refund.confirm', { amount: valid ? money(value) : '' }).trim()}
      disabled={busy || !valid}
      danger
    >
      <DialogContentText>{translate('custom.bookings.refund.text', { left: money(left) })}</DialogContentText>
      <Stack spacing={2} sx={{ mt: 2 }}>
        <TextField
          label={translate('custom.bookings.refund.amount')}
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          required
          error={!valid}
          helperText={valid ? undefined : translate('custom.bookings.refund.tooMuch', { left: money(left) })}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
        <TextField label={translate('custom.bookings.refund.comment')} value={comment} onChange={(e) => setComment(e.target.value)} multiline minRows={2} fullWidth />
      </Stack>
    </ActionDialog>
  );
}

/** How the booking is paid: the payment option, whether it is paid, and each payment with its refund. */
/** Where a refund at the payment provider stands that asks the user to act. */
const PROBLEM = new Set(['Failed', 'Unknown']);

export function PaymentSection({ booking }: { booking: Booking }) {
  const translate = useTranslate();
  const locale = useLocale();
  const canWrite = useCan('bookings', 'write');
  const [refunding, setRefunding] = useState<BookingPayment | null>(null);
  const paid = PAID.has(booking.StatusId) || (booking.TotalPrice > 0 && booking.PaidAmount >= booking.TotalPrice);
  const logs = booking.PaymentLog ?? [];
  return (
    <Section title="custom.bookings.page.sections.payment">
      <Stack spacing={1}>
        <Typography>
          {translate(paid ? 'custom.bookings.payment.paid' : 'custom.bookings.payment.unpaid')}
          {booking.PaidAmount > 0 ? ` · ${translate('custom.bookings.payment.paidAmount', { amount: formatAmount(booking.PaidAmount, bookingPriceSign(booking), locale) })}` : ''}
        </Typography>
        {booking.PaymentOption && <Typography color="text.secondary">{translate(`custom.bookings.payment.options.${booking.PaymentOption}`, { _: booking.PaymentOption })}</Typography>}
        {canWrite && !paid && !RELEASED.has(booking.StatusId) && booking.TotalPrice > booking.PaidAmount && <PaymentLink booking={booking} />}
        {logs.map((log) => (
          <Box key={log.Id} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
            <Typography>
              {[
                translate(`custom.bookings.payment.kinds.${log.Kind}`),
                log.Created ? formatWireDate(log.Created, locale) : '',
                formatAmount(log.Amount, bookingPriceSign(booking), locale),
                log.Comment ?? '',
              ]
                .filter(Boolean)
                .join(' · ')}
            </Typography>
            {log.ProviderRefund && (
              <Typography color={PROBLEM.has(log.ProviderRefund.Status) ? 'error' : 'text.secondary'}>
                {translate(`custom.bookings.payment.providerRefund.${log.ProviderRefund.Status}`, { message: log.ProviderRefund.Message ?? '' })}
              </Typography>
            )}
            {log.Kind === 'Payment' && log.Refunded >= log.Amount ? (
              <Typography color="text.secondary">{translate('custom.bookings.payment.refunded')}</Typography>
            ) : (
              canWrite &&
              log.Kind === 'Payment' && (
                <Button size="small" onClick={() => setRefunding(log)}>
                  {translate('custom.bookings.actions.refund')}
                </Button>
              )
            )}
          </Box>
        ))}
      </Stack>
      {refunding && <RefundDialog booking={booking} payment={refunding} onClose={() => setRefunding(null)} />}
    </Section>
  );
}
