import { formatAmount, formatWireDate } from '../../i18n/format';
import { bookingCustomerName, resourceNames, totalQuantity, type Booking, type BookingStatus } from './bookingTypes';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** One column of a bookings export: its header key and the cell of a booking. */
interface BookingColumn {
  key: string;
  width: number;
  value(b: Booking, ctx: { locale: string; statuses: Map<number, BookingStatus> }): string | number;
}

const COLUMNS: readonly BookingColumn[] = [
  { key: 'Id', width: 10, value: (b) => b.Id },
  { key: 'From', width: 18, value: (b, c) => formatWireDate(b.From, c.locale) },
  { key: 'To', width: 18, value: (b, c) => formatWireDate(b.To, c.locale) },
  { key: 'ServiceName', width: 24, value: (b) => b.ServiceName ?? '' },
  { key: 'CustomerName', width: 24, value: (b) => bookingCustomerName(b) },
  { key: 'Email', width: 26, value: (b) => b.Customer?.Email ?? '' },
  { key: 'Phone', width: 16, value: (b) => b.Customer?.Phone ?? '' },
  { key: 'Resources', width: 22, value: (b) => resourceNames(b) },
  { key: 'Quantity', width: 10, value: (b) => totalQuantity(b) },
  { key: 'TotalPrice', width: 14, value: (b, c) => (b.TotalPrice == null ? '' : formatAmount(b.TotalPrice, b.PriceSign ?? b.Quantities?.[0]?.PriceSign ?? '', c.locale)) },
  { key: 'StatusId', width: 18, value: (b, c) => c.statuses.get(b.StatusId)?.Name ?? b.StatusName ?? String(b.StatusId) },
  { key: 'CreatedDate', width: 18, value: (b, c) => (b.CreatedDate ? formatWireDate(b.CreatedDate, c.locale) : '') },
];

/**
 * CSV as the admin's list exporter writes it (src/resources/engine/exporter.ts): UTF-8 with a byte-order
 * mark, `;` between cells where the decimal mark is a comma (sv, fi, no), `,` in English, RFC 4180 quoting.
 * @example csvText([['Id', 'Kund'], ['1', 'Ann; Berg']], 'sv') // '\uFEFFId;Kund\r\n1;"Ann; Berg"\r\n'
 */
export function csvText(lines: readonly (readonly string[])[], locale: string): string {
  const separator = locale === 'en' ? ',' : ';';
  const cell = (text: string) => (text.includes(separator) || /["\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);
  return `\uFEFF${lines.map((cells) => cells.map(cell).join(separator)).join('\r\n')}\r\n`;
}

/**
 * The bookings as an Excel workbook (exceljs, loaded on first use) or a CSV file (the admin's CSV
 * writer: byte-order mark, `;` where the decimal mark is a comma), headers in the interface language,
 * dates in the company's local time as the wire gives them.
 * @example const blob = await bookingsFile(rows, 'xlsx', { translate, locale: 'sv', statuses });
 */
export async function bookingsFile(
  rows: readonly Booking[],
  format: 'xlsx' | 'csv',
  options: { translate: Translate; locale: string; statuses: Map<number, BookingStatus>; sheetName?: string },
): Promise<Blob> {
  const { translate, locale, statuses } = options;
  const ctx = { locale, statuses };
  const header = (key: string) => translate(`resources.bookings.fields.${key}`, { _: key });
  if (format === 'csv') {
    const lines = [COLUMNS.map((c) => header(c.key)), ...rows.map((row) => COLUMNS.map((c) => String(c.value(row, ctx))))];
    return new Blob([csvText(lines, locale)], { type: 'text/csv;charset=utf-8' });
  }
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet((options.sheetName ?? translate('resources.bookings.name', { smart_count: 2 })).slice(0, 31));
  sheet.columns = COLUMNS.map((c) => ({ header: header(c.key), key: c.key, width: c.width }));
  for (const row of rows) sheet.addRow(Object.fromEntries(COLUMNS.map((c) => [c.key, c.value(row, ctx)])));
  sheet.getRow(1).font = { bold: true };
  const buffer = await workbook.xlsx.writeBuffer();
  return new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
}
