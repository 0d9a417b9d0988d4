import { CancelFields } from '../../common/bookings/CancelFields';
import { useState } from 'react';
import { Alert, Box, Button as MuiButton, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, LinearProgress, Typography } from '@mui/material';
import CancelIcon from '@mui/icons-material/EventBusy';
import PaidIcon from '@mui/icons-material/Paid';
import { useListContext, useNotify, useRefresh, useTranslate, useUnselectAll, type Identifier } from 'react-admin';
import { ActionButton } from '../../common/ActionButton';
import { Embed } from '../../common/embeds';
import { apiErrorInfo } from '../../common/api';
import { useApi } from '../../common/api';
import { EXPORT_PAGE_SIZE, bookingFilterOf, bulkBookings } from '../../common/bookings/bookingApi';
import type { Booking } from '../../common/bookings/bookingTypes';
import { ExportButtons, ExportProgress, useBookingExport, type ExportFormat, type ExportSource } from '../../common/bookings/useBookingExport';

type Action = 'cancel' | 'markPaid';
type Scope = 'selected' | 'matching';

const byTime = (a: Booking, b: Booking) => a.From.localeCompare(b.From) || a.Id - b.Id;

/**
 * The exporter of a selection that may span pages: the rows at hand (the selected ones on this page)
 * are topped up with the other selected bookings, fetched by id (GET /bookings?Id=…, 300 a call, with
 * progress), and the file lists them all by time as the report's export does.
 * @example
 * const exporter = useSelectionExport(selectedIds);
 * <ExportButtons state={exporter} source={() => ({ rows: selectedOnPage })} />
 */
function useSelectionExport(selectedIds: readonly Identifier[]): ReturnType<typeof useBookingExport> {
  const api = useApi();
  const notify = useNotify();
  const exporter = useBookingExport();
  const [gathering, setGathering] = useState<{ done: number; total: number } | null>(null);

  const run = async (source: ExportSource, format: ExportFormat) => {
    if (!('rows' in source)) return exporter.run(source, format);
    const here = new Set(source.rows.map((b) => b.Id));
    const missing = [...new Set(selectedIds.map(Number))].filter((id) => !here.has(id));
    const rows = [...source.rows];
    const total = rows.length + missing.length;
    try {
      setGathering({ done: rows.length, total });
      for (let at = 0; at < missing.length; at += EXPORT_PAGE_SIZE) {
        const { data } = await api.getMany<Booking & { id: number }>('bookings', { ids: missing.slice(at, at + EXPORT_PAGE_SIZE) });
        rows.push(...data);
        setGathering({ done: rows.length, total });
      }
    } catch (error) {
      notify(apiErrorInfo(error).message || 'ra.notification.http_error', { type: 'error' });
      return;
    } finally {
      setGathering(null);
    }
    await exporter.run({ rows: rows.sort(byTime) }, format);
  };
  return { run, progress: gathering ?? exporter.progress, busy: exporter.busy || gathering !== null };
}

/**
 * The booking actions for many at once: cancel (with the message to the customer), mark as paid and
 * export, on the selected rows (`selected`) or on every booking the list's filter matches (`matching`).
 * Cancel and mark as paid go to POST /bookings/bulk (the server pages through what the filter matches).
 * A selection is counted ("3 selected") and may span pages: its export holds every selected booking.
 * @example <DataTable bulkActionButtons={<BulkBookingActions scope="selected" />} />
 */
export function BulkBookingActions({ scope }: { scope: Scope }) {
  const { selectedIds, filterValues, total, data } = useListContext<Booking & { id: number }>();
  const api = useApi();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const unselectAll = useUnselectAll('bookings');
  const exporter = useSelectionExport(selectedIds);
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

  const exportSource = (): ExportSource => {
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
      {scope === 'selected' && (
        <Typography variant="body2" sx={{ fontWeight: 500, px: 1 }}>
          {translate('custom.bookings.bulk.selectedCount', { smart_count: selectedIds.length })}
        </Typography>
      )}
      <ActionButton label={`${prefix}.cancel`} onClick={() => setOpen('cancel')} disabled={!count} color="error">
        <CancelIcon />
      </ActionButton>
      <ActionButton label={`${prefix}.markPaid`} onClick={() => setOpen('markPaid')} disabled={!count}>
        <PaidIcon />
      </ActionButton>
      <ExportButtons state={exporter} source={exportSource} disabled={!count} />
      {scope === 'selected' && <Embed name="bookingsInvoice" bookingIds={selectedIds.map(Number)} onDone={refresh} />}
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
