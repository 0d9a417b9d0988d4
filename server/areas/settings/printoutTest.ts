import type { FastifyInstance } from 'fastify';
import type { BookingPrintoutTest } from '../../../schema/printouts';
import { findRecord } from '../../autoquery/index';
import { ApiError } from '../../shared/errors';
import { extendMessages, type Lang } from '../../shared/messages';
import { bookingPrintoutPdf, cleanPrintout } from '../../shared/printout';
import { ref } from '../../shared/schemas';
import { bookingFieldTranslations } from '../../shared/templates/index';
import { bookingPrintouts } from './printouts';

const messages = {
  PrintoutNoBooking: {
    sv: 'Det finns ingen bokning att skriva ut ännu.',
    en: 'There is no booking to print yet.',
    fi: 'Tulostettavaa varausta ei vielä ole.',
    no: 'Det finnes ingen bestilling å skrive ut ennå.',
  },
  PrintoutTemplateSyntax: {
    sv: "Kopplingsfälten i '{field}' går inte att läsa: {error}",
    en: "The merge fields in '{field}' cannot be read: {error}",
    fi: "Kentän '{field}' yhdistämiskenttiä ei voi lukea: {error}",
    no: "Flettefeltene i '{field}' kan ikke leses: {error}",
  },
} satisfies Record<string, Record<Lang, string>>;

const words = {
  printout: { sv: 'Bokningsutskrift', en: 'Booking printout', fi: 'Varaustuloste', no: 'Bestillingsutskrift' },
  booking: { sv: 'Bokning', en: 'Booking', fi: 'Varaus', no: 'Bestilling' },
} satisfies Record<string, Record<Lang, string>>;

/**
 * GET /reports/booking/printout/fieldtranslations (the booking's merge fields in the caller's
 * language) and POST /reports/booking/printout/test (a PDF of a real booking printed with the
 * printout: the stored one, or the Header and Body being edited).
 */
export function registerPrintoutTest(app: FastifyInstance): void {
  extendMessages(messages);
  app.get('/reports/booking/printout/fieldtranslations', { schema: { response: { 200: { type: 'array', items: ref('PrintoutFieldTranslation') } } } }, async (request) => bookingFieldTranslations(request.ctx.lang));

  app.post('/reports/booking/printout/test', { schema: { body: ref('BookingPrintoutTest') } }, async (request, reply) => {
    const { ctx } = request;
    const body = request.body as BookingPrintoutTest;
    const stored = body.Id ? await findRecord(app.db, ctx, bookingPrintouts, body.Id) : undefined;
    if (body.Id && !stored) throw ApiError.notFound(words.printout[ctx.lang], body.Id);
    const layout = cleanPrintout({ Name: body.Name ?? stored?.Name ?? words.printout[ctx.lang], Header: body.Header ?? stored?.Header ?? '', Body: body.Body ?? stored?.Body ?? '' });
    const booking = await app.db.one<{ id: number }>(
      `select id from bookings where company_id = $1 and ($2::int is null or id = $2) order by created desc, id desc limit 1`,
      [ctx.companyId, body.BookingId ?? null],
    );
    if (!booking) throw body.BookingId ? ApiError.notFound(words.booking[ctx.lang], body.BookingId) : ApiError.field(400, 'BookingId', 'PrintoutNoBooking');
    const pdf = await bookingPrintoutPdf(app.db, ctx.companyId, booking.id, layout, ctx.lang);
    if (!pdf) throw ApiError.notFound(words.booking[ctx.lang], booking.id);
    void reply.header('content-type', 'application/pdf').header('content-disposition', `inline; filename="printout-${booking.id}.pdf"`);
    return pdf;
  });
}
