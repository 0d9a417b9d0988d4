import { csvLines } from '../../engine/exporter';
import { formatAmount, formatWireDate } from '../../i18n/format';
import { bookingCustomerName, bookingPriceSign, resourceNames, totalQuantity, type Booking, type BookingStatus } from './bookingTypes';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** What an Excel cell holds: a value Excel can count with, and how it is shown. */
interface SheetCell {
  value: string | number | Date;
  numFmt?: string;
}

/** One column of a bookings export: its header key, the text of a booking's cell, and its Excel cell where that is not the text. */
interface BookingColumn {
  key: string;
  width: number;
  value(b: Booking, ctx: { locale: string; statuses: Map<number, BookingStatus> }): string | number;
  sheet?(b: Booking): SheetCell | null;
}

/** Dates and times as Excel shows them whatever the reader's settings: year first, as the Nordic languages write them. */
const DATE_TIME = 'yyyy-mm-dd hh:mm';

/**
 * A wire date-time (the company's wall-clock time) as an Excel date: Excel has no zones, so the
 * wall-clock reading is stored as it is (exceljs writes a Date by its UTC fields).
 */
const sheetDate = (wire: string | null | undefined): SheetCell | null => (wire ? { value: new Date(`${wire.length === 10 ? `${wire}T00:00:00` : wire}Z`), numFmt: DATE_TIME } : null);

const COLUMNS: readonly BookingColumn[] = [
  { key: 'Id', width: 10, value: (b) => b.Id },
  { key: 'From', width: 18, value: (b, c) => formatWireDate(b.From, c.locale), sheet: (b) => sheetDate(b.From) },
  { key: 'To', width: 18, value: (b, c) => formatWireDate(b.To, c.locale), sheet: (b) => sheetDate(b.To) },
  { key: 'ServiceName', width: 24, value: (b) => b.ServiceName ?? '' },
  { key: 'CustomerName', width: 24, value: (b) => bookingCustomerName(b) },
  { key: 'Email', width: 26, value: (b) => b.Customer?.Email ?? '' },
  { key: 'Phone', width: 16, value: (b) => b.Customer?.Phone ?? '' },
  { key: 'Resources', width: 22, value: (b) => resourceNames(b) },
  { key: 'Quantity', width: 10, value: (b) => totalQuantity(b) },
  {
    key: 'TotalPrice',
    width: 14,
    value: (b, c) => (b.TotalPrice == null ? '' : formatAmount(b.TotalPrice, bookingPriceSign(b), c.locale)),
    // A number that sums, shown with its currency sign.
    sheet: (b) => (b.TotalPrice == null ? null : { value: b.TotalPrice, numFmt: `#,##0.00${bookingPriceSign(b) ? ` "${bookingPriceSign(b).replace(/"/g, '')}"` : ''}` }),
  },
  { key: 'StatusId', width: 18, value: (b, c) => c.statuses.get(b.StatusId)?.Name ?? b.StatusName ?? String(b.StatusId) },
  { key: 'CreatedDate', width: 18, value: (b, c) => (b.CreatedDate ? formatWireDate(b.CreatedDate, c.locale) : ''), sheet: (b) => sheetDate(b.CreatedDate) },
];

/**
 * CSV through the admin's one CSV writer (csvLines in src/engine/exporter.ts): UTF-8 with a byte-order
 * mark, `;` between cells where the decimal mark is a comma (sv, fi, no), `,` in English, RFC 4180 quoting,
 * formulas neutralised.
 * @example csvText([['Id', 'Kund'], ['1', 'Ann; Berg']], 'sv') // '\uFEFFId;Kund\r\n1;"Ann; Berg"\r\n'
 */
export function csvText(lines: readonly (readonly string[])[], locale: string): string {
  return csvLines(lines, locale);
}

/**
 * The bookings as an Excel workbook (exceljs, loaded on first use) or a CSV file (the admin's CSV
 * writer: byte-order mark, `;` where the decimal mark is a comma), headers in the interface language,
 * dates in the company's local time as the wire gives them. In Excel, times are dates and prices are
 * numbers (with their formats), so a reader can sort by time and sum the prices.
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
  for (const booking of rows) {
    const row = sheet.addRow(COLUMNS.map((c) => c.value(booking, ctx)));
    COLUMNS.forEach((c, i) => {
      if (!c.sheet) return;
      const cell = row.getCell(i + 1);
      const typed = c.sheet(booking);
      cell.value = typed?.value ?? '';
      if (typed?.numFmt) cell.numFmt = typed.numFmt;
    });
  }
  sheet.getRow(1).font = { bold: true };
  const buffer = await workbook.xlsx.writeBuffer();
  return new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
}
