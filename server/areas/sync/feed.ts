/**
 * The iCal feed itself (issue 33): every booking of the feed's scope from 90 days back to 400 days
 * ahead as a VEVENT made with ical-generator — summary "service – customer", the customer, service,
 * resources and status in the description, a link back to the booking page, STATUS:CANCELLED for a
 * canceled or unbooked booking, a UID that never changes and the booking's SEQUENCE (bumped on every
 * change, see index.ts), times in the company's zone with its VTIMEZONE. The text is kept per feed
 * while nothing it was made from changed (FeedTexts), so a calendar polling an unchanged feed gets 304
 * or the kept text.
 */
import { createHash } from 'node:crypto';
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { DateTime } from 'luxon';
import type { Db } from '../../db/db';
import type { DataVersions } from '../../db/versions';
import { Lru } from '../../shared/lru';
import { vtimezone } from './vtimezone';

export type FeedScope = 'company' | 'resource' | 'user';

export interface FeedRow {
  id: number;
  company_id: number;
  scope: FeedScope;
  resource_id: number | null;
  user_id: number | null;
}

interface BookingRow {
  id: number;
  starts_at: Date | string;
  ends_at: Date | string;
  status_id: number;
  status: string;
  service: string;
  customer: string | null;
  resources: string | null;
  sequence: number;
  updated: Date | string;
}

/** Statuses that give the time back: the subscriber sees the event as cancelled. */
const CANCELLED_STATUSES = [2, 4];
/** Statuses that hold a time only until a deadline (reserved, awaiting payment): tentative. */
const TENTATIVE_STATUSES = [3, 5];

/** The filter of a feed's scope, as SQL on `b` (bookings) with its parameter at `$2`. */
function scopeFilter(feed: FeedRow): { sql: string; param: number | null } {
  if (feed.scope === 'resource') return { sql: '$2::int = any(b.resource_ids)', param: feed.resource_id };
  if (feed.scope === 'user') {
    // An administrator's own bookings: the ones they made, and those of a resource with their e-mail.
    return {
      sql: `(b.created_by = $2::int or exists (select 1 from resources r join users u on u.id = $2::int
              where r.company_id = b.company_id and r.id = any(b.resource_ids) and r.email is not null and lower(r.email) = lower(u.email)))`,
      param: feed.user_id,
    };
  }
  return { sql: '$2::int is null', param: null };
}

/** From 90 days before the feed's day (midnight UTC, `$3`) to 400 days after it. */
const WINDOW = `b.company_id = $1 and b.starts_at >= ($3::date::timestamp at time zone 'UTC') - interval '90 days' and b.starts_at < ($3::date::timestamp at time zone 'UTC') + interval '400 days'`;

/** The scopes of the company's data version whose writes can change a feed's text (migrations 021, 132). */
const FEED_SCOPES = ['availability', 'customers', 'calendar'] as const;

/** What a feed shows besides the versioned tables: read with the feed itself (icalsync.ts). */
export interface FeedNames {
  company_name: string;
  time_zone: string;
}

interface Kept {
  key: string;
  etag: string;
  body: string;
}

/**
 * A feed's ETag and text. The text is kept per feed while what it was made from stands: the company's
 * data versions of the scopes that hold every table the feed reads (bookings, services, resources,
 * customers, sequences, administrators; migration 132), the company's name and zone, and the day its window starts
 * (tests/server/feedKept.test.ts compares kept texts with fresh ones). The ETag is the text's hash, so a
 * 304 is answered only for the very text the calendar holds, whichever process or boot made it.
 */
export class FeedTexts {
  private readonly kept = new Lru<Kept>({ maxEntries: 200, maxSize: 64 << 20, sizeOf: (v) => v.body.length });

  constructor(
    private readonly db: Db,
    private readonly versions: DataVersions,
    private readonly publicUrl: string,
    private readonly keep: boolean,
  ) {}

  async text(feed: FeedRow & FeedNames, now = new Date()): Promise<{ etag: string; body: string }> {
    const day = now.toISOString().slice(0, 10);
    if (!this.keep) return made(await buildFeed(this.db, feed, this.publicUrl, day));
    const versions = await this.versions.readMany(feed.company_id, FEED_SCOPES);
    const key = JSON.stringify([versions, feed.company_name, feed.time_zone, day]);
    const hit = this.kept.get(String(feed.id));
    if (hit?.key === key) return hit;
    const fresh = { key, ...made(await buildFeed(this.db, feed, this.publicUrl, day)) };
    this.kept.set(String(feed.id), fresh);
    return fresh;
  }
}

function made(body: string): { etag: string; body: string } {
  return { etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`, body };
}

async function buildFeed(db: Db, feed: FeedRow & FeedNames, publicUrl: string, day: string): Promise<string> {
  const company = { name: feed.company_name, time_zone: feed.time_zone };
  const { sql, param } = scopeFilter(feed);
  const rows = await db.query<BookingRow>(
    `select b.id, b.starts_at, b.ends_at, b.status_id, st.name as status, s.name as service,
            nullif(trim(concat(c.firstname, ' ', c.lastname)), '') as customer,
            (select string_agg(r.name, ', ' order by r.name) from resources r where r.id = any(b.resource_ids)) as resources,
            coalesce(q.sequence, 0) as sequence, b.updated
       from bookings b
       join services s on s.id = b.service_id
       join booking_statuses st on st.id = b.status_id
       left join customers c on c.id = b.customer_id
       left join calendar_sequences q on q.booking_id = b.id
      where ${WINDOW} and ${sql}
      order by b.starts_at, b.id`,
    [feed.company_id, param, day],
  );
  let name = company.name;
  if (feed.scope === 'resource') name = `${company.name} – ${(await db.one<{ name: string }>('select name from resources where id = $1', [feed.resource_id]))?.name ?? ''}`;
  if (feed.scope === 'user') {
    const user = await db.one<{ name: string }>(`select nullif(trim(concat(firstname, ' ', lastname)), '') as name from users where id = $1`, [feed.user_id]);
    name = `${company.name} – ${user?.name ?? ''}`;
  }
  const zone = company.time_zone;
  const year = DateTime.fromISO(day, { zone }).year;
  const calendar = ical({
    name,
    prodId: { company: 'booking-admin', product: 'calendar-sync', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
    // The zone goes on each event (TZID) with its VTIMEZONE, not on the calendar: a calendar-level zone makes
    // ical-generator write DTSTAMP and LAST-MODIFIED as local times, where RFC 5545 wants UTC (…Z).
    timezone: { name: null, generator: (tz) => vtimezone(tz, year - 1, year + 2) },
    ttl: 15 * 60,
  });
  const host = new URL(publicUrl).host;
  for (const b of rows) {
    const link = `${publicUrl}/bookings/${b.id}`;
    const description = [
      b.customer ? `Customer: ${b.customer}` : null,
      `Service: ${b.service}`,
      b.resources ? `Resources: ${b.resources}` : null,
      `Status: ${b.status}`,
      link,
    ]
      .filter(Boolean)
      .join('\n');
    calendar.createEvent({
      id: `booking-${b.id}@${host}`,
      sequence: b.sequence,
      start: DateTime.fromJSDate(new Date(b.starts_at)).setZone(zone),
      end: DateTime.fromJSDate(new Date(b.ends_at)).setZone(zone),
      timezone: zone,
      stamp: new Date(b.updated),
      lastModified: new Date(b.updated),
      summary: b.customer ? `${b.service} – ${b.customer}` : b.service,
      description,
      location: b.resources ?? undefined,
      url: link,
      status: CANCELLED_STATUSES.includes(b.status_id) ? ICalEventStatus.CANCELLED : TENTATIVE_STATUSES.includes(b.status_id) ? ICalEventStatus.TENTATIVE : ICalEventStatus.CONFIRMED,
    });
  }
  return calendar.toString();
}
