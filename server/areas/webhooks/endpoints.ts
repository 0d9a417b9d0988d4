import type { FastifyInstance } from 'fastify';
import type { WebhookEndpoint, WebhookEndpointId, WebhookEndpointInput, WebhookEndpointWithSecret } from '../../../schema/webhooks';
import { ApiError } from '../../shared/errors';
import { requirePlanArea } from '../../shared/planLimits';
import { ref } from '../../shared/schemas';
import { newSecret, sealSecret } from '../../integrations/webhooks/secrets';
import { isEventType } from './eventTypes';
import { words } from './messages';
import { acceptableUrl } from './urls';
import { queueEvent } from './delivery';

interface Row {
  id: number;
  url: string;
  description: string;
  event_types: string[];
  disabled: boolean;
  created: string;
  updated: string;
}

const columns = (tz: string) => {
  const zone = tz.replace(/'/g, "''");
  return `id, url, description, event_types, disabled,
    to_char(created at time zone '${zone}', 'YYYY-MM-DD"T"HH24:MI:SS') as created,
    to_char(updated at time zone '${zone}', 'YYYY-MM-DD"T"HH24:MI:SS') as updated`;
};

const toContract = (row: Row): WebhookEndpoint => ({
  Id: row.id,
  Url: row.url,
  Description: row.description,
  EventTypes: row.event_types,
  Disabled: row.disabled,
  Created: row.created,
  Updated: row.updated,
});

/** The input checked beyond its schema: the URL's scheme and host, and known event types. */
function checked(body: WebhookEndpointInput): { url: string; description: string; eventTypes: string[] } {
  const url = body.Url.trim();
  if (!acceptableUrl(url)) throw ApiError.field(400, 'Url', 'WebhookUrlInvalid');
  const eventTypes = [...new Set(body.EventTypes)];
  if (eventTypes.length === 0) throw ApiError.field(400, 'EventTypes', 'WebhookEventTypesEmpty');
  const unknown = eventTypes.find((t) => !isEventType(t));
  if (unknown !== undefined) throw ApiError.field(400, 'EventTypes', 'WebhookEventTypeUnknown', { name: unknown });
  return { url, description: (body.Description ?? '').trim(), eventTypes };
}

/** How long the secret before a rotation still signs deliveries. */
const PREVIOUS_SECRET_HOURS = 24;

/** GET, POST /webhook/endpoints; PUT, DELETE /webhook/endpoints/{Id}. */
export default async function endpoints(app: FastifyInstance): Promise<void> {
  app.get('/webhook/endpoints', { schema: { querystring: ref('WebhookEndpointQuery'), response: { 200: ref('WebhookEndpointList') } } }, async (request) => {
    const { ctx } = request;
    const rows = await app.db.query<Row>(`select ${columns(ctx.timeZone)} from webhook_endpoints where company_id = $1 order by id`, [ctx.companyId]);
    return { Endpoints: rows.map(toContract) };
  });

  app.post('/webhook/endpoints', { preHandler: requirePlanArea('webhooks'), schema: { body: ref('WebhookEndpointInput'), response: { 200: ref('WebhookEndpointWithSecret') } } }, async (request) => {
    const { ctx } = request;
    const input = checked(request.body as WebhookEndpointInput);
    const secret = newSecret();
    const row = await app.db.one<Row>(
      `insert into webhook_endpoints (company_id, url, description, event_types, disabled, secret)
       values ($1, $2, $3, $4, $5, $6) returning ${columns(ctx.timeZone)}`,
      [ctx.companyId, input.url, input.description, input.eventTypes, (request.body as WebhookEndpointInput).Disabled ?? false, await sealSecret(app.db, ctx.companyId, secret)],
    );
    return { ...toContract(row!), Secret: secret } satisfies WebhookEndpointWithSecret;
  });

  app.put('/webhook/endpoints/:Id', { preHandler: requirePlanArea('webhooks'), schema: { params: ref('WebhookEndpointId'), body: ref('WebhookEndpointInput'), response: { 200: ref('WebhookEndpointWithSecret') } } }, async (request) => {
    const { ctx } = request;
    const { Id } = request.params as WebhookEndpointId;
    const body = request.body as WebhookEndpointInput;
    const input = checked(body);
    const exists = await app.db.one<{ id: number }>('select id from webhook_endpoints where company_id = $1 and id = $2', [ctx.companyId, Id]);
    if (!exists) throw ApiError.notFound(words.endpoint[ctx.lang], Id);
    const secret = body.RotateSecret ? newSecret() : null;
    const row = await app.db.one<Row>(
      `update webhook_endpoints set url = $3, description = $4, event_types = $5, disabled = $6, updated = now()
       ${secret ? `, previous_secret = secret, previous_secret_until = now() + interval '${PREVIOUS_SECRET_HOURS} hours', secret = $7` : ''}
       where company_id = $1 and id = $2 returning ${columns(ctx.timeZone)}`,
      [ctx.companyId, Id, input.url, input.description, input.eventTypes, body.Disabled ?? false, ...(secret ? [await sealSecret(app.db, ctx.companyId, secret)] : [])],
    );
    // The secret is shown only when it was just made; otherwise the answer carries an empty one.
    return { ...toContract(row!), Secret: secret ?? '' } satisfies WebhookEndpointWithSecret;
  });

  // Send test event: one webhook.test message to this endpoint, whether or not it hears that type.
  app.post('/webhook/endpoints/:Id/test', { preHandler: requirePlanArea('webhooks'), schema: { params: ref('WebhookEndpointId'), response: { 200: ref('WebhookQueuedMessages') } } }, async (request) => {
    const { ctx } = request;
    const { Id } = request.params as WebhookEndpointId;
    const exists = await app.db.one<{ id: number }>('select id from webhook_endpoints where company_id = $1 and id = $2', [ctx.companyId, Id]);
    if (!exists) throw ApiError.notFound(words.endpoint[ctx.lang], Id);
    const ids = await app.db.tx((tx) => queueEvent(tx, ctx.companyId, 'webhook.test', { Message: 'Test' }, {}, Id));
    return { MessageIds: ids };
  });

  app.delete('/webhook/endpoints/:Id', { schema: { params: ref('WebhookEndpointId'), response: { 200: ref('WebhookEndpointId') } } }, async (request) => {
    const { ctx } = request;
    const { Id } = request.params as WebhookEndpointId;
    const row = await app.db.one<{ id: number }>('delete from webhook_endpoints where company_id = $1 and id = $2 returning id', [ctx.companyId, Id]);
    if (!row) throw ApiError.notFound(words.endpoint[ctx.lang], Id);
    return { Id };
  });
}
