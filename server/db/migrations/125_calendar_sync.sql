-- Issue 33: calendar sync (server/areas/sync/). The company's secret iCal feed URLs (one for the
-- company, one per resource, one per administrator's own bookings): the token is kept as its SHA-256
-- (how a feed request finds it) and sealed with the company's key (so the sync screen can show the
-- URL again); a revoked feed answers 404 at once. Each booking's SEQUENCE (RFC 5545), bumped on every
-- change, so a subscriber's calendar moves a moved booking instead of adding a second one.
create table ical_feeds (
  id serial primary key,
  company_id integer not null references companies(id) on delete cascade,
  -- 'company', 'resource' (resource_id set) or 'user' (user_id set: the administrator's own bookings).
  scope text not null check (scope in ('company', 'resource', 'user')),
  resource_id integer references resources(id) on delete cascade,
  user_id integer references users(id) on delete cascade,
  token_hash text not null unique,
  token_sealed text not null,
  created timestamptz not null default now(),
  check ((scope = 'resource') = (resource_id is not null) and (scope = 'user') = (user_id is not null))
);
create unique index ical_feeds_scope_idx on ical_feeds (company_id, scope, coalesce(resource_id, 0), coalesce(user_id, 0));

create table calendar_sequences (
  booking_id integer primary key references bookings(id) on delete cascade,
  company_id integer not null references companies(id) on delete cascade,
  sequence integer not null default 0,
  updated timestamptz not null default now()
);
create index calendar_sequences_company_idx on calendar_sequences (company_id, updated);
