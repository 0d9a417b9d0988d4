import { CancelFields } from '../../common/bookings/CancelFields';
import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  DialogContentText,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  IconButton,
  Radio,
  RadioGroup,
  Stack,
  Switch,
  TextField,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import RemoveIcon from '@mui/icons-material/Remove';
import { useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { bookingActions } from '../../common/bookings/bookingApi';
import { BOOKING_STATUS, type Booking } from '../../common/bookings/bookingTypes';
import { saveBlob } from '../../common/saveBlob';
import { useCan } from '../../auth/roles';
import { useCompanyNow } from '../../auth/profile';
import { Embed } from '../../common/embeds';
import { Picker } from '../../common/inputs/DateTimeInputs';
import { apiErrorInfo, useApi } from '../../common/api';
import { useBookingAction } from './useBookingAction';
import { ActionDialog } from './ActionDialog';
import { useService } from '../newBooking/serviceData';
import { maxQuantityOf } from '../priceCheck/ServicePriceCheck';

type DialogKind = 'decline' | 'cancel' | 'quantity' | 'time' | 'comments' | 'receipt';

const CANCELED = new Set<number>([BOOKING_STATUS.Canceled, BOOKING_STATUS.Unbooked]);
const PAID = new Set<number>([BOOKING_STATUS.Payed, BOOKING_STATUS.Invoiced]);

/**
 * Quantities with steppers, never below 0 (at least one spot in all: a booking takes one) and together never above what the service lets one booking
 * take (spec core.md §4: steppers disabled at min and max); the server re-checks the free spots.
 */
function QuantityDialog({ booking, onClose }: { booking: Booking; onClose: () => void }) {
  const api = useApi();
  const translate = useTranslate();
  const { run, busy } = useBookingAction(booking.Id);
  const service = useService(booking.ServiceId);
  const most = service.data ? maxQuantityOf(service.data) : Infinity;
  const [values, setValues] = useState(() => Object.fromEntries((booking.Quantities ?? []).map((q) => [q.Id, q.Quantity])));
  const total = Object.values(values).reduce((sum, n) => sum + n, 0);
  const set = (id: number, value: number) =>
    setValues((v) => {
      const others = Object.entries(v).reduce((sum, [key, n]) => (Number(key) === id ? sum : sum + n), 0);
      return { ...v, [id]: Math.max(0, Math.min(most - others, Number.isFinite(value) ? Math.floor(value) : 0)) };
    });
  const save = async () => {
    const ok = await run(
      () => bookingActions.quantity(api, booking.Id, (booking.Quantities ?? []).map((q) => ({ PriceId: q.PriceId ?? 0, Quantity: values[q.Id] ?? q.Quantity }))),
      'custom.bookings.notices.updated',
    );
    if (ok) onClose();
  };
  return (
    <ActionDialog title={translate('custom.bookings.actions.changeQuantity')} onClose={onClose} onConfirm={() => void save()} confirm={translate('ra.action.save')} disabled={busy || total < 1}>
      <Stack spacing={2} sx={{ mt: 1 }}>
        {(booking.Quantities ?? []).map((q) => {
          const label = q.PriceText || q.Category || translate('custom.bookings.page.price');
          const value = values[q.Id] ?? 0;
          return (
            <Stack key={q.Id} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <IconButton aria-label={translate('custom.bookings.actions.fewer', { name: label })} onClick={() => set(q.Id, value - 1)} disabled={value <= 0 || total <= 1}>
                <RemoveIcon />
              </IconButton>
              <TextField
                label={label}
                type="number"
                size="small"
                value={value}
                onChange={(e) => set(q.Id, Number(e.target.value))}
                slotProps={{ htmlInput: { min: 0, max: Number.isFinite(most) ? most - (total - value) : undefined, inputMode: 'numeric' } }}
                sx={{ width: 140 }}
              />
              <IconButton aria-label={translate('custom.bookings.actions.more', { name: label })} onClick={() => set(q.Id, value + 1)} disabled={total >= most}>
                <AddIcon />
              </IconButton>
            </Stack>
          );
        })}
      </Stack>
    </ActionDialog>
  );
}

/** New start and end, re-checked against availability by the server. */
function TimeDialog({ booking, onClose }: { booking: Booking; onClose: () => void }) {
  const api = useApi();
  const translate = useTranslate();
  const { run, busy } = useBookingAction(booking.Id);
  const [from, setFrom] = useState<string | null>(booking.From);
  const [to, setTo] = useState<string | null>(booking.To);
  const [outside, setOutside] = useState(booking.AllowBookingOutsideSchedules);
  // The same rule as the new-booking widget: who may change the schedules may book outside them.
  const mayBookOutside = useCan('schedules', 'write');
  const invalid = !from || !to || from >= to;
  const save = async () => {
    if (!from || !to) return;
    const ok = await run(() => bookingActions.editTime(api, booking.Id, from, to, mayBookOutside && outside), 'custom.bookings.notices.updated');
    if (ok) onClose();
  };
  return (
    <ActionDialog title={translate('custom.bookings.actions.editTime')} onClose={onClose} onConfirm={() => void save()} confirm={translate('ra.action.save')} disabled={busy || invalid}>
      <Stack spacing={2} sx={{ mt: 1 }}>
        <Picker kind="datetime" label={translate('resources.bookings.fields.From')} value={from} onChange={setFrom} required />
        <Picker
          kind="datetime"
          label={translate('resources.bookings.fields.To')}
          value={to}
          onChange={setTo}
          required
          error={!!from && !!to && from >= to}
          helperText={!!from && !!to && from >= to ? translate('custom.bookings.actions.toAfterFrom') : undefined}
        />
        {mayBookOutside && (
          <FormControl>
            <FormControlLabel control={<Switch checked={outside} onChange={(e) => setOutside(e.target.checked)} />} label={translate('custom.bookings.actions.outsideSchedules')} />
            <FormHelperText sx={{ mt: 0 }}>{translate('custom.bookings.actions.outsideSchedulesHelp')}</FormHelperText>
          </FormControl>
        )}
      </Stack>
    </ActionDialog>
  );
}

/** The administrators' comment and the comment to the customer (PUT /bookings/{Id}; the log keeps both versions). */
function CommentsDialog({ booking, onClose }: { booking: Booking; onClose: () => void }) {
  const api = useApi();
  const translate = useTranslate();
  const { run, busy } = useBookingAction(booking.Id);
  const [booked, setBooked] = useState(booking.BookedComments ?? '');
  const [toCustomer, setToCustomer] = useState(booking.CommentsToCustomer ?? '');
  const save = async () => {
    const ok = await run(() => bookingActions.editComments(api, booking.Id, { booked, toCustomer }), 'custom.bookings.notices.updated');
    if (ok) onClose();
  };
  return (
    <ActionDialog title={translate('custom.bookings.actions.editComments')} onClose={onClose} onConfirm={() => void save()} confirm={translate('ra.action.save')} disabled={busy}>
      <Stack spacing={2} sx={{ mt: 1 }}>
        <TextField label={translate('resources.bookings.fields.BookedComments')} value={booked} onChange={(e) => setBooked(e.target.value)} multiline minRows={2} fullWidth slotProps={{ htmlInput: { maxLength: 4000 } }} />
        <TextField
          label={translate('resources.bookings.fields.CommentsToCustomer')}
          value={toCustomer}
          onChange={(e) => setToCustomer(e.target.value)}
          multiline
          minRows={2}
          fullWidth
          slotProps={{ htmlInput: { maxLength: 4000 } }}
        />
      </Stack>
    </ActionDialog>
  );
}

/** Send receipt: which receipt (GET /bookings/reports; a choice only when there are several), then download the PDF or e-mail it to the customer. */
function ReceiptDialog({ booking, onClose }: { booking: Booking; onClose: () => void }) {
  const api = useApi();
  const translate = useTranslate();
  const { run, busy } = useBookingAction(booking.Id);
  const [method, setMethod] = useState<'pdf' | 'email'>('pdf');
  const options = useQuery({ queryKey: ['bookings', 'receiptOptions'], queryFn: () => bookingActions.receiptOptions(api) });
  const [chosen, setChosen] = useState<number | null>(null);
  const optionId = chosen ?? options.data?.[0]?.Id;
  const send = async () => {
    if (optionId === undefined) return;
    const ok = await run(
      async () => {
        const answer = await bookingActions.receipt(api, booking.Id, optionId, method);
        if (answer instanceof Blob) saveBlob(answer, `${translate('custom.bookings.receipt.fileName')}-${booking.Id}.pdf`);
      },
      method === 'pdf' ? 'custom.bookings.notices.receiptDownloaded' : 'custom.bookings.notices.receiptSent',
    );
    if (ok) onClose();
  };
  return (
    <ActionDialog
      title={translate('custom.bookings.actions.receipt')}
      onClose={onClose}
      onConfirm={() => void send()}
      confirm={translate(method === 'pdf' ? 'custom.bookings.receipt.pdf' : 'custom.bookings.receipt.send')}
      disabled={busy || optionId === undefined}
    >
      <Stack spacing={2} sx={{ mt: 1 }}>
        {options.isError && <Alert severity="error">{apiErrorInfo(options.error).message}</Alert>}
        {(options.data?.length ?? 0) > 1 && (
          <FormControl>
            <FormLabel id="receipt-option-label">{translate('custom.bookings.receipt.option')}</FormLabel>
            <RadioGroup aria-labelledby="receipt-option-label" value={String(optionId)} onChange={(e) => setChosen(Number(e.target.value))}>
              {options.data!.map((o) => (
                <FormControlLabel key={o.Id} value={String(o.Id)} control={<Radio />} label={o.Name} />
              ))}
            </RadioGroup>
          </FormControl>
        )}
        <FormControl>
          <FormLabel id="receipt-method-label">{translate('custom.bookings.receipt.method')}</FormLabel>
          <RadioGroup aria-labelledby="receipt-method-label" value={method} onChange={(e) => setMethod(e.target.value as 'pdf' | 'email')}>
            <FormControlLabel value="pdf" control={<Radio />} label={translate('custom.bookings.receipt.pdf')} />
            <FormControlLabel value="email" control={<Radio />} label={translate('custom.bookings.receipt.email', { email: booking.Customer?.Email ?? '' })} />
          </RadioGroup>
        </FormControl>
      </Stack>
    </ActionDialog>
  );
}

/**
 * The actions of a booking (spec core.md §4): approve, decline, cancel with a reason, mark as paid, mark as a no-show once it has started (and undo it), change
 * quantity, edit time, send receipt and payment request (the door-code resync is the door-code section's,
 * src/custom/codelock, shown only where a door exists). Each shows its success
 * notice or the server's message. A role that only reads bookings sees none.
 */
export function BookingActions({ booking }: { booking: Booking }) {
  const api = useApi();
  const translate = useTranslate();
  const canWrite = useCan('bookings', 'write');
  const now = useCompanyNow();
  const { run, busy } = useBookingAction(booking.Id);
  const [dialog, setDialog] = useState<DialogKind | null>(null);
  const [reason, setReason] = useState('');
  const [message, setMessage] = useState('');
  if (!canWrite) return null;
  const canceled = CANCELED.has(booking.StatusId);
  const paid = PAID.has(booking.StatusId);
  const awaitingApproval = booking.StatusId === BOOKING_STATUS.Reserved;
  // A no-show is marked once the booking has started (the server says so too, naming From).
  const started = booking.From <= now;
  const close = () => {
    setDialog(null);
    setReason('');
    setMessage('');
  };
  const act = (label: string, onClick: () => void, options: { disabled?: boolean; color?: 'error' | 'primary' } = {}) => (
    <Button key={label} variant="outlined" size="small" color={options.color ?? 'primary'} onClick={onClick} disabled={busy || options.disabled}>
      {translate(`custom.bookings.actions.${label}`)}
    </Button>
  );
  return (
    <Box>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }} role="toolbar" aria-label={translate('custom.bookings.actions.title')}>
        {awaitingApproval && act('approve', () => void run(() => bookingActions.approve(api, booking.Id), 'custom.bookings.notices.approved'))}
        {awaitingApproval && act('decline', () => setDialog('decline'), { color: 'error' })}
        {!canceled && act('changeQuantity', () => setDialog('quantity'))}
        {!canceled && act('editTime', () => setDialog('time'))}
        {act('editComments', () => setDialog('comments'))}
        {!canceled && !paid && act('markPaid', () => void run(() => bookingActions.markAsPaid(api, booking.Id), 'custom.bookings.notices.markedPaid'))}
        {!canceled && !paid && act('paymentRequest', () => void run(() => bookingActions.paymentRequest(api, booking.Id), 'custom.bookings.notices.paymentRequested'))}
        {!canceled &&
          started &&
          (booking.NoShow
            ? act('undoNoShow', () => void run(() => bookingActions.noShow(api, booking.Id, false), 'custom.bookings.notices.noShowUndone'))
            : act('markNoShow', () => void run(() => bookingActions.noShow(api, booking.Id, true), 'custom.bookings.notices.markedNoShow')))}
        {act('receipt', () => setDialog('receipt'))}
        {!canceled && <Embed name="bookingInvoice" bookingId={booking.Id} />}
        {!canceled && act('cancel', () => setDialog('cancel'), { color: 'error' })}
      </Stack>
      {dialog === 'quantity' && <QuantityDialog booking={booking} onClose={close} />}
      {dialog === 'time' && <TimeDialog booking={booking} onClose={close} />}
      {dialog === 'comments' && <CommentsDialog booking={booking} onClose={close} />}
      {dialog === 'receipt' && <ReceiptDialog booking={booking} onClose={close} />}
      {dialog === 'decline' && (
        <ActionDialog
          title={translate('custom.bookings.actions.decline')}
          onClose={close}
          danger
          disabled={busy}
          confirm={translate('custom.bookings.actions.decline')}
          onConfirm={() => void run(() => bookingActions.decline(api, booking.Id, { reason, messageToCustomer: message }), 'custom.bookings.notices.declined').then((ok) => ok && close())}
        >
          <DialogContentText>{translate('custom.bookings.actions.declineText')}</DialogContentText>
          <CancelFields reason={reason} onReason={setReason} message={message} onMessage={setMessage} />
        </ActionDialog>
      )}
      {dialog === 'cancel' && (
        <ActionDialog
          title={translate('custom.bookings.actions.cancelTitle', { id: booking.Id })}
          onClose={close}
          danger
          disabled={busy}
          confirm={translate('custom.bookings.actions.cancelConfirm')}
          onConfirm={() =>
            void run(() => bookingActions.cancel(api, booking.Id, { reason, messageToCustomer: message }), 'custom.bookings.notices.canceled').then((ok) => {
              if (ok) close();
            })
          }
        >
          <DialogContentText>{translate('custom.bookings.actions.cancelText')}</DialogContentText>
          <CancelFields reason={reason} onReason={setReason} message={message} onMessage={setMessage} />
        </ActionDialog>
      )}
    </Box>
  );
}
