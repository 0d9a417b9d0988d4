/**
 * The webhook log (issue 31): GET /webhook/messages reads the messages and attempts that delivery.ts
 * writes, newest first; POST /webhook/messages/{Id}/resend queues one message again for its endpoint
 * through the outbox, with the same webhook-id so a receiver that already has it can de-duplicate.
 */
import type { FastifyInstance } from 'fastify';
import type { WebhookAttempt, WebhookEndpointId, WebhookMessage, WebhookMessageId, WebhookMessageList, WebhookMessageQuery, WebhookQueuedMessages, WebhookReplayInput, WebhookResend } from '../../../schema/webhooks';
import { ApiError } from '../../shared/errors';
import { requirePlanArea } from '../../shared/planLimits';
import { ref } from '../../shared/schemas';
import { resendMessage } from './delivery';
import { words } from './messages';

interface MessageRow {
  id: string;
  endpoint_id: number;
  url: string;
  event_id: string;
  event_type: string;
  status: string;
  ts: string;
  total: string;
}

interface AttemptRow {
  message_id: string;
  ts: string;
  http_status: number | null;
  duration_ms: number;
  response_excerpt: string;
}

const DEFAULT_TAKE = 50;
const localTime = (column: string) => `to_char(${column} at time zone $1, 'YYYY-MM-DD"T"HH24:MI:SS')`;

/** GET /webhook/messages and POST /webhook/messages/{Id}/resend. */
export default async function log(app: FastifyInstance): Promise<void> {
  app.get('/webhook/messages', { schema: { querystring: ref('WebhookMessageQuery'), response: { 200: ref('WebhookMessageList') } } }, async (request) => {
    const { ctx } = request;
    const query = request.query as WebhookMessageQuery;
    const rows = await app.db.query<MessageRow>(
      `select m.id, m.endpoint_id, e.url, m.event_id, m.event_type, m.status, ${localTime('m.created')} as ts, count(*) over () as total
         from webhook_messages m join webhook_endpoints e on e.id = m.endpoint_id
        where m.company_id = $2 and ($3::int is null or m.endpoint_id = $3)
        order by m.created desc, m.id desc
        offset $4 limit $5`,
      [ctx.timeZone, ctx.companyId, query.EndpointId ?? null, query.Skip ?? 0, query.Take ?? DEFAULT_TAKE],
    );
    const ids = rows.map((r) => r.id);
    const attempts = ids.length
      ? await app.db.query<AttemptRow>(
          `select message_id, ${localTime('attempted')} as ts, http_status, duration_ms, response_excerpt
             from webhook_attempts where message_id = any($2::bigint[]) order by message_id, id`,
          [ctx.timeZone, ids],
        )
      : [];
    const byMessage = new Map<string, WebhookAttempt[]>();
    for (const a of attempts) {
      const list = byMessage.get(String(a.message_id)) ?? [];
      list.push({ Timestamp: a.ts, HttpStatus: a.http_status, DurationMs: a.duration_ms, ResponseExcerpt: a.response_excerpt });
      byMessage.set(String(a.message_id), list);
    }
    const total = rows[0] ? Number(rows[0].total) : await countAll(app, ctx.companyId, query.EndpointId);
    const data = rows.map(
      (r): WebhookMessage => ({
        Id: Number(r.id),
        EventId: r.event_id,
        EventType: r.event_type,
        Channels: [{ EndpointId: r.endpoint_id, Url: r.url }],
        Timestamp: r.ts,
        Status: r.status,
        Attempts: byMessage.get(String(r.id)) ?? [],
      }),
    );
    return { Data: data, Total: total } satisfies WebhookMessageList;
  });

  app.post('/webhook/messages/:Id/resend', { preHandler: requirePlanArea('webhooks'), schema: { params: ref('WebhookMessageId'), response: { 200: ref('WebhookResend') } } }, async (request) => {
    const { ctx } = request;
    const { Id } = request.params as WebhookMessageId;
    const status = await app.db.tx((tx) => resendMessage(tx, ctx.companyId, Id));
    if (status === null) throw ApiError.notFound(words.message[ctx.lang], Id);
    return { Id, Status: status } satisfies WebhookResend;
  });

  // Replay: every message to one endpoint that failed since a time is sent again (each its own series of attempts).
  app.post(
    '/webhook/endpoints/:Id/replay',
    { preHandler: requirePlanArea('webhooks'), schema: { params: ref('WebhookEndpointId'), body: ref('WebhookReplayInput'), response: { 200: ref('WebhookQueuedMessages') } } },
    async (request) => {
      const { ctx } = request;
      const { Id } = request.params as WebhookEndpointId;
      const { Since } = request.body as WebhookReplayInput;
      const ids = await app.db.tx(async (tx) => {
        const endpoint = await tx.one<{ id: number }>('select id from webhook_endpoints where company_id = $1 and id = $2', [ctx.companyId, Id]);
        if (!endpoint) throw ApiError.notFound(words.endpoint[ctx.lang], Id);
        const failed = await tx.query<{ id: string }>(
          `select m.id::text as id from webhook_messages m join companies c on c.id = m.company_id
            where m.company_id = $1 and m.endpoint_id = $2 and m.status = 'failed' and m.created >= ($3::timestamp at time zone c.time_zone)
            order by m.id limit $4`,
          [ctx.companyId, Id, Since, REPLAY_LIMIT],
        );
        for (const m of failed) await resendMessage(tx, ctx.companyId, Number(m.id));
        return failed.map((m) => Number(m.id));
      });
      return { MessageIds: ids } satisfies WebhookQueuedMessages;
    },
  );
}

/** The most messages one replay sends again. */
const REPLAY_LIMIT = 10_000;

/** The total when the page asked for is past the end (the window count has no row to ride on). */
async function countAll(app: FastifyInstance, companyId: number, endpointId: number | undefined): Promise<number> {
  const row = await app.db.one<{ n: string }>('select count(*) as n from webhook_messages where company_id = $1 and ($2::int is null or endpoint_id = $2)', [companyId, endpointId ?? null]);
  return Number(row?.n ?? 0);
}
