/**
 * A booking's reports (GET /bookings/{Id}/reports/{OptionId}?SendReceiptMethod=1|2): option 1 is
 * the receipt (the company's details, one line per quantity with its VAT rate, the total and the
 * VAT per rate), option 2 the booking printed with a booking printout (PrintoutId, else the first
 * active printout by name). 2 answers the PDF to download; 1 e-mails it to the booking's customer
 * through the outbox (sent after the answer, retried while the mail server fails).
 * Registered as a plugin of its own beside the bookings area.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { DateTime } from 'luxon';
import type { Booking } from '../../../schema/bookings';
import { type Lang, type Texts } from '../../shared/messages';
import texts from './messages.json' with { type: 'json' };
import { extendMessages } from '../../shared/messages';
import { ApiError } from '../../shared/errors';
import { bookingPrintoutPdf } from '../../shared/printout';
import { receiptCompany, receiptPdf, receiptText, type ReceiptContent } from '../../shared/receipt';
import { INT4_MAX } from '../../shared/constants';
import { readRecord } from '../../autoquery/index';
import { bookings } from './resources';

/** The report options of a booking (what GET /bookings/reports lists). */
export const BOOKING_REPORT_OPTIONS = { receipt: 1, printout: 2 } as const;

const words: Record<string, Texts> = texts.receiptWords;

const messages = texts.receiptMessages satisfies Record<string, Texts>;

/** What a booking's receipt shows. */
async function bookingReceipt(app: FastifyInstance, b: Booking, companyId: number, timeZone: string, lang: Lang): Promise<ReceiptContent> {
  const w = (key: string) => words[key][lang];
  const customer = b.CustomerName ?? [b.Customer?.Firstname, b.Customer?.Lastname].filter(Boolean).join(' ');
  const codes = b.RebateCodes.map((c) => c.RebateCodeSign).join(', ');
  return {
    title: `${w('title')} – ${w('booking').toLowerCase()} #${b.Id}`,
    number: `B-${b.Id}`,
    date: DateTime.now().setZone(timeZone).toFormat('yyyy-MM-dd HH:mm'),
    company: await receiptCompany(app.db, companyId),
    details: [
      [w('service'), b.ServiceName],
      [w('time'), `${b.From.replace('T', ' ').slice(0, 16)} – ${b.To.slice(11, 16)}`],
      [w('customer'), customer ?? ''],
      ...(codes ? [[w('codes'), codes] as [string, string]] : []),
    ],
    lines: b.Quantities.map((q) => ({ text: `${b.ServiceName} – ${q.PriceText || q.Category}`, quantity: q.Quantity, amount: q.Price, vatPercent: q.VAT })),
    priceSign: b.PriceSign,
    paid: b.PaidAmount,
    lang,
  };
}

export default async function bookingReceipts(app: FastifyInstance): Promise<void> {
  extendMessages(messages);
  app.get(
    '/bookings/:Id/reports/:OptionId',
    {
      schema: {
        params: { type: 'object', properties: { Id: { type: 'integer', minimum: 1, maximum: INT4_MAX }, OptionId: { type: 'integer', minimum: 1, maximum: INT4_MAX } }, required: ['Id', 'OptionId'] },
        querystring: {
          type: 'object',
          properties: { SendReceiptMethod: { type: 'integer', enum: [1, 2] }, PrintoutId: { type: 'integer', minimum: 1, maximum: INT4_MAX }, CompanyId: { type: 'integer', minimum: 1 } },
          required: ['SendReceiptMethod'],
        },
      },
    },
    async (request, reply) => {
      const { ctx } = request;
      const { Id: id, OptionId: optionId } = request.params as { Id: number; OptionId: number };
      const { SendReceiptMethod: method, PrintoutId: printoutId } = request.query as { SendReceiptMethod: 1 | 2; PrintoutId?: number };
      if (optionId !== BOOKING_REPORT_OPTIONS.receipt && optionId !== BOOKING_REPORT_OPTIONS.printout) throw ApiError.field(400, 'OptionId', 'UnknownReportOption', { id: optionId });
      const booking = await readRecord(app.db, ctx, bookings, id);
      let pdf: Buffer;
      let subject: string;
      let text: string;
      let fileName: string;
      if (optionId === BOOKING_REPORT_OPTIONS.receipt) {
        const content = await bookingReceipt(app, booking, ctx.companyId, ctx.timeZone, ctx.lang);
        pdf = await receiptPdf(content);
        subject = content.title;
        text = receiptText(content);
        fileName = `receipt-${booking.Id}.pdf`;
      } else {
        const layout = await app.db.one<{ name: string; header: string; body: string }>(
          `select name, header, body from booking_printouts where company_id = $1 and ($2::int is null and active or id = $2) order by name, id limit 1`,
          [ctx.companyId, printoutId ?? null],
        );
        if (!layout) throw printoutId ? ApiError.notFound(words.printout[ctx.lang], printoutId) : ApiError.field(400, 'OptionId', 'NoActivePrintout');
        pdf = (await bookingPrintoutPdf(app.db, ctx.companyId, booking.Id, { Name: layout.name, Header: layout.header, Body: layout.body }, ctx.lang))!;
        subject = `${layout.name} – ${words.booking[ctx.lang].toLowerCase()} #${booking.Id}`;
        text = subject;
        fileName = `booking-${booking.Id}.pdf`;
      }
      if (method === 2) {
        void reply.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="${fileName}"`);
        return pdf;
      }
      const to = booking.Customer?.Email;
      if (!to) throw ApiError.field(400, 'SendReceiptMethod', 'NoReceiptRecipient');
      // The mailer's queue format (kind 'mail'): the PDF travels base64 in the outbox entry.
      await app.db.tx((tx) =>
        app.outbox.add(tx, {
          companyId: ctx.companyId,
          kind: 'mail',
          key: `booking-report:${booking.Id}:${optionId}:${randomUUID()}`,
          payload: {
            companyId: ctx.companyId,
            to,
            subject,
            text,
            kind: optionId === BOOKING_REPORT_OPTIONS.receipt ? 'booking_receipt' : 'booking_printout',
            attachments: [{ filename: fileName, contentType: 'application/pdf', base64: pdf.toString('base64') }],
          },
        }),
      );
      return { Email: to, Queued: true };
    },
  );
}
