-- Issue 33: Google Calendar per resource, busy times that block, tokens that are refreshed.
-- - google_calendar_connections.calendar_id stays the company's calendar; block_busy says whether its
--   busy times close every resource; access_expires is when the access token ends (refreshed with the
--   sealed refresh token a minute before); busy_pulled is the last pull of busy times.
-- - google_calendar_resources: the calendar chosen for a resource (its bookings are pushed there, and
--   its busy times close that resource when block_busy).
-- - google_busy_times: the busy times last pulled (server/areas/sync/googleBusy.ts), read by
--   availability as closed time (resource_id null: every resource); in the 'availability' scope of the
--   data versions, so kept availability answers follow a pull exactly.
-- - The embedded Google's tokens end as Google's do, and its events may be transparent (free).
alter table google_calendar_connections
  add column block_busy boolean not null default false,
  add column access_expires timestamptz,
  add column busy_pulled timestamptz;

create table google_calendar_resources (
  company_id integer not null references companies(id) on delete cascade,
  resource_id integer not null references resources(id) on delete cascade,
  calendar_id text not null,
  block_busy boolean not null default true,
  primary key (company_id, resource_id)
);

create table google_busy_times (
  id serial primary key,
  company_id integer not null references companies(id) on delete cascade,
  resource_id integer references resources(id) on delete cascade,
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  check (ends_at > starts_at)
);
create index google_busy_times_company_idx on google_busy_times (company_id, starts_at);

do $$
begin
  execute 'create trigger google_busy_times_availability_ins after insert on google_busy_times referencing new table as changed_rows for each statement execute function data_version_bump(''availability'')';
  execute 'create trigger google_busy_times_availability_upd after update on google_busy_times referencing new table as changed_rows for each statement execute function data_version_bump(''availability'')';
  execute 'create trigger google_busy_times_availability_del after delete on google_busy_times referencing old table as changed_rows for each statement execute function data_version_bump(''availability'')';
end $$;

alter table google_sandbox_tokens add column expires timestamptz;
alter table google_sandbox_events add column transparency text not null default 'opaque' check (transparency in ('opaque', 'transparent'));
