/**
 * Google calendars per resource and the busy times that close them (issue 33). The company's calendar
 * and each resource's are chosen on the sync screen; every five minutes, and at once after a choice,
 * the events of each blocking calendar from yesterday to 400 days ahead are read with the official
 * client (events.list: the events themselves, so that our own pushed bookings, free (transparent) and
 * cancelled events are left out, which freeBusy cannot tell apart) and kept in google_busy_times,
 * rewritten only when they changed. Availability reads them as closed time (availabilityData.ts), and
 * since the table is in the 'availability' scope of the data versions, kept answers follow each pull.
 */
import type { FastifyInstance } from 'fastify';
import type { calendar_v3 } from '@googleapis/calendar';
import { DateTime } from 'luxon';
import type { GoogleCalendarInput, GoogleCalendarOption, GoogleCalendarSync } from '../../../schema/sync';
import type { CallerContext } from '../../shared/context';
import { ApiError } from '../../shared/errors';
import { words } from './messages';
import { report, statusOf, withCalendar } from './googleClient';

/** The outbox kind of a pull after a choice (ordered with the company's pushes). */
export const GOOGLE_BUSY_PULL = 'google_busy_pull';
/** The recurring pull of every company that blocks with a calendar. */
export const GOOGLE_BUSY_PULL_ALL = 'google_busy_pull_all';

const DAY = 86_400_000;

interface Busy {
  resourceId: number | null;
  start: number;
  end: number;
}

/** An event's start or end in ms: a time, or an all-day date at midnight in the company's zone. */
function instant(at: calendar_v3.Schema$EventDateTime | undefined, zone: string): number | undefined {
  if (at?.dateTime) return Date.parse(at.dateTime);
  if (at?.date) return DateTime.fromISO(at.date, { zone }).toMillis();
  return undefined;
}

async function listEvents(client: calendar_v3.Calendar, options: { rootUrl: string }, calendarId: string, from: Date, to: Date): Promise<calendar_v3.Schema$Event[]> {
  const items: calendar_v3.Schema$Event[] = [];
  let pageToken: string | undefined;
  do {
    const page = await client.events.list({ calendarId, timeMin: from.toISOString(), timeMax: to.toISOString(), singleEvents: true, showDeleted: false, maxResults: 2500, pageToken }, options);
    items.push(...(page.data.items ?? []));
    pageToken = page.data.nextPageToken ?? undefined;
  } while (pageToken);
  return items;
}

/** Reads the busy times of the company's blocking calendars and keeps them when they changed. */
export async function pullBusy(app: FastifyInstance, companyId: number): Promise<void> {
  const connection = await app.db.one<{ calendar_id: string; block_busy: boolean; time_zone: string }>(
    "select g.calendar_id, g.block_busy, c.time_zone from google_calendar_connections g join companies c on c.id = g.company_id where g.company_id = $1 and g.state = 'connected'",
    [companyId],
  );
  if (!connection) return;
  const choices = await app.db.query<{ resource_id: number; calendar_id: string }>('select resource_id, calendar_id from google_calendar_resources where company_id = $1 and block_busy order by resource_id', [companyId]);
  const blocking = new Map<string, (number | null)[]>();
  if (connection.block_busy) blocking.set(connection.calendar_id, [null]);
  for (const c of choices) blocking.set(c.calendar_id, [...(blocking.get(c.calendar_id) ?? []), c.resource_id]);
  const own = new Set((await app.db.query<{ event_id: string }>('select event_id from google_calendar_events where company_id = $1', [companyId])).map((r) => r.event_id));
  const now = Date.now();
  const busy: Busy[] = [];
  try {
    const read = await withCalendar(app, companyId, async (client, options) => {
      for (const [calendarId, resources] of blocking) {
        for (const event of await listEvents(client, options, calendarId, new Date(now - DAY), new Date(now + 400 * DAY))) {
          if (event.status === 'cancelled' || event.transparency === 'transparent' || (event.id && own.has(event.id))) continue;
          const start = instant(event.start ?? undefined, connection.time_zone);
          const end = instant(event.end ?? undefined, connection.time_zone);
          if (start === undefined || end === undefined || end <= start) continue;
          for (const resourceId of resources) busy.push({ resourceId, start, end });
        }
      }
    });
    if (!read) return;
  } catch (err) {
    const status = statusOf(err);
    if (status === 401 || status === 403) return report(app, companyId, `Google refused the connection (${status}): connect again.`, true);
    if (status === 404) return report(app, companyId, 'A chosen calendar no longer exists in Google Calendar: choose another.', false);
    throw err;
  }
  await keepBusy(app, companyId, busy);
}

const key = (b: Busy) => `${b.resourceId ?? ''}:${b.start}:${b.end}`;

/** Replaces the company's busy times when they differ from those kept (an unchanged pull writes nothing, so kept availability stands). */
async function keepBusy(app: FastifyInstance, companyId: number, busy: Busy[]): Promise<void> {
  const wanted = [...new Set(busy.map(key))].sort();
  await app.db.tx(async (tx) => {
    const kept = await tx.query<{ k: string }>(
      `select concat(coalesce(resource_id::text, ''), ':', (extract(epoch from starts_at) * 1000)::bigint, ':', (extract(epoch from ends_at) * 1000)::bigint) as k
         from google_busy_times where company_id = $1 for update`,
      [companyId],
    );
    const same = kept.length === wanted.length && kept.map((r) => r.k).sort().every((k, i) => k === wanted[i]);
    if (!same) {
      await tx.query('delete from google_busy_times where company_id = $1', [companyId]);
      const rows = wanted.map((k) => k.split(':'));
      if (rows.length) {
        await tx.query(
          `insert into google_busy_times (company_id, resource_id, starts_at, ends_at)
           select $1, nullif(r, '')::int, to_timestamp(s::bigint / 1000.0), to_timestamp(e::bigint / 1000.0) from unnest($2::text[], $3::text[], $4::text[]) as x(r, s, e)`,
          [companyId, rows.map((r) => r[0]), rows.map((r) => r[1]), rows.map((r) => r[2])],
        );
      }
    }
    await tx.query('update google_calendar_connections set busy_pulled = now() where company_id = $1', [companyId]);
  });
}

/** Pulls every company that blocks with a calendar, one after another; one company's failure is its own. */
export async function pullAllBusy(app: FastifyInstance): Promise<void> {
  const companies = await app.db.query<{ company_id: number }>(
    `select company_id from google_calendar_connections g where state = 'connected'
        and (block_busy or exists (select 1 from google_calendar_resources r where r.company_id = g.company_id and r.block_busy)
             or exists (select 1 from google_busy_times b where b.company_id = g.company_id))`,
  );
  for (const { company_id } of companies) {
    await pullBusy(app, company_id).catch((err: unknown) => app.log.warn({ err, companyId: company_id }, 'google busy times not read'));
  }
}

/** The account's calendars, for the choosers; empty when Google cannot be asked now. */
async function calendarsOf(app: FastifyInstance, companyId: number): Promise<GoogleCalendarOption[]> {
  const read = await withCalendar(app, companyId, (client, options) => client.calendarList.list({ maxResults: 250 }, options)).catch(() => undefined);
  return (read?.value.data.items ?? []).map((c) => ({ Id: c.id ?? '', Summary: c.summaryOverride ?? c.summary ?? c.id ?? '', Primary: !!c.primary })).filter((c) => c.Id);
}

/** GET /sync/googlecalendar: the connection, the choices, the calendars to choose from; undefined when not connected. */
export async function googleSettings(app: FastifyInstance, companyId: number, timeZone: string): Promise<GoogleCalendarSync | undefined> {
  const zone = timeZone.replace(/'/g, "''");
  const row = await app.db.one<{ calendar_id: string; block_busy: boolean; state: 'connected' | 'expired'; last_error: string | null; connected: string; busy_pulled: string | null; busy: number; pending: boolean }>(
    `select calendar_id, block_busy, state, last_error, to_char(connected at time zone '${zone}', 'YYYY-MM-DD"T"HH24:MI:SS') as connected,
            to_char(busy_pulled at time zone '${zone}', 'YYYY-MM-DD"T"HH24:MI:SS') as busy_pulled,
            (select count(*)::int from google_busy_times b where b.company_id = g.company_id and b.ends_at > now()) as busy,
            exists (select 1 from outbox o where o.company_id = g.company_id and o.kind = $2 and o.state = 'queued') as pending
       from google_calendar_connections g where company_id = $1`,
    [companyId, GOOGLE_BUSY_PULL],
  );
  if (!row) return undefined;
  const resources = await app.db.query<{ resource_id: number; calendar_id: string; block_busy: boolean }>(
    'select resource_id, calendar_id, block_busy from google_calendar_resources where company_id = $1 order by resource_id',
    [companyId],
  );
  return {
    CalendarId: row.calendar_id,
    BlockBusy: row.block_busy,
    Resources: resources.map((r) => ({ ResourceId: r.resource_id, CalendarId: r.calendar_id, BlockBusy: r.block_busy })),
    Calendars: row.state === 'connected' ? await calendarsOf(app, companyId) : [],
    State: row.state,
    ...(row.last_error ? { LastError: row.last_error } : {}),
    Connected: row.connected,
    ...(row.busy_pulled ? { BusyPulled: row.busy_pulled } : {}),
    BusyTimes: row.busy,
    BusyPending: row.pending,
  };
}

/**
 * POST /sync/googlecalendar with a choice: the company's calendar (CalendarId, BlockBusy), or a
 * resource's (ResourceId with CalendarId, empty to have none, and BlockBusy). The busy times are
 * read again at once, through the outbox after the choice commits.
 */
export async function saveChoice(app: FastifyInstance, ctx: CallerContext, body: GoogleCalendarInput): Promise<void> {
  const calendarId = body.CalendarId?.trim();
  await app.db.tx(async (tx) => {
    const connected = await tx.one('select 1 from google_calendar_connections where company_id = $1 for update', [ctx.companyId]);
    if (!connected) throw ApiError.notFound(words.google[ctx.lang]);
    if (body.ResourceId === undefined) {
      if (body.CalendarId !== undefined && !calendarId) throw ApiError.field(400, 'CalendarId', 'GoogleCalendarRequired');
      await tx.query('update google_calendar_connections set calendar_id = coalesce($2, calendar_id), block_busy = coalesce($3, block_busy) where company_id = $1', [
        ctx.companyId,
        calendarId ?? null,
        body.BlockBusy ?? null,
      ]);
    } else {
      const resource = await tx.one('select 1 from resources where company_id = $1 and id = $2', [ctx.companyId, body.ResourceId]);
      if (!resource) throw ApiError.field(400, 'ResourceId', 'IcalUnknownResource', { id: body.ResourceId });
      if (body.CalendarId !== undefined && !calendarId) {
        await tx.query('delete from google_calendar_resources where company_id = $1 and resource_id = $2', [ctx.companyId, body.ResourceId]);
      } else {
        const changed = await tx.query(
          'update google_calendar_resources set calendar_id = coalesce($3, calendar_id), block_busy = coalesce($4, block_busy) where company_id = $1 and resource_id = $2 returning 1',
          [ctx.companyId, body.ResourceId, calendarId ?? null, body.BlockBusy ?? null],
        );
        if (!changed.length && !calendarId) throw ApiError.field(400, 'CalendarId', 'GoogleCalendarRequired');
        if (!changed.length) {
          await tx.query('insert into google_calendar_resources (company_id, resource_id, calendar_id, block_busy) values ($1, $2, $3, $4)', [ctx.companyId, body.ResourceId, calendarId!, body.BlockBusy ?? true]);
        }
      }
    }
    await app.outbox.add(tx, { companyId: ctx.companyId, kind: GOOGLE_BUSY_PULL, key: `gbusy:${ctx.companyId}:${Date.now()}:${Math.random()}`, payload: {} });
  });
}
