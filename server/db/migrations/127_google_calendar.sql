-- Issue 33: Google Calendar (server/areas/sync/google*.ts). The company's connection (tokens sealed
-- with the company's key, never sent back; the chosen calendar; 'expired' and the last error when
-- Google refused, shown on the sync screen instead of retrying forever), the OAuth states awaiting
-- their callback, and which Google event each booking is. The google_sandbox_* tables are the state
-- of the embedded Google (server/sandboxes/google/): its grants, tokens and calendar events.
create table google_calendar_connections (
  company_id integer primary key references companies(id) on delete cascade,
  access_token_sealed text not null,
  refresh_token_sealed text,
  calendar_id text not null default 'primary',
  state text not null default 'connected' check (state in ('connected', 'expired')),
  last_error text,
  connected timestamptz not null default now()
);

create table google_oauth_states (
  state text primary key,
  company_id integer not null references companies(id) on delete cascade,
  created timestamptz not null default now()
);

create table google_calendar_events (
  booking_id integer primary key references bookings(id) on delete cascade,
  company_id integer not null references companies(id) on delete cascade,
  calendar_id text not null,
  event_id text not null
);

create table google_sandbox_grants (
  code text primary key,
  redirect_uri text not null,
  used boolean not null default false,
  created timestamptz not null default now()
);

create table google_sandbox_tokens (
  token_hash text primary key,
  kind text not null check (kind in ('access', 'refresh')),
  revoked boolean not null default false,
  created timestamptz not null default now()
);

create table google_sandbox_events (
  id text primary key,
  calendar_id text not null,
  summary text not null default '',
  description text not null default '',
  start_at timestamptz not null,
  end_at timestamptz not null,
  status text not null default 'confirmed',
  sequence integer not null default 0,
  updated timestamptz not null default now()
);
create index google_sandbox_events_calendar_idx on google_sandbox_events (calendar_id, start_at);
