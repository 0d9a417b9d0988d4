/**
 * Door locks (spec areas.md, door-lock and access systems): until that area is built, the booking page's
 * door-code resync (POST /codelock/resync/{bookingId}) answers that no door lock is connected.
 */
import type { FastifyInstance } from 'fastify';
import type { Lang } from '../../shared/messages';
import { extendMessages } from '../../shared/messages';
import { ApiError } from '../../shared/errors';
import { idParams } from '../../autoquery/index';

const messages = {
  NoDoorLockConnected: {
    sv: 'Inget dörrlås är anslutet.',
    en: 'No door lock is connected.',
    fi: 'Ovilukkoa ei ole yhdistetty.',
    no: 'Ingen dørlås er tilkoblet.',
  },
} satisfies Record<string, Record<Lang, string>>;

export default async function codelockArea(app: FastifyInstance): Promise<void> {
  extendMessages(messages);
  app.post('/codelock/resync/:Id', { schema: { params: idParams } }, async (request) => {
    const id = (request.params as { Id: number }).Id;
    const booking = await app.db.one<{ id: number }>('select id from bookings where company_id = $1 and id = $2', [request.ctx.companyId, id]);
    if (!booking) throw ApiError.notFound('Booking', id);
    const err = new ApiError(400, 'NoDoorLockConnected', '');
    err.messageKey = { key: 'NoDoorLockConnected', params: {} };
    throw err;
  });
}
