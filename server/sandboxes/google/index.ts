/**
 * The embedded Google (issue 33): the OAuth authorize page and token endpoint, and the part of the
 * Calendar API v3 the sync area uses (calendarList; events insert, get, list with timeMin/timeMax,
 * patch, delete; freeBusy), under /google-sandbox, speaking Google's wire protocol (Bearer tokens that
 * end after an hour and are refreshed, JSON, errors as { error: { code, message, status } }) and
 * keeping its state in the database. GET /google-sandbox/calendar is a page listing the events it
 * holds, with a form that adds one (a busy time). Mounted while GOOGLE_API_URL names no real Google.
 */
import { createHash, randomBytes } from 'node:crypto';
import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml } from '../../shared/html';
import { GOOGLE_SANDBOX_PATH } from '../../shared/googleCalendar';

const hash = (text: string) => createHash('sha256').update(text).digest('hex');

function googleError(reply: FastifyReply, code: number, status: string, message: string) {
  return reply.code(code).send({ error: { code, message, status, errors: [{ message, domain: 'global', reason: status }] } });
}

interface EventRow {
  id: string;
  calendar_id: string;
  summary: string;
  description: string;
  start_at: Date | string;
  end_at: Date | string;
  status: string;
  transparency: 'opaque' | 'transparent';
  sequence: number;
  updated: Date | string;
}

/** The calendars every sandbox account has, besides any calendar id events were written to. */
const CALENDARS = [
  { id: 'primary', summary: 'Primary', primary: true },
  { id: 'staff@group.calendar.google.com', summary: 'Staff', primary: false },
  { id: 'rooms@group.calendar.google.com', summary: 'Rooms', primary: false },
];

/** How long an access token lives, as Google's do. */
const ACCESS_SECONDS = 3599;

const eventJson = (e: EventRow) => ({
  kind: 'calendar#event',
  id: e.id,
  status: e.status,
  summary: e.summary,
  description: e.description,
  start: { dateTime: new Date(e.start_at).toISOString() },
  end: { dateTime: new Date(e.end_at).toISOString() },
  transparency: e.transparency,
  sequence: e.sequence,
  updated: new Date(e.updated).toISOString(),
});

interface EventInput {
  summary?: unknown;
  description?: unknown;
  status?: unknown;
  transparency?: unknown;
  start?: { dateTime?: unknown };
  end?: { dateTime?: unknown };
}

const validTime = (v: unknown): string | null => (typeof v === 'string' && !Number.isNaN(Date.parse(v)) ? new Date(v).toISOString() : null);

export default async function googleSandbox(app: FastifyInstance): Promise<void> {
  await app.register(formbody);
  const base = GOOGLE_SANDBOX_PATH;

  async function authorized(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    const header = request.headers.authorization ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7) : '';
    const row = token
      ? await app.db.one<{ revoked: boolean; ended: boolean }>("select revoked, coalesce(expires < now(), false) as ended from google_sandbox_tokens where token_hash = $1 and kind = 'access'", [hash(token)])
      : undefined;
    if (!row || row.revoked || row.ended) {
      await googleError(reply, 401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials. Expected OAuth 2 access token.');
      return false;
    }
    return true;
  }

  app.get(`${base}/o/oauth2/v2/auth`, async (request, reply) => {
    const q = request.query as Record<string, string | undefined>;
    if (!q.redirect_uri || !q.client_id || q.response_type !== 'code') return reply.code(400).type('text/html').send('<!doctype html><html lang="en"><title>Error 400</title><main><h1>Error 400: invalid_request</h1></main></html>');
    const hidden = ['redirect_uri', 'state'].map((k) => `<input type="hidden" name="${k}" value="${escapeHtml(q[k] ?? '')}">`).join('');
    return reply.type('text/html').send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Sign in – Google Accounts (sandbox)</title></head>
<body style="font-family:sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem"><main><h1>Google (sandbox)</h1>
<p>${escapeHtml(q.client_id)} wants to see and edit events on your calendars.</p>
<form method="post" action="${base}/o/oauth2/v2/auth/approve">${hidden}<button type="submit" name="decision" value="allow">Allow</button> <button type="submit" name="decision" value="deny">Cancel</button></form></main></body></html>`);
  });

  app.post(`${base}/o/oauth2/v2/auth/approve`, async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, string | undefined>;
    let target: URL;
    try {
      target = new URL(String(body.redirect_uri));
    } catch {
      return reply.code(400).type('text/html').send('<!doctype html><html lang="en"><title>Error 400</title><main><h1>Error 400: redirect_uri_mismatch</h1></main></html>');
    }
    if (body.state) target.searchParams.set('state', body.state);
    if (body.decision !== 'allow') {
      target.searchParams.set('error', 'access_denied');
      return reply.redirect(target.toString());
    }
    const code = `4/${randomBytes(24).toString('base64url')}`;
    await app.db.query('insert into google_sandbox_grants (code, redirect_uri) values ($1, $2)', [code, String(body.redirect_uri)]);
    target.searchParams.set('code', code);
    return reply.redirect(target.toString());
  });

  app.post(`${base}/token`, async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, string | undefined>;
    const issue = async () => {
      const access = `ya29.${randomBytes(32).toString('base64url')}`;
      const refresh = `1//${randomBytes(32).toString('base64url')}`;
      await app.db.query("insert into google_sandbox_tokens (token_hash, kind, expires) values ($1, 'access', now() + make_interval(secs => $3)), ($2, 'refresh', null)", [hash(access), hash(refresh), ACCESS_SECONDS]);
      return { access_token: access, refresh_token: refresh, expires_in: ACCESS_SECONDS, token_type: 'Bearer', scope: 'https://www.googleapis.com/auth/calendar' };
    };
    if (body.grant_type === 'authorization_code') {
      const grant = await app.db.one<{ redirect_uri: string }>('update google_sandbox_grants set used = true where code = $1 and not used returning redirect_uri', [String(body.code ?? '')]);
      if (!grant || grant.redirect_uri !== body.redirect_uri) return reply.code(400).send({ error: 'invalid_grant', error_description: 'Bad Request' });
      return issue();
    }
    if (body.grant_type === 'refresh_token') {
      const ok = await app.db.one("select 1 from google_sandbox_tokens where token_hash = $1 and kind = 'refresh' and not revoked", [hash(String(body.refresh_token ?? ''))]);
      if (!ok) return reply.code(400).send({ error: 'invalid_grant', error_description: 'Token has been expired or revoked.' });
      return issue();
    }
    return reply.code(400).send({ error: 'unsupported_grant_type', error_description: 'Invalid grant_type' });
  });

  const events = `${base}/calendar/v3/calendars/:calendarId/events`;

  app.get(events, async (request, reply) => {
    if (!(await authorized(request, reply))) return reply;
    const { calendarId } = request.params as { calendarId: string };
    const q = request.query as Record<string, string | undefined>;
    const min = q.timeMin ? validTime(q.timeMin) : null;
    const max = q.timeMax ? validTime(q.timeMax) : null;
    if ((q.timeMin && !min) || (q.timeMax && !max)) return googleError(reply, 400, 'INVALID_ARGUMENT', 'Bad Request');
    const rows = await app.db.query<EventRow>(
      `select * from google_sandbox_events where calendar_id = $1 and ($2::timestamptz is null or end_at > $2) and ($3::timestamptz is null or start_at < $3)
          and ($4 or status <> 'cancelled') order by start_at, id limit 2500`,
      [calendarId, min, max, q.showDeleted === 'true'],
    );
    return { kind: 'calendar#events', summary: calendarId, items: rows.map(eventJson) };
  });

  app.post(events, async (request, reply) => {
    if (!(await authorized(request, reply))) return reply;
    const { calendarId } = request.params as { calendarId: string };
    const body = (request.body ?? {}) as EventInput;
    const start = validTime(body.start?.dateTime);
    const end = validTime(body.end?.dateTime);
    if (!start || !end) return googleError(reply, 400, 'INVALID_ARGUMENT', 'Missing time.');
    return eventJson(await insertEvent(calendarId, body, start, end));
  });

  async function insertEvent(calendarId: string, body: EventInput, start: string, end: string): Promise<EventRow> {
    const row = await app.db.one<EventRow>(
      'insert into google_sandbox_events (id, calendar_id, summary, description, start_at, end_at, status, transparency) values ($1, $2, $3, $4, $5, $6, $7, $8) returning *',
      [
        randomBytes(13).toString('hex'),
        calendarId,
        String(body.summary ?? ''),
        String(body.description ?? ''),
        start,
        end,
        body.status === 'cancelled' ? 'cancelled' : 'confirmed',
        body.transparency === 'transparent' ? 'transparent' : 'opaque',
      ],
    );
    return row!;
  }

  app.get(`${base}/calendar/v3/users/me/calendarList`, async (request, reply) => {
    if (!(await authorized(request, reply))) return reply;
    const written = await app.db.query<{ calendar_id: string }>('select distinct calendar_id from google_sandbox_events order by 1');
    const items = [...CALENDARS, ...written.filter((w) => !CALENDARS.some((c) => c.id === w.calendar_id)).map((w) => ({ id: w.calendar_id, summary: w.calendar_id, primary: false }))];
    return { kind: 'calendar#calendarList', items: items.map((c) => ({ kind: 'calendar#calendarListEntry', id: c.id, summary: c.summary, primary: c.primary, accessRole: 'owner' })) };
  });

  app.route({
    method: ['GET', 'PATCH', 'DELETE'],
    url: `${events}/:eventId`,
    handler: async (request, reply) => {
      if (!(await authorized(request, reply))) return reply;
      const { calendarId, eventId } = request.params as { calendarId: string; eventId: string };
      const row = await app.db.one<EventRow>('select * from google_sandbox_events where calendar_id = $1 and id = $2', [calendarId, eventId]);
      if (!row) return googleError(reply, 404, 'NOT_FOUND', 'Not Found');
      if (request.method === 'GET') return eventJson(row);
      if (request.method === 'DELETE') {
        if (row.status === 'cancelled') return googleError(reply, 410, 'GONE', 'Resource has been deleted');
        await app.db.query("update google_sandbox_events set status = 'cancelled', sequence = sequence + 1, updated = now() where id = $1", [eventId]);
        return reply.code(204).send();
      }
      const body = (request.body ?? {}) as EventInput;
      const start = body.start ? validTime(body.start.dateTime) : new Date(row.start_at).toISOString();
      const end = body.end ? validTime(body.end.dateTime) : new Date(row.end_at).toISOString();
      if (!start || !end) return googleError(reply, 400, 'INVALID_ARGUMENT', 'Bad time.');
      const updated = await app.db.one<EventRow>(
        `update google_sandbox_events set summary = $2, description = $3, start_at = $4, end_at = $5, status = $6, sequence = sequence + 1, updated = now() where id = $1 returning *`,
        [eventId, body.summary !== undefined ? String(body.summary) : row.summary, body.description !== undefined ? String(body.description) : row.description, start, end, body.status === 'cancelled' ? 'cancelled' : body.status === 'confirmed' ? 'confirmed' : row.status],
      );
      return eventJson(updated!);
    },
  });

  app.post(`${base}/calendar/v3/freeBusy`, async (request, reply) => {
    if (!(await authorized(request, reply))) return reply;
    const body = (request.body ?? {}) as { timeMin?: unknown; timeMax?: unknown; items?: { id?: unknown }[] };
    const min = validTime(body.timeMin);
    const max = validTime(body.timeMax);
    if (!min || !max) return googleError(reply, 400, 'INVALID_ARGUMENT', 'Missing timeMin or timeMax.');
    const calendars: Record<string, { busy: { start: string; end: string }[] }> = {};
    for (const item of Array.isArray(body.items) ? body.items : []) {
      const id = String(item?.id ?? '');
      const rows = await app.db.query<EventRow>("select * from google_sandbox_events where calendar_id = $1 and status <> 'cancelled' and start_at < $3 and end_at > $2 order by start_at", [id, min, max]);
      calendars[id] = { busy: rows.map((r) => ({ start: new Date(r.start_at).toISOString(), end: new Date(r.end_at).toISOString() })) };
    }
    return { kind: 'calendar#freeBusy', timeMin: min, timeMax: max, calendars };
  });

  // The page a person looks at: every event the sandbox holds, newest change first, and a form that
  // puts a busy time in a calendar (what someone does in Google Calendar itself).
  app.get(`${base}/calendar`, async (_request, reply) => {
    const rows = await app.db.query<EventRow>('select * from google_sandbox_events order by updated desc, id limit 500');
    const body = rows
      .map(
        (e) =>
          `<tr><td>${escapeHtml(e.calendar_id)}</td><td>${escapeHtml(e.summary)}</td><td>${new Date(e.start_at).toISOString()}</td><td>${new Date(e.end_at).toISOString()}</td><td>${escapeHtml(e.status)}</td><td>${e.transparency === 'transparent' ? 'free' : 'busy'}</td><td>${e.sequence}</td></tr>`,
      )
      .join('');
    const options = CALENDARS.map((c) => `<option value="${escapeHtml(c.id)}">${escapeHtml(c.summary)}</option>`).join('');
    return reply.type('text/html').send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Google Calendar (sandbox)</title></head><body><main><h1>Google Calendar (sandbox)</h1>
<form method="post" action="${base}/calendar"><fieldset><legend>Add an event (times in UTC)</legend>
<label>Calendar <select name="calendar">${options}</select></label>
<label>Summary <input name="summary" value="Busy"></label>
<label>Start <input type="datetime-local" name="start" required></label>
<label>End <input type="datetime-local" name="end" required></label>
<label><input type="checkbox" name="free" value="1"> Show as free</label>
<button type="submit">Add</button></fieldset></form>
<table><caption>Events</caption><thead><tr><th>Calendar</th><th>Summary</th><th>Start</th><th>End</th><th>Status</th><th>Shown as</th><th>Sequence</th></tr></thead><tbody>${body}</tbody></table></main></body></html>`);
  });

  app.post(`${base}/calendar`, async (request, reply) => {
    const form = (request.body ?? {}) as Record<string, string | undefined>;
    const start = validTime(form.start ? `${form.start}Z` : undefined);
    const end = validTime(form.end ? `${form.end}Z` : undefined);
    if (!start || !end || end <= start) return reply.code(400).type('text/html').send('<!doctype html><html lang="en"><title>Error 400</title><main><h1>Start and end are needed, the end after the start.</h1></main></html>');
    await insertEvent(String(form.calendar || 'primary'), { summary: form.summary ?? 'Busy', transparency: form.free ? 'transparent' : 'opaque' }, start, end);
    return reply.redirect(`${base}/calendar`, 303);
  });
}
