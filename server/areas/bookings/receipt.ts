/**
 * A booking's receipt (GET /bookings/{Id}/reports/{OptionId}?SendReceiptMethod=1|2): the PDF to download
 * (2) or e-mailed to the booking's customer (1). One printout exists until booking printouts are built
 * (any OptionId gives it). Registered as a plugin of its own beside the bookings area.
 */
import type { FastifyInstance } from 'fastify';
import PDFDocument from 'pdfkit';
import type { Booking } from '../../../schema/bookings';
import type { Lang } from '../../shared/messages';
import { extendMessages } from '../../shared/messages';
import { ApiError } from '../../shared/errors';
import { readRecord } from '../../autoquery/index';
import { bookings } from './resources';

const words: Record<string, Record<Lang, string>> = {
  title: { sv: 'Kvitto', en: 'Receipt', fi: 'Kuitti', no: 'Kvittering' },
  booking: { sv: 'Bokning', en: 'Booking', fi: 'Varaus', no: 'Bestilling' },
  service: { sv: 'Tjänst', en: 'Service', fi: 'Palvelu', no: 'Tjeneste' },
  time: { sv: 'Tid', en: 'Time', fi: 'Aika', no: 'Tid' },
  customer: { sv: 'Kund', en: 'Customer', fi: 'Asiakas', no: 'Kunde' },
  codes: { sv: 'Rabattkoder', en: 'Promo codes', fi: 'Alennuskoodit', no: 'Rabattkoder' },
  total: { sv: 'Totalt', en: 'Total', fi: 'Yhteensä', no: 'Totalt' },
  vat: { sv: 'varav moms', en: 'of which VAT', fi: 'josta ALV', no: 'herav mva' },
  paid: { sv: 'Betalt', en: 'Paid', fi: 'Maksettu', no: 'Betalt' },
};

const messages = {
  NoReceiptRecipient: {
    sv: 'Bokningens kund har ingen e-postadress.',
    en: "The booking's customer has no e-mail address.",
    fi: 'Varauksen asiakkaalla ei ole sähköpostiosoitetta.',
    no: 'Bestillingens kunde har ingen e-postadresse.',
  },
} satisfies Record<string, Record<Lang, string>>;

const money = (amount: number, sign: string) => `${amount.toFixed(2).replace(/\.00$/, '')} ${sign}`.trim();

/** The receipt's lines: label and value pairs, then the quantity lines. */
function receiptLines(b: Booking, lang: Lang): { title: string; rows: [string, string][]; lines: string[] } {
  const w = (key: string) => words[key][lang];
  const customer = b.CustomerName ?? [b.Customer?.Firstname, b.Customer?.Lastname].filter(Boolean).join(' ');
  return {
    title: `${w('title')} – ${w('booking')} #${b.Id}`,
    rows: [
      [w('service'), b.ServiceName],
      [w('time'), `${b.From.replace('T', ' ').slice(0, 16)} – ${b.To.slice(11, 16)}`],
      [w('customer'), customer ?? ''],
      [w('codes'), b.RebateCodes.map((c) => c.RebateCodeSign).join(', ')],
      [w('total'), `${money(b.TotalPrice, b.PriceSign)} (${w('vat')} ${money(b.TotalVatAmount, b.PriceSign)})`],
      [w('paid'), money(b.PaidAmount, b.PriceSign)],
    ],
    lines: b.Quantities.map((q) => `${q.Quantity} × ${q.PriceText ?? q.Category}: ${money(q.Price, q.PriceSign || b.PriceSign)}`),
  };
}

function receiptPdf(content: ReturnType<typeof receiptLines>): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: content.title } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.font('Helvetica-Bold').fontSize(18).text(content.title);
    doc.moveDown();
    for (const [label, value] of content.rows) {
      doc.font('Helvetica-Bold').fontSize(11).text(`${label}: `, { continued: true });
      doc.font('Helvetica').text(value || '–');
    }
    doc.moveDown();
    doc.font('Helvetica').fontSize(10);
    for (const line of content.lines) doc.text(line);
    doc.end();
  });
}

export default async function bookingReceipts(app: FastifyInstance): Promise<void> {
  extendMessages(messages);
  app.get(
    '/bookings/:Id/reports/:OptionId',
    {
      schema: {
        params: { type: 'object', properties: { Id: { type: 'integer', minimum: 1, maximum: 2147483647 }, OptionId: { type: 'integer', minimum: 1, maximum: 2147483647 } }, required: ['Id', 'OptionId'] },
        querystring: { type: 'object', properties: { SendReceiptMethod: { type: 'integer', enum: [1, 2] }, CompanyId: { type: 'integer', minimum: 1 } }, required: ['SendReceiptMethod'] },
      },
    },
    async (request, reply) => {
      const { ctx } = request;
      const id = (request.params as { Id: number }).Id;
      const method = (request.query as { SendReceiptMethod: 1 | 2 }).SendReceiptMethod;
      const booking = await readRecord(app.db, ctx, bookings, id);
      if (!booking) throw ApiError.notFound(words.booking[ctx.lang], id);
      const content = receiptLines(booking, ctx.lang);
      const pdf = await receiptPdf(content);
      const fileName = `receipt-${booking.Id}.pdf`;
      if (method === 2) {
        void reply.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="${fileName}"`);
        return pdf;
      }
      const to = booking.Customer?.Email;
      if (!to) throw ApiError.field(400, 'SendReceiptMethod', 'NoReceiptRecipient');
      const sent = await app.mailer.send({
        companyId: ctx.companyId,
        to,
        subject: content.title,
        text: [content.title, '', ...content.rows.map(([l, v]) => `${l}: ${v}`), '', ...content.lines].join('\n'),
        kind: 'booking_receipt',
        attachments: [{ filename: fileName, contentType: 'application/pdf', content: pdf }],
      });
      return { Email: to, MessageId: sent.messageId };
    },
  );
}
