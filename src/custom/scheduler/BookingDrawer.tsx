import { useLayoutEffect, useState } from 'react';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Divider, Drawer, IconButton, Stack, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { Link, useLocale, useNotify, useTranslate } from 'react-admin';
import { canDo } from '../../../domain/bookings/statuses';
import { apiErrorInfo, isLicenseLimit, useApi } from '../../common/api';
import { bookingActions } from '../../common/bookings/bookingApi';
import { bookingCustomerName, resourceNames, totalQuantity, type Booking } from '../../common/bookings/bookingTypes';
import { CancelFields } from '../../common/bookings/CancelFields';
import { formatRange } from '../../common/bookings/formatRange';
import { StatusChip } from '../../common/bookings/StatusChip';
import { formatAmount } from '../../i18n/format';
import { usePhoneDisplay } from '../../common/usePhoneDisplay';

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="p">
        {label}
      </Typography>
      <Typography variant="body2" component="div">
        {children}
      </Typography>
    </Box>
  );
}

/**
 * A booking's details beside the board (without leaving it, which stays usable; Escape closes) with its main actions: approve, decline,
 * mark as paid, cancel, and a link to its full page for the rest.
 */
export function BookingDrawer({ booking, onClose, onChanged }: { booking: Booking | null; onClose: () => void; onChanged: () => Promise<void> }) {
  const translate = useTranslate();
  const phone = usePhoneDisplay();
  const locale = useLocale();
  const api = useApi();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const [canceling, setCanceling] = useState(false);
  const [reason, setReason] = useState('');
  const [message, setMessage] = useState('');
  // The drawer starts below the app bar, whose height depends on the screen: its title and close button are never under it.
  const [top, setTop] = useState(0);
  const open = booking !== null;
  useLayoutEffect(() => {
    if (!open) return;
    const bar = document.querySelector('header.MuiAppBar-root');
    setTop(bar ? Math.max(0, Math.round(bar.getBoundingClientRect().bottom)) : 0);
  }, [open]);

  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await action();
      notify('scheduler.drawer.done', { type: 'success' });
      await onChanged();
      onClose();
    } catch (error) {
      const info = apiErrorInfo(error);
      if (!isLicenseLimit(info.status)) notify(info.message || 'custom.common.unknownError', { type: 'error' });
    } finally {
      setBusy(false);
      setCanceling(false);
    }
  };

  const b = booking;
  return (
    <Drawer
      anchor="right"
      variant="persistent"
      open={open}
      slotProps={{ paper: { component: 'aside', 'aria-labelledby': 'scheduler-drawer-title', sx: { width: { xs: '100%', sm: 380 }, boxShadow: 8, top, height: `calc(100% - ${top}px)` } } as object }}
    >
      {b ? (
        <Stack spacing={2} sx={{ p: 2 }} data-testid="booking-drawer" onKeyDown={(e) => e.key === 'Escape' && onClose()}>
          <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
            <Typography variant="h6" component="h2" id="scheduler-drawer-title">
              {translate('scheduler.drawer.title', { id: b.Id })}
            </Typography>
            <IconButton onClick={onClose} aria-label={translate('ra.action.close')} autoFocus>
              <CloseIcon />
            </IconButton>
          </Stack>
          <StatusChip statusId={b.StatusId} fallbackName={b.StatusName} />
          <Row label={translate('scheduler.drawer.time')}>{formatRange(b.From, b.To, locale)}</Row>
          <Row label={translate('scheduler.drawer.service')}>{b.ServiceName}</Row>
          <Row label={translate('scheduler.drawer.customer')}>
            {bookingCustomerName(b) || '–'}
            {b.Customer?.Email ? <Box>{b.Customer.Email}</Box> : null}
            {b.Customer?.Phone ? <Box>{phone(b.Customer.Phone)}</Box> : null}
          </Row>
          <Row label={translate('scheduler.drawer.resources')}>{resourceNames(b) || '–'}</Row>
          <Row label={translate('scheduler.drawer.quantity')}>{totalQuantity(b)}</Row>
          <Row label={translate('scheduler.drawer.price')}>{formatAmount(b.TotalPrice, b.PriceSign, locale)}</Row>
          {b.BookedComments ? <Row label={translate('scheduler.drawer.comments')}>{b.BookedComments}</Row> : null}
          <Divider />
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
            {canDo('approve', b.StatusId) ? (
              <Button variant="contained" disabled={busy} onClick={() => void run(() => bookingActions.approve(api, b.Id))}>
                {translate('custom.bookings.actions.approve')}
              </Button>
            ) : null}
            {canDo('decline', b.StatusId) ? (
              <Button disabled={busy} onClick={() => void run(() => bookingActions.decline(api, b.Id))}>
                {translate('custom.bookings.actions.decline')}
              </Button>
            ) : null}
            {canDo('markAsPaid', b.StatusId) ? (
              <Button disabled={busy} onClick={() => void run(() => bookingActions.markAsPaid(api, b.Id))}>
                {translate('custom.bookings.actions.markPaid')}
              </Button>
            ) : null}
            {canDo('cancel', b.StatusId) ? (
              <Button color="error" disabled={busy} onClick={() => setCanceling(true)}>
                {translate('custom.bookings.actions.cancel')}
              </Button>
            ) : null}
            <Button component={Link} to={`/bookings/${b.Id}`}>
              {translate('scheduler.drawer.open')}
            </Button>
          </Stack>
          <Dialog open={canceling} onClose={() => setCanceling(false)} aria-labelledby="scheduler-cancel-title">
            <DialogTitle id="scheduler-cancel-title">{translate('custom.bookings.actions.cancelTitle', { id: b.Id })}</DialogTitle>
            <DialogContent>
              <Typography variant="body2">{translate('custom.bookings.actions.cancelText')}</Typography>
              <CancelFields reason={reason} onReason={setReason} message={message} onMessage={setMessage} />
            </DialogContent>
            <DialogActions>
              <Button onClick={() => setCanceling(false)}>{translate('ra.action.cancel')}</Button>
              <Button color="error" variant="contained" disabled={busy} onClick={() => void run(() => bookingActions.cancel(api, b.Id, { reason, messageToCustomer: message }))}>
                {translate('custom.bookings.actions.cancelConfirm')}
              </Button>
            </DialogActions>
          </Dialog>
        </Stack>
      ) : null}
    </Drawer>
  );
}
