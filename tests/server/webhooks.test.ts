import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookEndpointList, WebhookEndpointWithSecret, WebhookEventTypeList, WebhookMessageList, WebhookSettings } from '../../schema/webhooks';
import { createTestServer, OTHER_EMAIL, OTHER_PASSWORD, type TestServer } from './harness';

interface ErrorBody {
  ResponseStatus: { ErrorCode: string; Message: string; Errors?: { FieldName: string }[] };
}

let server: TestServer;
let other: string;
const fieldsOf = (res: { json(): unknown }) => ((res.json() as ErrorBody).ResponseStatus.Errors ?? []).map((e) => e.FieldName);

beforeAll(async () => {
  process.env.WEBHOOKS_ALLOW_HTTP_LOOPBACK = 'true';
  server = await createTestServer();
  other = await server.login(OTHER_EMAIL, OTHER_PASSWORD);
});
afterAll(async () => {
  await server?.close();
});

async function create(payload: Record<string, unknown>, token?: string): Promise<WebhookEndpointWithSecret> {
  const res = await server.api({ method: 'POST', url: '/api/webhook/endpoints', payload, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as WebhookEndpointWithSecret;
}

describe('/webhook settings and endpoints', () => {
  it('turns webhooks on and reads the setting back', async () => {
    const before = await server.api({ method: 'GET', url: '/api/webhook/settings' });
    expect(before.json()).toEqual({ Enabled: false });
    const put = await server.api({ method: 'PUT', url: '/api/webhook/settings', payload: { Enabled: true } });
    expect(put.statusCode, put.body).toBe(200);
    expect((await server.api({ method: 'GET', url: '/api/webhook/settings' })).json()).toEqual({ Enabled: true } satisfies WebhookSettings);
  });

  it('lists the event types with descriptions in the caller’s language', async () => {
    const res = await server.api({ method: 'GET', url: '/api/webhook/eventtypes' });
    const names = (res.json() as WebhookEventTypeList).Data.map((t) => t.Name);
    expect(names).toEqual(expect.arrayContaining(['booking.created', 'booking.canceled', 'customer.created', 'payment.received']));
  });

  it('shows the secret once on create, never in the list, and a new one on rotation', async () => {
    const made = await create({ Url: 'https://hooks.example.com/in', Description: ' CRM ', EventTypes: ['booking.created', 'booking.created', 'booking.canceled'] });
    expect(made).toMatchObject({ Url: 'https://hooks.example.com/in', Description: 'CRM', EventTypes: ['booking.created', 'booking.canceled'], Disabled: false });
    expect(made.Secret).toMatch(/^whsec_[A-Za-z0-9+/=]{40,}$/);

    const list = (await server.api({ method: 'GET', url: '/api/webhook/endpoints' })).json() as WebhookEndpointList;
    const listed = list.Endpoints.find((e) => e.Id === made.Id);
    expect(listed).toMatchObject({ Url: made.Url, EventTypes: made.EventTypes });
    expect(JSON.stringify(list)).not.toContain(made.Secret);

    const edit = await server.api({ method: 'PUT', url: `/api/webhook/endpoints/${made.Id}`, payload: { Url: made.Url, EventTypes: ['booking.moved'], Disabled: true } });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json()).toMatchObject({ EventTypes: ['booking.moved'], Disabled: true, Secret: '' });

    const rotated = await server.api({ method: 'PUT', url: `/api/webhook/endpoints/${made.Id}`, payload: { Url: made.Url, EventTypes: ['booking.moved'], RotateSecret: true } });
    const secret = (rotated.json() as WebhookEndpointWithSecret).Secret;
    expect(secret).toMatch(/^whsec_/);
    expect(secret).not.toBe(made.Secret);
  });

  it('refuses bad input with 400 naming the field', async () => {
    for (const [payload, field] of [
      [{ Url: 'ftp://example.com', EventTypes: ['booking.created'] }, 'Url'],
      [{ Url: 'http://example.com/hook', EventTypes: ['booking.created'] }, 'Url'],
      [{ Url: 'https://user:pw@example.com/', EventTypes: ['booking.created'] }, 'Url'],
      [{ Url: 'https://example.com/', EventTypes: ['booking.exploded'] }, 'EventTypes'],
      [{ Url: 'https://example.com/', EventTypes: [] }, 'EventTypes'],
      [{ EventTypes: ['booking.created'] }, 'Url'],
    ] as const) {
      const res = await server.api({ method: 'POST', url: '/api/webhook/endpoints', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(fieldsOf(res), JSON.stringify(payload)).toContain(field);
    }
  });

  it('answers 402 with the plan flow to a company whose plan lacks webhooks', async () => {
    const res = await server.api({ method: 'POST', url: '/api/webhook/endpoints', token: other, payload: { Url: 'https://hooks.example.com/x', EventTypes: ['booking.created'] } });
    expect(res.statusCode, res.body).toBe(402);
    expect((res.json() as ErrorBody).ResponseStatus.Message).not.toBe('');
  });

  it('keeps another company’s endpoints out of reach (404)', async () => {
    const mine = await create({ Url: 'https://hooks.example.com/mine', EventTypes: ['booking.created'] });
    const list = (await server.api({ method: 'GET', url: '/api/webhook/endpoints', token: other })).json() as WebhookEndpointList;
    expect(list.Endpoints.map((e) => e.Id)).not.toContain(mine.Id);
    const put = await server.api({ method: 'PUT', url: `/api/webhook/endpoints/${mine.Id}`, token: other, payload: { Url: 'https://evil.example.com/', EventTypes: ['booking.created'] } });
    // The other company's plan has no webhooks: it is refused before anything is looked up.
    expect(put.statusCode).toBe(402);
    const del = await server.api({ method: 'DELETE', url: `/api/webhook/endpoints/${mine.Id}`, token: other });
    expect(del.statusCode).toBe(404);
    const ok = await server.api({ method: 'DELETE', url: `/api/webhook/endpoints/${mine.Id}` });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});

describe('/webhook deliveries', () => {
  it('delivers a test event to a loopback receiver, signed so standardwebhooks verifies it with the secret', async () => {
    const { createServer } = await import('node:http');
    const { Webhook } = await import('standardwebhooks');
    let resolveDelivery: (value: { headers: Record<string, string>; body: string }) => void;
    const delivered = new Promise<{ headers: Record<string, string>; body: string }>((resolve) => (resolveDelivery = resolve));
    const receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        res.end('ok');
        resolveDelivery({ headers: req.headers as Record<string, string>, body });
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    const port = (receiver.address() as { port: number }).port;
    try {
      const endpoint = await create({ Url: `http://127.0.0.1:${port}/hook`, EventTypes: ['booking.created'] });
      const res = await server.api({ method: 'POST', url: `/api/webhook/endpoints/${endpoint.Id}/test` });
      expect(res.statusCode, res.body).toBe(200);
      const got = await delivered;
      const verified = new Webhook(endpoint.Secret).verify(got.body, got.headers) as { type: string };
      expect(verified.type).toBe('webhook.test');
      expect(got.headers['webhook-id']).toMatch(/^msg_/);
    } finally {
      receiver.close();
    }
  });
});

describe('/webhook secret rotation', () => {
  it('signs with the old secret too for a day after a rotation, so a receiver that still holds it verifies', async () => {
    const { createServer } = await import('node:http');
    const { Webhook } = await import('standardwebhooks');
    const deliveries: { headers: Record<string, string>; body: string }[] = [];
    const receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        res.end('ok');
        deliveries.push({ headers: req.headers as Record<string, string>, body });
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    const port = (receiver.address() as { port: number }).port;
    try {
      const endpoint = await create({ Url: `http://127.0.0.1:${port}/hook`, EventTypes: ['booking.created'] });
      const rotated = await server.api({ method: 'PUT', url: `/api/webhook/endpoints/${endpoint.Id}`, payload: { Url: `http://127.0.0.1:${port}/hook`, EventTypes: ['booking.created'], RotateSecret: true } });
      expect(rotated.statusCode, rotated.body).toBe(200);
      const fresh = (rotated.json() as WebhookEndpointWithSecret).Secret;
      expect(fresh).not.toBe(endpoint.Secret);
      expect((await server.api({ method: 'POST', url: `/api/webhook/endpoints/${endpoint.Id}/test` })).statusCode).toBe(200);
      await expect.poll(() => deliveries.length, { timeout: 10_000 }).toBe(1);
      const [got] = deliveries;
      expect(got.headers['webhook-signature'].split(' ')).toHaveLength(2);
      expect((new Webhook(fresh).verify(got.body, got.headers) as { type: string }).type).toBe('webhook.test');
      expect((new Webhook(endpoint.Secret).verify(got.body, got.headers) as { type: string }).type).toBe('webhook.test');

      // A day later the old secret signs no more.
      await server.db.query("update webhook_endpoints set previous_secret_until = now() - interval '1 second' where id = $1", [endpoint.Id]);
      expect((await server.api({ method: 'POST', url: `/api/webhook/endpoints/${endpoint.Id}/test` })).statusCode).toBe(200);
      await expect.poll(() => deliveries.length, { timeout: 10_000 }).toBe(2);
      const later = deliveries[1];
      expect(later.headers['webhook-signature'].split(' ')).toHaveLength(1);
      expect(() => new Webhook(endpoint.Secret).verify(later.body, later.headers)).toThrow();
      expect((new Webhook(fresh).verify(later.body, later.headers) as { type: string }).type).toBe('webhook.test');
    } finally {
      receiver.close();
    }
  });
});

describe('/webhook endpoints that keep failing', () => {
  it('disables an endpoint that has failed every attempt for five days and mails the administrators, in the company’s language', async () => {
    const { createServer } = await import('node:http');
    const receiver = createServer((_req, res) => {
      res.statusCode = 500;
      res.end('down');
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    const port = (receiver.address() as { port: number }).port;
    const before = process.env.WEBHOOK_RETRY_DELAYS_SECONDS;
    process.env.WEBHOOK_RETRY_DELAYS_SECONDS = '0';
    try {
      const endpoint = await create({ Url: `http://127.0.0.1:${port}/down`, EventTypes: ['booking.created'] });
      // It has been failing since six days ago.
      const old = await server.db.one<{ id: number }>(
        `insert into webhook_messages (company_id, endpoint_id, event_id, event_type, payload, created, status)
         select company_id, id, 'msg_old', 'webhook.test', '{}'::jsonb, now() - interval '6 days', 'failed' from webhook_endpoints where id = $1 returning id`,
        [endpoint.Id],
      );
      await server.db.query("insert into webhook_attempts (message_id, attempted, http_status) values ($1, now() - interval '6 days', 500)", [old!.id]);
      expect((await server.api({ method: 'POST', url: `/api/webhook/endpoints/${endpoint.Id}/test` })).statusCode).toBe(200);
      const disabled = async () => (await server.db.one<{ disabled: boolean }>('select disabled from webhook_endpoints where id = $1', [endpoint.Id]))?.disabled;
      await expect.poll(disabled, { timeout: 15_000 }).toBe(true);
      await expect
        .poll(async () => (await server.db.query<{ subject: string }>("select subject from mail_outbox where kind = 'webhook_disabled' and subject like $1", [`%${port}%`])).map((r) => r.subject), { timeout: 15_000 })
        .toContain(`Webhook-slutpunkten http://127.0.0.1:${port}/down har stängts av`);
      const listed = (await server.api({ method: 'GET', url: '/api/webhook/endpoints' })).json() as WebhookEndpointList;
      expect(listed.Endpoints.find((e) => e.Id === endpoint.Id)?.Disabled).toBe(true);
    } finally {
      if (before === undefined) delete process.env.WEBHOOK_RETRY_DELAYS_SECONDS;
      else process.env.WEBHOOK_RETRY_DELAYS_SECONDS = before;
      receiver.close();
    }
  });

  it('keeps an endpoint that failed for less than five days, or succeeded since', async () => {
    const { createServer } = await import('node:http');
    const receiver = createServer((_req, res) => {
      res.statusCode = 503;
      res.end('busy');
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    const port = (receiver.address() as { port: number }).port;
    const before = process.env.WEBHOOK_RETRY_DELAYS_SECONDS;
    process.env.WEBHOOK_RETRY_DELAYS_SECONDS = '0';
    try {
      const endpoint = await create({ Url: `http://127.0.0.1:${port}/busy`, EventTypes: ['booking.created'] });
      const old = await server.db.one<{ id: number }>(
        `insert into webhook_messages (company_id, endpoint_id, event_id, event_type, payload, created, status)
         select company_id, id, 'msg_old2', 'webhook.test', '{}'::jsonb, now() - interval '6 days', 'delivered' from webhook_endpoints where id = $1 returning id`,
        [endpoint.Id],
      );
      // Failed six days ago, but delivered two days ago: not failing for five days.
      await server.db.query("insert into webhook_attempts (message_id, attempted, http_status) values ($1, now() - interval '6 days', 500), ($1, now() - interval '2 days', 200)", [old!.id]);
      expect((await server.api({ method: 'POST', url: `/api/webhook/endpoints/${endpoint.Id}/test` })).statusCode).toBe(200);
      const attempts = async () => (await server.db.one<{ n: number }>('select count(*)::int as n from webhook_attempts a join webhook_messages m on m.id = a.message_id where m.endpoint_id = $1', [endpoint.Id]))?.n;
      await expect.poll(attempts, { timeout: 15_000 }).toBe(4);
      expect((await server.db.one<{ disabled: boolean }>('select disabled from webhook_endpoints where id = $1', [endpoint.Id]))?.disabled).toBe(false);
    } finally {
      if (before === undefined) delete process.env.WEBHOOK_RETRY_DELAYS_SECONDS;
      else process.env.WEBHOOK_RETRY_DELAYS_SECONDS = before;
      receiver.close();
    }
  });
});

describe('/webhook replay', () => {
  it('sends again every failed message to one endpoint since a time, with its own webhook-id, and nothing older or delivered', async () => {
    const { createServer } = await import('node:http');
    const ids: string[] = [];
    const receiver = createServer((req, res) => {
      ids.push(String(req.headers['webhook-id']));
      req.resume();
      res.end('ok');
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    const port = (receiver.address() as { port: number }).port;
    try {
      const endpoint = await create({ Url: `http://127.0.0.1:${port}/replay`, EventTypes: ['booking.created'] });
      const insert = (eventId: string, daysAgo: number, status: string) =>
        server.db.one<{ id: string }>(
          `insert into webhook_messages (company_id, endpoint_id, event_id, event_type, payload, created, status)
           select company_id, id, $2, 'booking.created', '{"Id":1}'::jsonb, now() - make_interval(days => $3), $4 from webhook_endpoints where id = $1 returning id::text as id`,
          [endpoint.Id, eventId, daysAgo, status],
        );
      const recent = await insert('msg_recent_failed', 2, 'failed');
      await insert('msg_old_failed', 10, 'failed');
      await insert('msg_recent_delivered', 1, 'delivered');
      const since = (await server.db.one<{ t: string }>("select to_char((now() - interval '5 days') at time zone 'Europe/Stockholm', 'YYYY-MM-DD\"T\"HH24:MI:SS') as t"))!.t;
      const res = await server.api({ method: 'POST', url: `/api/webhook/endpoints/${endpoint.Id}/replay`, payload: { Since: since } });
      expect(res.statusCode, res.body).toBe(200);
      expect((res.json() as { MessageIds: number[] }).MessageIds).toEqual([Number(recent!.id)]);
      await expect.poll(() => ids, { timeout: 10_000 }).toEqual(['msg_recent_failed']);
      const foreign = await server.api({ method: 'POST', url: `/api/webhook/endpoints/${endpoint.Id}/replay`, payload: { Since: since }, token: other });
      // The other company's plan has no webhooks: refused before its endpoint is even looked for.
      expect(foreign.statusCode).toBe(402);
      const bad = await server.api({ method: 'POST', url: `/api/webhook/endpoints/${endpoint.Id}/replay`, payload: { Since: 'yesterday' } });
      expect(bad.statusCode).toBe(400);
      expect(fieldsOf(bad)).toContain('Since');
    } finally {
      receiver.close();
    }
  });
});

describe('/webhook/messages: the log and resend', () => {
  async function poll<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 10_000): Promise<T> {
    const until = Date.now() + ms;
    let value = await read();
    while (!done(value) && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 100));
      value = await read();
    }
    return value;
  }

  it('lists a test event with its attempt, filters by endpoint, and a resend makes one more attempt with the same webhook-id', async () => {
    const { createServer } = await import('node:http');
    const ids: string[] = [];
    const receiver = createServer((req, res) => {
      ids.push(String(req.headers['webhook-id']));
      req.resume();
      req.on('end', () => res.end('thanks'));
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    const port = (receiver.address() as { port: number }).port;
    try {
      const endpoint = await create({ Url: `http://127.0.0.1:${port}/log`, EventTypes: ['booking.created'] });
      const sent = await server.api({ method: 'POST', url: `/api/webhook/endpoints/${endpoint.Id}/test` });
      expect(sent.statusCode, sent.body).toBe(200);
      const read = async () => (await server.api({ method: 'GET', url: `/api/webhook/messages?EndpointId=${endpoint.Id}` })).json() as WebhookMessageList;
      const first = await poll(read, (l) => l.Data[0]?.Attempts.length === 1);
      expect(first.Total).toBe(1);
      const message = first.Data[0]!;
      expect(message).toMatchObject({ EventType: 'webhook.test', Status: 'delivered', Channels: [{ EndpointId: endpoint.Id, Url: endpoint.Url }] });
      expect(message.EventId).toMatch(/^msg_/);
      expect(message.Timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
      expect(message.Attempts[0]).toMatchObject({ HttpStatus: 200, ResponseExcerpt: 'thanks' });
      expect(message.Attempts[0]!.DurationMs).toBeGreaterThanOrEqual(0);

      const all = (await server.api({ method: 'GET', url: '/api/webhook/messages?Take=1' })).json() as WebhookMessageList;
      expect(all.Data).toHaveLength(1);
      expect(all.Total).toBeGreaterThanOrEqual(1);

      const resend = await server.api({ method: 'POST', url: `/api/webhook/messages/${message.Id}/resend` });
      expect(resend.statusCode, resend.body).toBe(200);
      const second = await poll(read, (l) => l.Data[0]?.Attempts.length === 2);
      expect(second.Data[0]!.Attempts).toHaveLength(2);
      expect(second.Data[0]!.Status).toBe('delivered');
      expect(ids).toEqual([message.EventId, message.EventId]);
    } finally {
      receiver.close();
    }
  });

  it('keeps the log to its company: another company sees none of it and cannot resend it', async () => {
    const mine = (await server.api({ method: 'GET', url: '/api/webhook/messages' })).json() as WebhookMessageList;
    expect(mine.Data.length).toBeGreaterThan(0);
    const theirs = (await server.api({ method: 'GET', url: '/api/webhook/messages', token: other })).json() as WebhookMessageList;
    expect(theirs).toEqual({ Data: [], Total: 0 });
    const resend = await server.api({ method: 'POST', url: `/api/webhook/messages/${mine.Data[0]!.Id}/resend`, token: other });
    expect(resend.statusCode).toBe(402);
    const missing = await server.api({ method: 'POST', url: '/api/webhook/messages/999999/resend' });
    expect(missing.statusCode).toBe(404);
  });

  it('answers the total past the last page and refuses a bad Take', async () => {
    const far = (await server.api({ method: 'GET', url: '/api/webhook/messages?Skip=100000' })).json() as WebhookMessageList;
    expect(far.Data).toEqual([]);
    expect(far.Total).toBeGreaterThan(0);
    const bad = await server.api({ method: 'GET', url: '/api/webhook/messages?Take=0' });
    expect(bad.statusCode).toBe(400);
  });
});
