import type { FastifyInstance } from 'fastify';
import type { MessageSettings } from '../../../schema/messages';
import { ref } from '../../shared/schemas';

/**
 * GET, PUT /messages/settings: how many hours before a booking its reminder goes out (default 24).
 * A change applies to reminders queued from then on (a booking made or changed later).
 */
export function registerSettingsRoutes(app: FastifyInstance): void {
  const read = async (companyId: number): Promise<MessageSettings> => {
    const row = await app.db.one<{ hours: number }>('select reminder_hours_before as hours from message_settings where company_id = $1', [companyId]);
    return { ReminderHoursBefore: row?.hours ?? 24 };
  };
  app.get('/messages/settings', { schema: { response: { 200: ref('MessageSettings') } } }, (request) => read(request.ctx.companyId));
  app.put('/messages/settings', { schema: { body: ref('MessageSettings'), response: { 200: ref('MessageSettings') } } }, async (request) => {
    const body = request.body as MessageSettings;
    await app.db.query(
      `insert into message_settings (company_id, reminder_hours_before) values ($1, $2)
       on conflict (company_id) do update set reminder_hours_before = excluded.reminder_hours_before`,
      [request.ctx.companyId, body.ReminderHoursBefore],
    );
    return read(request.ctx.companyId);
  });
}
