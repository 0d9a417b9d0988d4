import { useState } from 'react';
import GridOnIcon from '@mui/icons-material/GridOn';
import DescriptionIcon from '@mui/icons-material/Description';
import { useListContext, useLocale, useNotify, useTranslate } from 'react-admin';
import { ActionButton } from '../../common/ActionButton';
import type { RebateCodeTransaction } from '../../../schema/rebatecodes';
import { saveBlob } from '../../common/saveBlob';
import { useCurrencySign } from '../../common/useCurrencySign';
import { useApi } from '../../common/api';
import { EXPORT_PAGE_SIZE, fetchAllTransactions, transactionsFile, type ExportColumn, type TransactionFilter } from './exportTransactions';
import { formatChange, shortDateTime } from './transactionCells';

const filterOf = (values: Record<string, unknown>): TransactionFilter => ({
  CustomerId: typeof values.CustomerId === 'number' ? values.CustomerId : undefined,
  CreatedFrom: typeof values.CreatedFrom === 'string' && values.CreatedFrom ? values.CreatedFrom.slice(0, 10) : undefined,
  CreatedTo: typeof values.CreatedTo === 'string' && values.CreatedTo ? values.CreatedTo.slice(0, 10) : undefined,
});

/**
 * Exports the transactions report with the list's filters to Excel and CSV, fetching pages of 300;
 * over 300 rows a please-wait message shows first.
 */
export function ExportButtons() {
  const { filterValues, total } = useListContext<RebateCodeTransaction & { id: number }>();
  const api = useApi();
  const notify = useNotify();
  const translate = useTranslate();
  const locale = useLocale();
  const sign = useCurrencySign();
  const [busy, setBusy] = useState(false);

  const columns: ExportColumn[] = [
    { header: translate('custom.promoCodes.columns.Created'), key: 'Created', width: 18, value: (t) => shortDateTime(t.Created, locale) },
    { header: translate('custom.promoCodes.columns.RebateCodeSign'), key: 'RebateCodeSign', width: 16, value: (t) => t.RebateCodeSign },
    {
      header: translate('custom.promoCodes.columns.Type'),
      key: 'Type',
      width: 16,
      value: (t) => translate(`resources.promo-codes.choices.RebateCodeTypeId.${t.RebateCodeTypeId}`),
    },
    { header: translate('custom.promoCodes.columns.ChangeType'), key: 'ChangeType', width: 12, value: (t) => translate(`custom.promoCodes.changeTypes.${t.ChangeType}`) },
    { header: translate('custom.promoCodes.columns.Amount'), key: 'Amount', width: 12, value: (t) => (t.ChangeType === 'Decrease' ? -t.Amount : t.Amount) },
    { header: translate('custom.promoCodes.columns.Usage'), key: 'Usage', width: 10, value: (t) => (t.ChangeType === 'Decrease' ? -t.Usage : t.Usage) },
    { header: translate('custom.promoCodes.columns.Change'), key: 'Change', width: 14, value: (t) => formatChange(t, sign, locale, translate) },
    { header: translate('custom.promoCodes.columns.CustomerName'), key: 'CustomerName', width: 24, value: (t) => t.CustomerName ?? '' },
    { header: translate('custom.promoCodes.columns.ServiceName'), key: 'ServiceName', width: 24, value: (t) => t.ServiceName ?? '' },
    { header: translate('custom.promoCodes.columns.BookingId'), key: 'BookingId', width: 10, value: (t) => t.BookingId ?? '' },
    { header: translate('custom.promoCodes.columns.Comment'), key: 'Comment', width: 30, value: (t) => t.Comment ?? '' },
  ];

  const run = async (format: 'xlsx' | 'csv') => {
    setBusy(true);
    try {
      if ((total ?? 0) > EXPORT_PAGE_SIZE) notify('custom.promoCodes.exportWait', { type: 'info', messageArgs: { count: total } });
      const rows = await fetchAllTransactions(api, filterOf(filterValues));
      const blob = await transactionsFile(rows, columns, format, translate('custom.promoCodes.tabs.transactionsReport'), locale);
      saveBlob(blob, `${translate('custom.promoCodes.exportFileName')}.${format}`);
    } catch (error) {
      notify((error as Error)?.message || 'ra.notification.http_error', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {/* The label as aria-label too: at phone width react-admin draws a disabled Button as an unnamed icon. */}
      <ActionButton label="custom.promoCodes.exportExcel" onClick={() => run('xlsx')} disabled={busy || !total}>
        <GridOnIcon />
      </ActionButton>
      <ActionButton label="custom.promoCodes.exportCsv" onClick={() => run('csv')} disabled={busy || !total}>
        <DescriptionIcon />
      </ActionButton>
    </>
  );
}
