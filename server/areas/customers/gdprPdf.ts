import { DateTime } from 'luxon';
import type { GdprCustomerExport } from '../../../schema/customers';
import { fill, type Lang, type Texts } from '../../shared/messages';
import { htmlToText } from '../../shared/html';
import { pdfBuffer, type PdfDoc } from '../../shared/pdf';
import texts from './gdprTexts.json' with { type: 'json' };

const WORDS: Record<keyof typeof texts.words, Texts> = texts.words;
const TABLES: Record<string, Texts> = texts.tables;

/** A value in the PDF: instants in the company's zone, JSON as text, HTML as its text, long text shortened. */
function shown(value: unknown, zone: string): string {
  if (value === null || value === undefined || value === '') return '–';
  if (typeof value === 'string') {
    if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?([+-]\d{2}:?\d{2}|Z)$/.test(value)) {
      const at = DateTime.fromISO(value).setZone(zone);
      if (at.isValid) return at.toFormat('yyyy-MM-dd HH:mm');
    }
    const text = /<[a-z][^>]*>/i.test(value) ? htmlToText(value) : value;
    const flat = text.replace(/\s+/g, ' ').trim();
    return flat.length > 400 ? `${flat.slice(0, 400)}…` : flat;
  }
  if (typeof value === 'object') return shown(JSON.stringify(value), zone);
  return String(value);
}

function heading(doc: PdfDoc, text: string): void {
  doc.moveDown(0.6).font('Helvetica-Bold').fontSize(13).fillColor('black').text(text).moveDown(0.2);
}

function pairs(doc: PdfDoc, rows: [string, string][]): void {
  for (const [label, value] of rows) {
    doc.font('Helvetica-Bold').fontSize(10).text(`${label}: `, { continued: true }).font('Helvetica').text(value);
  }
}

/** One stored row as "column: value" lines, indented under a rule. */
function row(doc: PdfDoc, record: Record<string, unknown>, zone: string): void {
  const line = Object.entries(record)
    .filter(([column]) => column !== 'company_id')
    .map(([column, value]) => `${column}: ${shown(value, zone)}`)
    .join('  ·  ');
  doc.font('Helvetica').fontSize(9).fillColor('#222222').text(line, { indent: 8 }).moveDown(0.3);
}

/**
 * The export as a readable PDF in the caller's language: the customer's details and consents, then
 * each table's rows (every column, instants in the company's zone), with a title per table.
 * @example reply.type('application/pdf').send(await exportPdf(data, 'Solrosens Yoga', 'sv', 'Europe/Stockholm'));
 */
export function exportPdf(data: GdprCustomerExport, companyName: string, lang: Lang, zone: string): Promise<Buffer> {
  const c = data.Customer;
  const name = `${c.Firstname} ${c.Lastname}`.trim();
  const title = fill(WORDS.title[lang], { name });
  return pdfBuffer(title, (doc) => {
    doc.font('Helvetica-Bold').fontSize(18).text(title).moveDown(0.3);
    doc.font('Helvetica').fontSize(10).text(fill(WORDS.intro[lang], { company: companyName, at: data.Exported.replace('T', ' ').slice(0, 16) }));
    if (data.Erased) doc.moveDown(0.3).text(fill(WORDS.erased[lang], { at: data.Erased.replace('T', ' ').slice(0, 16) }));

    heading(doc, WORDS.customer[lang]);
    const address = c.InvoiceAddress;
    pairs(doc, [
      ['Id', String(c.Id)],
      ['Firstname', shown(c.Firstname, zone)],
      ['Lastname', shown(c.Lastname, zone)],
      ['Email', shown(c.Email, zone)],
      ['Phone', shown(c.Phone, zone)],
      ['PersonalIdentityNumber', shown(c.PersonalIdentityNumber, zone)],
      ['InvoiceAddress', shown([address?.CorporateIdentityNumber, address?.InvoiceAddress1, address?.InvoiceAddress2, address?.InvoicePostalCode, address?.InvoiceCity, address?.InvoiceCountryCode].filter(Boolean).join(', '), zone)],
      ['ImageUrl', shown(c.ImageUrl, zone)],
      ...c.CustomFieldValues.map((v): [string, string] => [v.Name || `CustomField ${v.Id}`, shown(v.Value, zone)]),
      ...c.AccessKeys.map((k): [string, string] => ['AccessKey', shown(k.Value, zone)]),
      ['Created', shown(c.Created.replace('T', ' '), zone)],
      ['Updated', shown(c.Updated.replace('T', ' '), zone)],
    ]);

    heading(doc, WORDS.consents[lang]);
    pairs(doc, [[WORDS.newsletter[lang], c.SubscribedToNewsletter ? WORDS.yes[lang] : WORDS.no[lang]]]);

    for (const [table, rows] of Object.entries(data.Related)) {
      heading(doc, `${TABLES[table]?.[lang] ?? table} (${fill(WORDS.rows[lang], { count: rows.length })})`);
      if (!rows.length) doc.font('Helvetica').fontSize(9).fillColor('#555555').text(WORDS.none[lang]);
      for (const record of rows) row(doc, record as Record<string, unknown>, zone);
    }
  });
}
