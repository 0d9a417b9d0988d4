/**
 * Google Calendar (issue 33): GET, POST, DELETE /sync/googlecalendar. POST answers the authorize URL
 * (the embedded Google unless GOOGLE_API_URL names the real one); its callback
 * GET /sync/googlecalendar/callback stores the tokens sealed with the company's key and sends the
 * administrator back to /sync; POST with CalendarId (and ResourceId, BlockBusy) chooses the company's
 * or a resource's calendar (googleBusy.ts, which also reads the busy times that close resources);
 * DELETE forgets the connection, after which nothing more is pushed and no busy time closes anything.
 * Every booking change queues one push through the outbox (recorded in the booking's transaction,
 * retried by the queue); the push reads the booking as it is then and inserts, patches or cancels its
 * event, in the calendar of its resource or else the company's, through googleClient.ts.
 * A refused token or an event deleted at Google is written on the connection for the sync screen
 * and not retried.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { GoogleCalendarCallbackQuery, GoogleCalendarConnect, GoogleCalendarInput } from '../../../schema/sync';
import { ApiError } from '../../shared/errors';
import { GOOGLE_CLIENT_ID } from '../../shared/googleCalendar';
import { NO_CONTENT, ref } from '../../shared/schemas';
import { requirePlanArea } from '../../shared/planLimits';
import { words } from './messages';
import { authorizeUrl, callbackUrl, report, requestTokens, statusOf, storeTokens, withCalendar } from './googleClient';
import { GOOGLE_BUSY_PULL, GOOGLE_BUSY_PULL_ALL, googleSettings, pullAllBusy, pullBusy, saveChoice } from './googleBusy';

export const GOOGLE_PUSH = 'google_calendar_push';

/** Pushes one booking as it is now: insert, patch, or cancel its event, in its resource's calendar or the company's. */
async function push(app: FastifyInstance, companyId: number, bookingId: number): Promise<void> {
  const booking = await app.db.one<{ starts_at: Date | string; ends_at: Date | string; status_id: number; service: string; customer: string | null; calendar_id: string }>(
    `select b.starts_at, b.ends_at, b.status_id, s.name as service, nullif(trim(concat(c.firstname, ' ', c.lastname)), '') as customer,
            coalesce((select g.calendar_id from google_calendar_resources g where g.company_id = b.company_id and g.resource_id = any(b.resource_ids) order by g.resource_id limit 1),
                     (select calendar_id from google_calendar_connections where company_id = b.company_id)) as calendar_id
       from bookings b join services s on s.id = b.service_id left join customers c on c.id = b.customer_id where b.id = $1 and b.company_id = $2`,
    [bookingId, companyId],
  );
  const known = await app.db.one<{ event_id: string; calendar_id: string }>('select event_id, calendar_id from google_calendar_events where booking_id = $1', [bookingId]);
  const canceled = !booking?.calendar_id || [2, 4].includes(booking.status_id);
  const body = booking && {
    summary: booking.customer ? `${booking.service} – ${booking.customer}` : booking.service,
    description: `${app.config.publicUrl}/bookings/${bookingId}`,
    start: { dateTime: new Date(booking.starts_at).toISOString() },
    end: { dateTime: new Date(booking.ends_at).toISOString() },
    status: 'confirmed',
  };
  try {
    await withCalendar(app, companyId, async (client, options) => {
      // A booking moved to a resource with another calendar leaves the old one.
      const moved = known && booking && known.calendar_id !== booking.calendar_id;
      if (known && (canceled || moved)) {
        await client.events.delete({ calendarId: known.calendar_id, eventId: known.event_id }, options).catch((err: unknown) => {
          if (statusOf(err) !== 404 && statusOf(err) !== 410) throw err;
        });
        await app.db.query('delete from google_calendar_events where booking_id = $1', [bookingId]);
      }
      if (canceled || !body) return;
      if (known && !moved) {
        await client.events.patch({ calendarId: known.calendar_id, eventId: known.event_id, requestBody: body }, options);
        return;
      }
      const made = await client.events.insert({ calendarId: booking.calendar_id, requestBody: body }, options);
      await app.db.query(
        'insert into google_calendar_events (booking_id, company_id, calendar_id, event_id) values ($1, $2, $3, $4) on conflict (booking_id) do update set event_id = excluded.event_id, calendar_id = excluded.calendar_id',
        [bookingId, companyId, booking.calendar_id, made.data.id ?? ''],
      );
    });
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
  app.outbox.handle(GOOGLE_BUSY_PULL, async (_payload, entry) => pullBusy(app, entry.companyId!));
  if (app.hasDecorator('jobs')) app.jobs.every(GOOGLE_BUSY_PULL_ALL, '*/5 * * * *', () => pullAllBusy(app));

  app.bookingEvents.on(async (tx, event) => {
    const connected = await tx.one("select 1 from google_calendar_connections where company_id = $1 and state = 'connected'", [event.companyId]);
    if (!connected) return;
    const seq = await tx.one<{ sequence: number }>('select sequence from calendar_sequences where booking_id = $1', [event.bookingId]);
    await app.outbox.add(tx, { companyId: event.companyId, kind: GOOGLE_PUSH, key: `gcal:${event.bookingId}:${seq?.sequence ?? 0}:${Date.now()}`, payload: { bookingId: event.bookingId } });
  });

  app.get('/sync/googlecalendar', { schema: { querystring: ref('IcalSyncQuery'), response: { 200: ref('GoogleCalendarSync') } } }, async (request) => {
    const { ctx } = request;
    const settings = await googleSettings(app, ctx.companyId, ctx.timeZone);
    if (!settings) throw ApiError.notFound(words.google[ctx.lang]);
    return settings;
  });

  app.post('/sync/googlecalendar', { preHandler: requirePlanArea('sync'), schema: { body: ref('GoogleCalendarInput'), response: { 200: ref('GoogleCalendarConnect') } } }, async (request) => {
    const { ctx } = request;
    const body = (request.body ?? {}) as GoogleCalendarInput;
    if (body.CalendarId !== undefined || body.ResourceId !== undefined || body.BlockBusy !== undefined) {
      await saveChoice(app, ctx, body);
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
    const gone = await app.db.tx(async (tx) => {
      const deleted = await tx.query('delete from google_calendar_connections where company_id = $1 returning 1', [ctx.companyId]);
      await tx.query('delete from google_calendar_events where company_id = $1', [ctx.companyId]);
      await tx.query('delete from google_calendar_resources where company_id = $1', [ctx.companyId]);
      // Busy times of a calendar no longer connected close nothing.
      await tx.query('delete from google_busy_times where company_id = $1', [ctx.companyId]);
      return deleted;
    });
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
    const tokens = await requestTokens(app.config.publicUrl, { grant_type: 'authorization_code', code: q.code, redirect_uri: callbackUrl(app.config.publicUrl) }).catch(() => undefined);
    if (!tokens) return reply.redirect(`${back}?google=failed`);
    await storeTokens(app, claimed.company_id, tokens, true);
    return reply.redirect(`${back}?google=connected`);
  });
}
