import PDFDocument from 'pdfkit';
import type { BillingInformation } from '../../../schema/company';
import type { CompanyInvoice } from '../../../schema/licenses';
import type { Lang } from '../../shared/messages';
import { CURRENCIES } from '../../shared/reference';
import { INVOICE_WORDS as W } from './messages';


/** An amount in minor units as shown on the invoice: '1 234,50 kr'. */
function money(minor: number, currency: string, lang: Lang): string {
  const text = new Intl.NumberFormat(lang === 'en' ? 'en-GB' : lang === 'no' ? 'nb-NO' : lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(minor / 100);
  const sign = CURRENCIES.find((c) => c.id === currency)?.sign ?? currency;
  return sign === '$' ? `${sign}${text}` : `${text} ${sign}`;
}

/**
 * A license invoice as a PDF (pdfkit, A4) in the caller's language.
 * @example reply.type('application/pdf').send(await invoicePdf(invoice, billing, 'sv'));
 */
export function invoicePdf(invoice: CompanyInvoice, billing: BillingInformation, lang: Lang): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const title = `${W.invoice[lang]} ${invoice.InvoiceNumber}`;
    const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: title } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    const line = (label: string, value: string) => {
      doc.font('Helvetica-Bold').fontSize(10).text(`${label}: `, { continued: true });
      doc.font('Helvetica').text(value);
    };
    doc.font('Helvetica-Bold').fontSize(20).text(W.invoice[lang]);
    doc.font('Helvetica').fontSize(10).text(W.seller[lang]);
    doc.moveDown();
    line(W.number[lang], invoice.InvoiceNumber);
    line(W.date[lang], invoice.Created.slice(0, 10));
    line(W.due[lang], invoice.DueDate);
    line(W.period[lang], `${invoice.PeriodFrom} – ${invoice.PeriodTo}`);
    doc.moveDown();
    doc.font('Helvetica-Bold').text(W.billedTo[lang]);
    doc.font('Helvetica');
    for (const part of [billing.Name, billing.Attention, billing.Street1, billing.Street2, `${billing.ZipCode} ${billing.City}`, billing.CountryId]) {
      if (part) doc.text(part);
    }
    line(W.vatNumber[lang], billing.VatRegistrationNumber);
    doc.moveDown();
    for (const row of invoice.Rows) {
      doc.font('Helvetica').fontSize(10).text(`${row.Text}  (${row.Quantity} × ${money(row.UnitPrice, invoice.CurrencyId, lang)})`, { continued: true });
      doc.text(`  ${money(row.Amount, invoice.CurrencyId, lang)}`, { align: 'right' });
    }
    doc.moveDown();
    line(W.net[lang], money(invoice.NetAmount, invoice.CurrencyId, lang));
    line(`${W.vat[lang]} ${invoice.VatPercent} %`, money(invoice.VatAmount, invoice.CurrencyId, lang));
    line(W.total[lang], money(invoice.TotalAmount, invoice.CurrencyId, lang));
    doc.moveDown();
    doc.font('Helvetica-Oblique').text(invoice.Status === 'paid' ? W.paid[lang] : W.unpaid[lang]);
    doc.end();
  });
}
