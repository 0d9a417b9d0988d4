import { useRef, useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, LinearProgress, Menu, MenuItem, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/GetApp';
import { downloadCSV, fetchRelatedRecords, useDataProvider, useListContext, useNotify, useTranslate, type DataProvider, type RaRecord, type SortPayload } from 'react-admin';
import { csvLines, xlsxOf, type ExportColumn } from '../exporter';
import type { FieldInfo } from '../fields';

/** The most records the API gives in one page (Take); the export reads everything in pages of it. */
export const EXPORT_TAKE = 1000;

/** The export's own meta, so that it asks for whole records and not the list's Fields. */
const WHOLE_RECORDS = {};

export interface ExportProgress {
  done: number;
  total: number;
}

/**
 * Every record the list's filter matches, read page by page (Take EXPORT_TAKE) until the Total is
 * reached; `progress` hears after each page; a signal that aborts stops after the page in flight
 * (and aborts it) and the answer is null.
 */
export async function fetchEverything(
  dataProvider: DataProvider,
  resource: string,
  query: { filter: Record<string, unknown>; sort: SortPayload },
  progress: (p: ExportProgress) => void,
  signal: AbortSignal,
): Promise<RaRecord[] | null> {
  const records: RaRecord[] = [];
  for (let page = 1; ; page += 1) {
    if (signal.aborted) return null;
    const { data, total } = await dataProvider.getList(resource, { pagination: { page, perPage: EXPORT_TAKE }, sort: query.sort, filter: query.filter, meta: WHOLE_RECORDS, signal });
    if (signal.aborted) return null;
    records.push(...data);
    const all = total ?? records.length;
    progress({ done: records.length, total: all });
    if (data.length < EXPORT_TAKE || records.length >= all) return records;
  }
}

type Column = { info: FieldInfo; column: ExportColumn };

/**
 * The list's Export: everything the filter matches (not only the page) to CSV (the button) or Excel
 * (its menu), with a progress bar (x of y) and Cancel while it reads.
 */
export function ExportAllButton({ columns, filename, locale }: { columns: readonly Column[]; filename: string; locale: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider();
  const { resource, filterValues, sort, total } = useListContext();
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const abort = useRef<AbortController | null>(null);

  const run = async (format: 'csv' | 'xlsx') => {
    setMenu(null);
    const controller = new AbortController();
    abort.current = controller;
    setProgress({ done: 0, total: total ?? 0 });
    try {
      const records = await fetchEverything(dataProvider, resource, { filter: filterValues, sort }, setProgress, controller.signal);
      if (!records) return;
      const related: Record<string, Record<string, RaRecord>> = {};
      for (const { info } of columns) {
        if (info.kind === 'reference' && info.spec.reference && records.length) {
          related[info.source] = (await fetchRelatedRecords(dataProvider)(records, info.source, info.spec.reference)) as Record<string, RaRecord>;
        }
      }
      const lines = [columns.map((c) => c.column.header), ...records.map((r) => columns.map((c) => c.column.text(r, related)))];
      if (controller.signal.aborted) return;
      if (format === 'csv') {
        downloadCSV(csvLines(lines, locale), filename);
      } else {
        const blob = await xlsxOf(filename, lines);
        const link = document.createElement('a');
        link.href = URL.createObjectURL(blob);
        link.download = `${filename}.xlsx`;
        link.click();
      }
    } catch (error) {
      if (!controller.signal.aborted) notify(error instanceof Error && error.message ? error.message : 'ra.notification.http_error', { type: 'error' });
    } finally {
      abort.current = null;
      setProgress(null);
    }
  };

  const cancel = () => {
    abort.current?.abort();
    setProgress(null);
  };

  const busy = progress !== null;
  const percent = progress && progress.total ? Math.min(100, Math.round((progress.done / progress.total) * 100)) : 0;
  return (
    <>
      <Button size="small" startIcon={<DownloadIcon />} onClick={() => void run('csv')} disabled={busy || !total} aria-label={translate('ra.action.export')}>
        {translate('ra.action.export')}
      </Button>
      <Button size="small" onClick={(e) => setMenu(e.currentTarget)} disabled={busy || !total} aria-haspopup="menu" aria-label={translate('engine.export.more')}>
        ▾
      </Button>
      <Menu anchorEl={menu} open={Boolean(menu)} onClose={() => setMenu(null)}>
        <MenuItem onClick={() => void run('csv')}>{translate('engine.export.csv')}</MenuItem>
        <MenuItem onClick={() => void run('xlsx')}>{translate('engine.export.xlsx')}</MenuItem>
      </Menu>
      <Dialog open={busy} onClose={cancel} aria-labelledby="engine-export-title">
        <DialogTitle id="engine-export-title">{translate('engine.export.title')}</DialogTitle>
        <DialogContent sx={{ minWidth: 280 }}>
          <LinearProgress variant="determinate" value={percent} aria-label={translate('engine.export.title')} />
          <Typography role="status" sx={{ mt: 1 }}>
            {translate('engine.export.progress', { done: progress?.done ?? 0, total: progress?.total ?? 0 })}
          </Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={cancel}>{translate('ra.action.cancel')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
