import { Box, Button, Stack, Typography } from '@mui/material';
import { useLocale, useTranslate } from 'react-admin';
import { bookingActions } from '../../common/bookings/bookingApi';
import { BOOKING_STATUS, bookingPriceSign, type Booking } from '../../common/bookings/bookingTypes';
import { useCan } from '../../auth/roles';
import { formatAmount, formatWireDate } from '../../i18n/format';
import { useApi } from '../../common/api';
import { Section } from './Section';
import { useBookingAction } from './useBookingAction';

const PAID = new Set<number>([BOOKING_STATUS.Payed, BOOKING_STATUS.Invoiced]);

/** How the booking is paid: the payment option, whether it is paid, and each payment with its refund. */
export function PaymentSection({ booking }: { booking: Booking }) {
  const api = useApi();
  const translate = useTranslate();
  const locale = useLocale();
  const canWrite = useCan('bookings', 'write');
  const { run, busy } = useBookingAction(booking.Id);
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
            {log.Kind === 'Payment' && log.Refunded >= log.Amount ? (
              <Typography color="text.secondary">{translate('custom.bookings.payment.refunded')}</Typography>
            ) : (
              canWrite &&
              log.Kind === 'Payment' && (
                <Button size="small" disabled={busy} onClick={() => void run(() => bookingActions.refund(api, booking.Id, log.Id), 'custom.bookings.notices.refunded')}>
                  {translate('custom.bookings.actions.refund')}
                </Button>
              )
            )}
          </Box>
        ))}
      </Stack>
    </Section>
  );
}
