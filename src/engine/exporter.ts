import type { RaRecord } from 'react-admin';
import { formatAmount, formatWireDate } from '../i18n/format';
import type { FieldInfo } from './fields';

type Translate = (key: string, options?: { _?: string }) => string;

/** One column of an export: its header in the user's language and the cell text of a record. */
export interface ExportColumn {
  header: string;
  text(record: RaRecord, related: Record<string, Record<string, RaRecord>>): string;
}

const valueAt = (record: RaRecord, source: string): unknown =>
  source.split('.').reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), record);

/**
 * A list column as the screen shows it, in text: dates and money in the interface language, choices
 * and yes/no translated, references by their name.
 */
export function exportColumn(resource: string, info: FieldInfo, label: string | undefined, translate: Translate, locale: string): ExportColumn {
  const { source, kind, choices, spec } = info;
  const header = translate(label ?? `resources.${resource}.fields.${source}`, { _: source });
  return {
    header,
    text(record, related) {
      const value = valueAt(record, source);
      if (value === null || value === undefined || value === '') return '';
      switch (kind) {
        case 'date':
        case 'datetime':
          return typeof value === 'string' ? formatWireDate(value, locale) : String(value);
        case 'time':
          return String(value).slice(0, 5);
        case 'money':
          return typeof value === 'number' ? formatAmount(value, typeof record.PriceSign === 'string' ? record.PriceSign : '', locale) : String(value);
        case 'boolean':
          return translate(value ? 'ra.boolean.true' : 'ra.boolean.false');
        case 'enum':
          return choices.find((c) => c.id === value)?.name ?? String(value);
        case 'reference': {
          const target = related[source]?.[String(value)];
          const name = target && (spec.optionText ? target[spec.optionText] : (target.Name ?? target.name));
          return typeof name === 'string' ? name : String(value);
        }
        default:
          return Array.isArray(value) ? value.map(String).join(', ') : typeof value === 'object' ? '' : String(value);
      }
    },
  };
}

/** A cell that is a number as people write it (-150, +3,5 %, -1 500 kr): left as it is. */
const NUMBER_LIKE = /^[+-]?\d[\d\s.,\u00a0]*(?:\s?[%\p{L}€$£]{0,4})$/u;

/**
 * A cell Excel would run as a formula (=, +, -, @, a tab or carriage return first) gets a leading
 * apostrophe, so an exported name like `=HYPERLINK(...)` stays text (CSV injection); numbers stay numbers.
 * @example neutralise('=1+1') // "'=1+1"
 */
export function neutralise(text: string): string {
  return /^[=+\-@\t\r]/.test(text) && !NUMBER_LIKE.test(text) ? `'${text}` : text;
}

/** One CSV cell, neutralised, and quoted when it holds the separator, a quote or a line break (RFC 4180). */
function cell(raw: string, separator: string): string {
  const text = neutralise(raw);
  return text.includes(separator) || /["\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The separator Excel expects in the locale: `,` in English, `;` where the decimal mark is a comma (sv, fi, no). */
export const csvSeparator = (locale: string) => (locale === 'en' ? ',' : ';');

/**
 * The admin's one CSV writer: lines of cells as text that Excel reads as it is: UTF-8 with a
 * byte-order mark (å, ä, ö stay themselves), `;` between cells where the decimal mark is a comma,
 * formulas neutralised. Every CSV export of the admin goes through it.
 * @example csvLines([['Förnamn'], ['Åsa']], 'sv') // '\uFEFFFörnamn\r\nÅsa\r\n'
 */
export function csvLines(lines: readonly (readonly string[])[], locale: string): string {
  const separator = csvSeparator(locale);
  return `\uFEFF${lines.map((cells) => cells.map((c) => cell(c, separator)).join(separator)).join('\r\n')}\r\n`;
}

/**
 * The CSV text of records: a header row, then a row per record (through csvLines).
 * @example
 * csvOf(columns, records, 'sv') // '\uFEFFFörnamn;Efternamn\r\nAnna;Berg\r\n'
 */
export function csvOf(columns: readonly ExportColumn[], records: readonly RaRecord[], locale: string, related: Record<string, Record<string, RaRecord>> = {}): string {
  return csvLines([columns.map((c) => c.header), ...records.map((r) => columns.map((c) => c.text(r, related)))], locale);
}

/**
 * An Excel workbook (exceljs, loaded on first use so it stays out of the first bundle) of one sheet:
 * a bold header row, then the lines; text cells are neutralised like the CSV's.
 */
export async function xlsxOf(sheetName: string, lines: readonly (readonly (string | number | Date)[])[]): Promise<Blob> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName.replace(/[*?:\\/[\]]/g, ' ').slice(0, 31) || 'Sheet1');
  for (const line of lines) sheet.addRow(line.map((v) => (typeof v === 'string' ? neutralise(v) : v)));
  sheet.getRow(1).font = { bold: true };
  const buffer = await workbook.xlsx.writeBuffer();
  return new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
}
