import { csvLines, xlsxOf } from '../../engine/exporter';
import { saveBlob } from '../../common/saveBlob';

/** A table: its header, its rows as the screen writes them, and the same rows as exported (numbers stay numbers). */
export interface TableData {
  header: string[];
  rows: string[][];
  values: (string | number)[][];
}

/**
 * Saves a table as CSV (the admin's one CSV writer: separator by language, formulas neutralised) or
 * as an Excel workbook (exceljs, loaded on first use).
 */
export async function exportTable(table: TableData, kind: 'csv' | 'xlsx', name: string, locale: string): Promise<void> {
  if (kind === 'csv') {
    const text = csvLines([table.header, ...table.values.map((row) => row.map(String))], locale);
    saveBlob(new Blob([text], { type: 'text/csv;charset=utf-8' }), `${name}.csv`);
    return;
  }
  saveBlob(await xlsxOf(name, [table.header, ...table.values]), `${name}.xlsx`);
}
