import { useState } from 'react';
import { Alert, Box, LinearProgress, Stack } from '@mui/material';
import GridOnIcon from '@mui/icons-material/GridOn';
import DescriptionIcon from '@mui/icons-material/Description';
import { useLocale, useNotify, useTranslate } from 'react-admin';
import { ActionButton } from '../ActionButton';
import { useApi } from '../api';
import { EXPORT_PAGE_SIZE, fetchAllBookings, type BookingFilter } from './bookingApi';
import { saveBlob } from '../saveBlob';
import { bookingsFile } from './bookingExport';
import type { Booking } from './bookingTypes';
import { useBookingStatuses } from './useBookingStatuses';

export type ExportFormat = 'xlsx' | 'csv';

/** Where the rows of an export come from: what a filter matches (fetched in pages of 300) or rows at hand. */
export type ExportSource = { filter: BookingFilter; total: number } | { rows: readonly Booking[] };

/**
 * Runs a bookings export: fetches in pages of 300 with progress, then saves the Excel or CSV file.
 * @example
 * const exporter = useBookingExport();
 * await exporter.run({ filter, total }, 'xlsx');
 * <ExportProgress state={exporter} />
 */
export function useBookingExport() {
  const api = useApi();
  const translate = useTranslate();
  const locale = useLocale();
  const notify = useNotify();
  const { byId } = useBookingStatuses();
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);

  const run = async (source: ExportSource, format: ExportFormat) => {
    const total = 'rows' in source ? source.rows.length : source.total;
    setProgress({ done: 0, total });
    try {
      const rows = 'rows' in source ? source.rows : await fetchAllBookings(api, source.filter, (done, all) => setProgress({ done, total: all }));
      const blob = await bookingsFile(rows, format, { translate, locale, statuses: byId });
      saveBlob(blob, `${translate('custom.bookings.export.fileName')}.${format}`);
      notify('custom.bookings.export.done', { type: 'success', messageArgs: { smart_count: rows.length } });
    } catch (error) {
      notify((error as Error)?.message || 'ra.notification.http_error', { type: 'error' });
    } finally {
      setProgress(null);
    }
  };
  return { run, progress, busy: progress !== null };
}

/** The please-wait message (over 300 bookings) and a progress bar while an export runs. */
export function ExportProgress({ state }: { state: ReturnType<typeof useBookingExport> }) {
  const translate = useTranslate();
  const { progress } = state;
  if (!progress) return null;
  const value = progress.total ? Math.min(100, Math.round((progress.done / progress.total) * 100)) : 0;
  return (
    <Stack spacing={1} sx={{ my: 1, width: '100%' }} role="status" aria-live="polite">
      {progress.total > EXPORT_PAGE_SIZE && <Alert severity="info">{translate('custom.bookings.export.pleaseWait', { count: progress.total })}</Alert>}
      <Box>
        <LinearProgress variant="determinate" value={value} aria-label={translate('custom.bookings.export.progress', { done: progress.done, total: progress.total })} />
      </Box>
    </Stack>
  );
}

/**
 * Excel and CSV buttons for an export source.
 * @example <ExportButtons state={exporter} source={{ filter, total }} disabled={!total} />
 */
export function ExportButtons({ state, source, disabled }: { state: ReturnType<typeof useBookingExport>; source: () => ExportSource; disabled?: boolean }) {
  return (
    <>
      <ActionButton label="custom.bookings.export.excel" onClick={() => void state.run(source(), 'xlsx')} disabled={disabled || state.busy}>
        <GridOnIcon />
      </ActionButton>
      <ActionButton label="custom.bookings.export.csv" onClick={() => void state.run(source(), 'csv')} disabled={disabled || state.busy}>
        <DescriptionIcon />
      </ActionButton>
    </>
  );
}
