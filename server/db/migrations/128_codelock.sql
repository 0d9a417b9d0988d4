-- Issue 34: door locks (server/areas/codelock/). The company's choice of lock system and margins,
-- each system's own settings (credentials sealed with the company's key, never sent back), the
-- doors of each resource, and the access grant of each booking on each door: its code, its window
-- and where it is with the lock (pending: to be sent; active: the lock holds it; revoking: to be
-- taken back; revoked). Two grants on one door never share a code while their windows overlap.
-- The codelock_sandbox_* table is the state of the embedded lock systems (server/sandboxes/locks/).
create table codelock_settings (
  company_id integer primary key references companies(id) on delete cascade,
  active boolean not null default false,
  system text,
  margin_before_minutes integer not null default 15 check (margin_before_minutes between 0 and 1440),
  margin_after_minutes integer not null default 15 check (margin_after_minutes between 0 and 1440),
  -- The last time the lock could not be reached or refused a call, and what happened (null once it answers again).
  last_error text,
  last_error_at timestamptz,
  created timestamptz not null default now(),
  updated timestamptz not null default now()
);

create table codelock_system_settings (
  company_id integer not null references companies(id) on delete cascade,
  system text not null,
  fields jsonb not null default '{}',
  secrets_sealed text,
  created timestamptz not null default now(),
  updated timestamptz not null default now(),
  primary key (company_id, system)
);

create table codelock_doors (
  company_id integer not null references companies(id) on delete cascade,
  resource_id integer not null references resources(id) on delete cascade,
  door_id text not null check (door_id <> ''),
  primary key (resource_id, door_id)
);
create index codelock_doors_company_idx on codelock_doors (company_id);

create table codelock_grants (
  id bigserial primary key,
  company_id integer not null references companies(id) on delete cascade,
  booking_id integer not null references bookings(id) on delete cascade,
  door_id text not null,
  system text not null,
  code text not null,
  during tstzrange not null,
  state text not null default 'pending' check (state in ('pending', 'active', 'revoking', 'revoked')),
  external_id text,
  last_answer text,
  created timestamptz not null default now(),
  updated timestamptz not null default now(),
  constraint codelock_grants_one_code exclude using gist (company_id with =, door_id with =, code with =, during with &&) where (state <> 'revoked')
);
create index codelock_grants_booking_idx on codelock_grants (booking_id);
create index codelock_grants_open_idx on codelock_grants (company_id) where state in ('pending', 'revoking');

create table codelock_sandbox_grants (
  id bigserial primary key,
  system text not null,
  -- A hash of the credential the grant was made with: each account sees its own.
  account text not null,
  door_id text not null,
  code text not null,
  holder text,
  valid_from timestamptz not null,
  valid_to timestamptz not null,
  revoked timestamptz,
  request jsonb not null default '{}',
  created timestamptz not null default now(),
  updated timestamptz not null default now()
);
create index codelock_sandbox_grants_idx on codelock_sandbox_grants (system, account, door_id);
