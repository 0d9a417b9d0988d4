import type { FastifyInstance } from 'fastify';
import type { WebhookSettings } from '../../../schema/webhooks';
import { requirePlanArea } from '../../shared/planLimits';
import { ref } from '../../shared/schemas';

/** GET and PUT /webhook/settings: whether the company sends webhooks at all. */
export default async function settings(app: FastifyInstance): Promise<void> {
  app.get('/webhook/settings', { schema: { querystring: ref('WebhookSettingsQuery'), response: { 200: ref('WebhookSettings') } } }, async (request) => {
    const row = await app.db.one<{ enabled: boolean }>('select enabled from webhook_settings where company_id = $1', [request.ctx.companyId]);
    return { Enabled: row?.enabled ?? false } satisfies WebhookSettings;
  });

  app.put('/webhook/settings', { preHandler: requirePlanArea('webhooks'), schema: { body: ref('WebhookSettings'), response: { 200: ref('WebhookSettings') } } }, async (request) => {
    const body = request.body as WebhookSettings;
    await app.db.query(
      `insert into webhook_settings (company_id, enabled) values ($1, $2)
       on conflict (company_id) do update set enabled = excluded.enabled, updated = now()`,
      [request.ctx.companyId, body.Enabled],
    );
    return { Enabled: body.Enabled } satisfies WebhookSettings;
  });
}
