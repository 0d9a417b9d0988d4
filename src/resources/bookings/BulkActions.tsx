import { CancelFields } from '../../common/bookings/CancelFields';
import { useState } from 'react';
import { Alert, Box, Button as MuiButton, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, LinearProgress } from '@mui/material';
import CancelIcon from '@mui/icons-material/EventBusy';
import PaidIcon from '@mui/icons-material/Paid';
import { useListContext, useNotify, useRefresh, useTranslate, useUnselectAll } from 'react-admin';
import { ActionButton } from '../../common/ActionButton';
import { apiErrorInfo } from '../../common/api';
import { useApi } from '../../common/api';
import { bookingFilterOf, bulkBookings } from '../../common/bookings/bookingApi';
import type { Booking } from '../../common/bookings/bookingTypes';
import { ExportButtons, ExportProgress, useBookingExport } from '../../common/bookings/useBookingExport';

type Action = 'cancel' | 'markPaid';
type Scope = 'selected' | 'matching';

/**
 * The booking actions for many at once: cancel (with the message to the customer), mark as paid and
 * export, on the selected rows (`selected`) or on every booking the list's filter matches (`matching`).
 * Cancel and mark as paid go to POST /bookings/bulk (the server pages through what the filter matches).
 * @example <DataTable bulkActionButtons={<BulkBookingActions scope="selected" />} />
 */
export function BulkBookingActions({ scope }: { scope: Scope }) {
  const { selectedIds, filterValues, total, data } = useListContext<Booking & { id: number }>();
  const api = useApi();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const unselectAll = useUnselectAll('bookings');
  const exporter = useBookingExport();
  const [open, setOpen] = useState<Action | null>(null);
  const [reason, setReason] = useState('');
  const [message, setMessage] = useState('');
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const count = scope === 'selected' ? selectedIds.length : (total ?? 0);
  const filter = bookingFilterOf(filterValues);

  const run = async (action: Action) => {
    setProgress({ done: 0, total: count });
    let ok = 0;
    const failures: string[] = [];
    try {
      const target = scope === 'selected' ? { ids: selectedIds.map(Number) } : { filter };
      const outcome = await bulkBookings(api, action === 'cancel' ? 'Cancel' : 'MarkAsPaid', target, { reason, messageToCustomer: message }, (done) =>
        setProgress({ done, total: Math.max(done, count) }),
      );
      ok = outcome.succeeded;
      failures.push(...outcome.failures);
    } catch (error) {
      failures.push(apiErrorInfo(error).message);
    }
    setProgress(null);
    setOpen(null);
    setReason('');
    setMessage('');
    if (ok) notify(`custom.bookings.bulk.${action}Done`, { type: 'success', messageArgs: { smart_count: ok } });
    if (failures.length) notify(translate('custom.bookings.bulk.failed', { smart_count: failures.length, reasons: failures.slice(0, 3).join('; ') }), { type: 'error', autoHideDuration: 10000 });
    unselectAll();
    refresh();
  };

  const exportSource = () => {
    if (scope === 'selected') {
      const chosen = new Set(selectedIds.map(Number));
      return { rows: (data ?? []).filter((b) => chosen.has(b.Id)) };
    }
    return { filter, total: count };
  };

  const prefix = scope === 'selected' ? 'custom.bookings.bulk.selected' : 'custom.bookings.bulk.matching';
  const value = progress?.total ? Math.round((progress.done / progress.total) * 100) : 0;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
      <ActionButton label={`${prefix}.cancel`} onClick={() => setOpen('cancel')} disabled={!count} color="error">
        <CancelIcon />
      </ActionButton>
      <ActionButton label={`${prefix}.markPaid`} onClick={() => setOpen('markPaid')} disabled={!count}>
        <PaidIcon />
      </ActionButton>
      <ExportButtons state={exporter} source={exportSource} disabled={!count} />
      <ExportProgress state={exporter} />
      <Dialog open={open !== null} onClose={() => (progress ? undefined : setOpen(null))} fullWidth maxWidth="sm" aria-labelledby="bulk-bookings-title">
        <DialogTitle id="bulk-bookings-title">{translate(`custom.bookings.bulk.${open ?? 'cancel'}Title`, { smart_count: count })}</DialogTitle>
        <DialogContent>
          <DialogContentText>{translate(`custom.bookings.bulk.${open ?? 'cancel'}Confirm`, { smart_count: count })}</DialogContentText>
          {open === 'cancel' && (
            <CancelFields reason={reason} onReason={setReason} message={message} onMessage={setMessage} />
          )}
          {progress && (
            <Box sx={{ mt: 2 }} role="status" aria-live="polite">
              {progress.total > 300 && <Alert severity="info" sx={{ mb: 1 }}>{translate('custom.bookings.bulk.pleaseWait', { count: progress.total })}</Alert>}
              <LinearProgress variant="determinate" value={value} aria-label={translate('custom.bookings.export.progress', { done: progress.done, total: progress.total })} />
            </Box>
          )}
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={() => setOpen(null)} disabled={!!progress}>
            {translate('ra.action.cancel')}
          </MuiButton>
          <MuiButton variant="contained" color={open === 'cancel' ? 'error' : 'primary'} onClick={() => open && void run(open)} disabled={!!progress}>
            {translate(`custom.bookings.bulk.${open ?? 'cancel'}Go`, { smart_count: count })}
          </MuiButton>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
