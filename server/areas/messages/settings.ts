import type { FastifyInstance } from 'fastify';
import type { MessageSettings } from '../../../schema/messages';
import { ref } from '../../shared/schemas';

/**
 * GET, PUT /messages/settings: how many hours before a booking its reminder goes out (default 24),
 * and whether customers are asked for a review (off by default) how many hours after its end
 * (default 2; a field left out keeps its value). A change applies to messages queued from then on
 * (a booking made or changed later).
 */
export function registerSettingsRoutes(app: FastifyInstance): void {
  const read = async (companyId: number): Promise<MessageSettings> => {
    const row = await app.db.one<{ hours: number; review_requests: boolean; review_hours_after: number }>(
      'select reminder_hours_before as hours, review_requests, review_hours_after from message_settings where company_id = $1',
      [companyId],
    );
    return { ReminderHoursBefore: row?.hours ?? 24, ReviewRequests: row?.review_requests ?? false, ReviewHoursAfter: row?.review_hours_after ?? 2 };
  };
  app.get('/messages/settings', { schema: { response: { 200: ref('MessageSettings') } } }, (request) => read(request.ctx.companyId));
  app.put('/messages/settings', { schema: { body: ref('MessageSettings'), response: { 200: ref('MessageSettings') } } }, async (request) => {
    const body = request.body as MessageSettings;
    await app.db.query(
      `insert into message_settings (company_id, reminder_hours_before, review_requests, review_hours_after) values ($1, $2, coalesce($3, false), coalesce($4, 2))
       on conflict (company_id) do update set reminder_hours_before = excluded.reminder_hours_before,
         review_requests = coalesce($3, message_settings.review_requests), review_hours_after = coalesce($4, message_settings.review_hours_after)`,
      [request.ctx.companyId, body.ReminderHoursBefore, body.ReviewRequests ?? null, body.ReviewHoursAfter ?? null],
    );
    return read(request.ctx.companyId);
  });
}
