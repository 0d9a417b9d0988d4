import { csvLines, neutralise } from '../../engine/exporter';
import type { QueryResponse } from '../../../schema/common';
import type { RebateCodeTransaction } from '../../../schema/rebatecodes';
import type { BookingDataProvider } from '../../dataProvider/types';

/** Page size of export fetches (spec core.md §9). */
export const EXPORT_PAGE_SIZE = 300;

/** Filters of the transactions report as the API names them. */
export interface TransactionFilter {
  CustomerId?: number;
  CreatedFrom?: string;
  CreatedTo?: string;
}

/**
 * Every transaction matching the filter, fetched in pages of EXPORT_PAGE_SIZE
 * (GET /rebatecodes/transactions?Take=300&Offset=…).
 * @example const rows = await fetchAllTransactions(api, { CustomerId: 7 });
 */
export async function fetchAllTransactions(api: BookingDataProvider, filter: TransactionFilter): Promise<RebateCodeTransaction[]> {
  const rows: RebateCodeTransaction[] = [];
  for (let offset = 0; ; offset += EXPORT_PAGE_SIZE) {
    const page = await api.call<QueryResponse<RebateCodeTransaction>>('GET', '/rebatecodes/transactions', {
      query: { ...filter, OrderBy: '-Created', Take: EXPORT_PAGE_SIZE, Offset: offset },
    });
    rows.push(...page.Results);
    if (page.Results.length < EXPORT_PAGE_SIZE || rows.length >= page.Total) return rows;
  }
}

export interface ExportColumn {
  header: string;
  key: string;
  width: number;
  value: (t: RebateCodeTransaction) => string | number;
}

/**
 * The rows as an Excel workbook or CSV file (exceljs, loaded on first use).
 * @example const blob = await transactionsFile(rows, columns, 'xlsx');
 */
export async function transactionsFile(rows: RebateCodeTransaction[], columns: ExportColumn[], format: 'xlsx' | 'csv', sheetName: string, locale = 'sv'): Promise<Blob> {
  const text = (v: string | number) => (typeof v === 'number' ? String(v).replace('.', locale === 'en' ? '.' : ',') : v);
  if (format === 'csv') {
    return new Blob([csvLines([columns.map((c) => c.header), ...rows.map((row) => columns.map((c) => text(c.value(row))))], locale)], { type: 'text/csv;charset=utf-8' });
  }
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31));
  sheet.columns = columns.map((c) => ({ header: c.header, key: c.key, width: c.width }));
  for (const row of rows) sheet.addRow(Object.fromEntries(columns.map((c) => [c.key, typeof c.value(row) === 'string' ? neutralise(c.value(row) as string) : c.value(row)])));
  sheet.getRow(1).font = { bold: true };
  const buffer = await workbook.xlsx.writeBuffer();
  return new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
}
