import { formatMoney, toMinor, vatOfGross } from '../../domain/pricing';
import type { Db } from '../db/db';
import type { Lang, Texts } from './messages';
import receiptTexts from './receipt.json' with { type: 'json' };
import { pdfBuffer } from './pdf';

/** The seller as a receipt names it. */
export interface ReceiptCompany {
  Name: string;
  OrganisationNumber: string;
  Address: string[];
  Email: string;
  Phone: string;
  Homepage: string;
}

/** One line of a receipt: VAT-inclusive amount in major units and its VAT rate in percent. */
export interface ReceiptLine {
  text: string;
  quantity: number;
  amount: number;
  vatPercent: number;
}

/** What a receipt shows (a booking's or an article's). */
export interface ReceiptContent {
  /** e.g. 'Kvitto – bokning #12'. */
  title: string;
  /** Receipt number, e.g. 'B-12'. */
  number: string;
  /** Company-local date and time, yyyy-MM-dd HH:mm. */
  date: string;
  company: ReceiptCompany;
  /** Label/value rows under the heading (service, time, customer…). */
  details: [string, string][];
  lines: ReceiptLine[];
  priceSign: string;
  /** Already paid, major units (a booking); omitted for an article. */
  paid?: number;
  lang: Lang;
}

const WORDS = receiptTexts.words satisfies Record<string, Texts>;

/** One row per VAT rate: the rate, the VAT-inclusive total, the VAT it holds and the net, in minor units. */
export function vatByRate(lines: readonly ReceiptLine[]): { rate: number; gross: number; vat: number; net: number }[] {
  const rates = new Map<number, number>();
  for (const line of lines) rates.set(line.vatPercent, (rates.get(line.vatPercent) ?? 0) + toMinor(line.amount));
  return [...rates.entries()]
    .sort(([a], [b]) => b - a)
    .map(([rate, gross]) => {
      const vat = vatOfGross(gross, rate);
      return { rate, gross, vat, net: gross - vat };
    });
}

/** The company's details for a receipt's head. */
export async function receiptCompany(db: Db, companyId: number): Promise<ReceiptCompany> {
  const row = await db.one<{ name: string; organisation_number: string; street1: string; street2: string | null; zip_code: string; city: string; email: string; phone: string | null; homepage: string | null }>(
    'select name, organisation_number, street1, street2, zip_code, city, email, phone, homepage from companies where id = $1',
    [companyId],
  );
  return {
    Name: row!.name,
    OrganisationNumber: row!.organisation_number,
    Address: [row!.street1, row!.street2 ?? '', `${row!.zip_code} ${row!.city}`.trim()].filter(Boolean),
    Email: row!.email,
    Phone: row!.phone ?? '',
    Homepage: row!.homepage ?? '',
  };
}

// Intl writes a minus sign (U+2212) that the PDF's standard fonts do not have.
const pdfSafe = (text: string) => text.replace(/\u2212/g, '-');

/**
 * The receipt as plain text (the body of the mail that carries the PDF).
 * @example
 * receiptText(content) // 'Kvitto – bokning #12\nKvittonummer: B-12\n…'
 */
export function receiptText(r: ReceiptContent): string {
  const w = (key: keyof typeof WORDS) => WORDS[key][r.lang];
  const money = (minor: number) => formatMoney(minor, r.priceSign, r.lang);
  const total = r.lines.reduce((sum, l) => sum + toMinor(l.amount), 0);
  return [
    r.title,
    `${w('receiptNo')}: ${r.number}`,
    `${w('date')}: ${r.date}`,
    '',
    ...r.details.map(([label, value]) => `${label}: ${value}`),
    '',
    ...r.lines.map((l) => `${l.quantity} × ${l.text}: ${money(toMinor(l.amount))} (${w('vat')} ${l.vatPercent} %)`),
    '',
    `${w('total')}: ${money(total)}`,
    ...vatByRate(r.lines).map((v) => `${w('vatOf')} ${v.rate} %: ${money(v.vat)}`),
    '',
    [r.company.Name, r.company.OrganisationNumber && `${w('orgNo')} ${r.company.OrganisationNumber}`, ...r.company.Address, r.company.Email, r.company.Phone]
      .filter(Boolean)
      .join(', '),
  ].join('\n');
}

/**
 * The receipt as a PDF: the company's details, the receipt's number and date, the details, one
 * row per line with its VAT rate, the total, and per VAT rate the net and the VAT it holds.
 * @example
 * reply.type('application/pdf').send(await receiptPdf(content));
 */
export function receiptPdf(r: ReceiptContent): Promise<Buffer> {
  const w = (key: keyof typeof WORDS) => WORDS[key][r.lang];
  const money = (minor: number) => pdfSafe(formatMoney(minor, r.priceSign, r.lang));
  return pdfBuffer(r.title, (doc) => {
    const left = doc.page.margins.left;
    const width = doc.page.width - left - doc.page.margins.right;
    const top = doc.y;
    doc.font('Helvetica-Bold').fontSize(14).text(r.company.Name, left, top, { width: width / 2 });
    doc.font('Helvetica').fontSize(9);
    if (r.company.OrganisationNumber) doc.text(`${w('orgNo')} ${r.company.OrganisationNumber}`, { width: width / 2 });
    for (const line of [...r.company.Address, r.company.Email, r.company.Phone, r.company.Homepage].filter(Boolean)) doc.text(line, { width: width / 2 });
    const afterCompany = doc.y;
    doc.font('Helvetica').fontSize(9).text(`${w('receiptNo')}: ${r.number}`, left + width / 2, top, { width: width / 2, align: 'right' });
    doc.text(`${w('date')}: ${r.date}`, { width: width / 2, align: 'right' });
    doc.x = left;
    doc.y = Math.max(afterCompany, doc.y) + 20;
    doc.font('Helvetica-Bold').fontSize(18).text(pdfSafe(r.title), left, doc.y, { width });
    doc.moveDown(0.5);
    for (const [label, value] of r.details) {
      doc.font('Helvetica-Bold').fontSize(10).text(`${label}: `, { continued: true });
      doc.font('Helvetica').text(pdfSafe(value || '–'));
    }
    doc.moveDown();

    const columns = [
      { text: w('item'), x: left, width: width * 0.5, align: 'left' as const },
      { text: w('quantity'), x: left + width * 0.5, width: width * 0.12, align: 'right' as const },
      { text: w('vat'), x: left + width * 0.62, width: width * 0.13, align: 'right' as const },
      { text: w('amount'), x: left + width * 0.75, width: width * 0.25, align: 'right' as const },
    ];
    const row = (cells: string[], bold = false) => {
      const y = doc.y;
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
      let bottom = y;
      cells.forEach((cell, i) => {
        doc.text(pdfSafe(cell), columns[i].x, y, { width: columns[i].width, align: columns[i].align });
        bottom = Math.max(bottom, doc.y);
      });
      doc.x = left;
      doc.y = bottom + 4;
    };
    const rule = () => {
      doc.moveTo(left, doc.y).lineTo(left + width, doc.y).strokeColor('#999999').stroke();
      doc.y += 4;
    };
    row(columns.map((c) => c.text), true);
    rule();
    for (const line of r.lines) row([line.text, String(line.quantity), `${line.vatPercent} %`, money(toMinor(line.amount))]);
    rule();
    const total = r.lines.reduce((sum, l) => sum + toMinor(l.amount), 0);
    row([w('total'), '', '', money(total)], true);
    for (const v of vatByRate(r.lines)) row([`${w('vatOf')} ${v.rate} % (${w('net')} ${money(v.net)})`, '', '', money(v.vat)]);
    if (r.paid !== undefined) {
      doc.moveDown(0.5);
      row([w('paid'), '', '', money(toMinor(r.paid))], true);
    }
  });
}
