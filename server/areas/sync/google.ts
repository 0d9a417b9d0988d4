/**
 * Google Calendar (issue 33): GET, POST, DELETE /sync/googlecalendar. POST answers the authorize URL
 * (the embedded Google unless GOOGLE_API_URL names the real one); its callback
 * GET /sync/googlecalendar/callback stores the tokens sealed with the company's key and sends the
 * administrator back to /sync; POST with CalendarId chooses the calendar; DELETE forgets the
 * connection, after which nothing more is pushed. Every booking change queues one push through the
 * outbox (recorded in the booking's transaction, retried by the queue); the push reads the booking as
 * it is then and inserts, patches or cancels its event with the official @googleapis/calendar client.
 * A refused token or an event deleted at Google is written on the connection for the sync screen
 * and not retried.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { calendar } from '@googleapis/calendar';
import type { GoogleCalendarCallbackQuery, GoogleCalendarConnect, GoogleCalendarInput, GoogleCalendarSync } from '../../../schema/sync';
import { companyKey, decrypt, encrypt } from '../../shared/encryption';
import { ApiError } from '../../shared/errors';
import { GOOGLE_CLIENT_ID, GOOGLE_SANDBOX_PATH } from '../../shared/googleCalendar';
import { NO_CONTENT, ref } from '../../shared/schemas';
import { words } from './messages';

export const GOOGLE_PUSH = 'google_calendar_push';

const googleBase = (publicUrl: string) => (process.env.GOOGLE_API_URL || `${publicUrl}${GOOGLE_SANDBOX_PATH}`).replace(/\/+$/, '');
const authorizeUrl = (publicUrl: string) => (process.env.GOOGLE_AUTH_URL || `${googleBase(publicUrl)}/o/oauth2/v2/auth`);
const tokenUrl = (publicUrl: string) => (process.env.GOOGLE_TOKEN_URL || `${googleBase(publicUrl)}/token`);
const callbackUrl = (publicUrl: string) => `${publicUrl}/api/sync/googlecalendar/callback`;

interface ConnectionRow {
  access_token_sealed: string;
  calendar_id: string;
  state: 'connected' | 'expired';
  last_error: string | null;
  connected: string;
}

/** The Calendar API client for one access token. */
function calendarClient(accessToken: string) {
  return calendar({ version: 'v3', headers: { Authorization: `Bearer ${accessToken}` }, retry: false });
}

/**
 * Each call's options: the root URL goes with every call, since the client resolves a global rootUrl
 * against its own absolute paths and so keeps only its origin (the sandbox lives under a path).
 */
const callOptions = (publicUrl: string) => ({ rootUrl: `${googleBase(publicUrl)}/` });

const statusOf = (err: unknown): number | undefined => {
  const e = err as { status?: number; code?: number | string; response?: { status?: number } };
  return e.response?.status ?? e.status ?? (typeof e.code === 'number' ? e.code : undefined);
};

async function report(app: FastifyInstance, companyId: number, text: string, expired: boolean): Promise<void> {
  await app.db.query(`update google_calendar_connections set last_error = $2, state = case when $3 then 'expired' else state end where company_id = $1`, [companyId, text.slice(0, 500), expired]);
}

/** Pushes one booking as it is now: insert, patch, or cancel its event. */
async function push(app: FastifyInstance, companyId: number, bookingId: number): Promise<void> {
  const connection = await app.db.one<ConnectionRow>("select access_token_sealed, calendar_id, state from google_calendar_connections where company_id = $1 and state = 'connected'", [companyId]);
  if (!connection) return;
  const token = decrypt(await companyKey(app.db, companyId), connection.access_token_sealed);
  const client = calendarClient(token);
  const options = callOptions(app.config.publicUrl);
  const booking = await app.db.one<{ starts_at: Date | string; ends_at: Date | string; status_id: number; service: string; customer: string | null }>(
    `select b.starts_at, b.ends_at, b.status_id, s.name as service, nullif(trim(concat(c.firstname, ' ', c.lastname)), '') as customer
       from bookings b join services s on s.id = b.service_id left join customers c on c.id = b.customer_id where b.id = $1 and b.company_id = $2`,
    [bookingId, companyId],
  );
  const known = await app.db.one<{ event_id: string; calendar_id: string }>('select event_id, calendar_id from google_calendar_events where booking_id = $1', [bookingId]);
  const canceled = !booking || [2, 4].includes(booking.status_id);
  const body = booking
    ? {
        summary: booking.customer ? `${booking.service} – ${booking.customer}` : booking.service,
        description: `${app.config.publicUrl}/bookings/${bookingId}`,
        start: { dateTime: new Date(booking.starts_at).toISOString() },
        end: { dateTime: new Date(booking.ends_at).toISOString() },
        status: canceled ? 'cancelled' : 'confirmed',
      }
    : undefined;
  try {
    if (known) {
      if (canceled) await client.events.delete({ calendarId: known.calendar_id, eventId: known.event_id }, options);
      else await client.events.patch({ calendarId: known.calendar_id, eventId: known.event_id, requestBody: body }, options);
    } else if (!canceled && body) {
      const made = await client.events.insert({ calendarId: connection.calendar_id, requestBody: body }, options);
      await app.db.query('insert into google_calendar_events (booking_id, company_id, calendar_id, event_id) values ($1, $2, $3, $4) on conflict (booking_id) do update set event_id = excluded.event_id, calendar_id = excluded.calendar_id', [
        bookingId,
        companyId,
        connection.calendar_id,
        made.data.id ?? "",
      ]);
    }
  } catch (err) {
    const status = statusOf(err);
    if (status === 401 || status === 403) return report(app, companyId, `Google refused the connection (${status}): connect again.`, true);
    if (status === 404 || status === 410) return report(app, companyId, `The event of booking ${bookingId} was deleted in Google Calendar.`, false);
    throw err;
  }
}

export default async function google(app: FastifyInstance): Promise<void> {
  app.outbox.handle(GOOGLE_PUSH, async (payload, entry) => {
    await push(app, entry.companyId!, Number(payload.bookingId));
  });

  app.bookingEvents.on(async (tx, event) => {
    const connected = await tx.one("select 1 from google_calendar_connections where company_id = $1 and state = 'connected'", [event.companyId]);
    if (!connected) return;
    const seq = await tx.one<{ sequence: number }>('select sequence from calendar_sequences where booking_id = $1', [event.bookingId]);
    await app.outbox.add(tx, { companyId: event.companyId, kind: GOOGLE_PUSH, key: `gcal:${event.bookingId}:${seq?.sequence ?? 0}:${Date.now()}`, payload: { bookingId: event.bookingId } });
  });

  app.get('/sync/googlecalendar', { schema: { querystring: ref('IcalSyncQuery'), response: { 200: ref('GoogleCalendarSync') } } }, async (request) => {
    const { ctx } = request;
    const zone = ctx.timeZone.replace(/'/g, "''");
    const row = await app.db.one<ConnectionRow>(
      `select calendar_id, state, last_error, to_char(connected at time zone '${zone}', 'YYYY-MM-DD"T"HH24:MI:SS') as connected from google_calendar_connections where company_id = $1`,
      [ctx.companyId],
    );
    if (!row) throw ApiError.notFound(words.google[ctx.lang]);
    return { CalendarId: row.calendar_id, State: row.state, ...(row.last_error ? { LastError: row.last_error } : {}), Connected: row.connected } satisfies GoogleCalendarSync;
  });

  app.post('/sync/googlecalendar', { schema: { body: ref('GoogleCalendarInput'), response: { 200: ref('GoogleCalendarConnect') } } }, async (request) => {
    const { ctx } = request;
    const body = (request.body ?? {}) as GoogleCalendarInput;
    if (body.CalendarId?.trim()) {
      const done = await app.db.query('update google_calendar_connections set calendar_id = $2 where company_id = $1 returning 1', [ctx.companyId, body.CalendarId.trim()]);
      if (done.length === 0) throw ApiError.notFound(words.google[ctx.lang]);
      return { Url: '' } satisfies GoogleCalendarConnect;
    }
    const state = randomBytes(24).toString('base64url');
    await app.db.query('insert into google_oauth_states (state, company_id) values ($1, $2)', [state, ctx.companyId]);
    const url = new URL(authorizeUrl(app.config.publicUrl));
    for (const [k, v] of Object.entries({ client_id: GOOGLE_CLIENT_ID, redirect_uri: callbackUrl(app.config.publicUrl), response_type: 'code', scope: 'https://www.googleapis.com/auth/calendar', access_type: 'offline', prompt: 'consent', state })) {
      url.searchParams.set(k, v);
    }
    return { Url: url.toString() } satisfies GoogleCalendarConnect;
  });

  app.delete('/sync/googlecalendar', { schema: { querystring: ref('IcalSyncQuery'), response: NO_CONTENT } }, async (request, reply) => {
    const { ctx } = request;
    const gone = await app.db.query('delete from google_calendar_connections where company_id = $1 returning 1', [ctx.companyId]);
    await app.db.query('delete from google_calendar_events where company_id = $1', [ctx.companyId]);
    if (gone.length === 0) throw ApiError.notFound(words.google[ctx.lang]);
    return reply.code(204).send();
  });

  // Google sends the administrator's browser back here (public: the state names the company, once).
  app.get('/sync/googlecalendar/callback', { config: { public: true }, schema: { querystring: ref('GoogleCalendarCallbackQuery') } }, async (request, reply) => {
    const q = request.query as GoogleCalendarCallbackQuery;
    const back = `${app.config.publicUrl}/sync`;
    const claimed = q.state
      ? await app.db.one<{ company_id: number }>("delete from google_oauth_states where state = $1 and created > now() - interval '1 hour' returning company_id", [q.state])
      : undefined;
    if (!claimed || !q.code || q.error) return reply.redirect(`${back}?google=failed`);
    const res = await fetch(tokenUrl(app.config.publicUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'authorization_code', code: q.code, redirect_uri: callbackUrl(app.config.publicUrl), client_id: GOOGLE_CLIENT_ID, client_secret: process.env.GOOGLE_CLIENT_SECRET ?? 'sandbox' }),
    }).catch(() => undefined);
    const tokens = res?.ok ? ((await res.json()) as { access_token?: string; refresh_token?: string }) : undefined;
    if (!tokens?.access_token) return reply.redirect(`${back}?google=failed`);
    const key = await companyKey(app.db, claimed.company_id);
    await app.db.query(
      `insert into google_calendar_connections (company_id, access_token_sealed, refresh_token_sealed) values ($1, $2, $3)
       on conflict (company_id) do update set access_token_sealed = excluded.access_token_sealed, refresh_token_sealed = excluded.refresh_token_sealed,
         state = 'connected', last_error = null, connected = now()`,
      [claimed.company_id, encrypt(key, tokens.access_token), tokens.refresh_token ? encrypt(key, tokens.refresh_token) : null],
    );
    return reply.redirect(`${back}?google=connected`);
  });
}
