-- A per-company counter that moves whenever anything availability reads changes, so a server can
-- keep loaded calendars in memory and know with one indexed read whether they are still current
-- (server/areas/scheduling/availabilityCache.ts). Statement triggers: one bump per statement.

create table availability_versions (
  company_id integer primary key references companies(id) on delete cascade,
  version bigint not null default 0
);

create function availability_bump() returns trigger language plpgsql as $$
begin
  insert into availability_versions as v (company_id, version)
  select distinct company_id, 1 from changed_rows
  on conflict (company_id) do update set version = v.version + 1;
  return null;
end $$;

do $$
declare
  t text;
begin
  foreach t in array array[
    'services', 'resources', 'resource_type_resources', 'service_resource_types', 'service_resources',
    'recurring_schedules', 'recurring_schedule_dates', 'recurring_schedule_services', 'recurring_schedule_resources',
    'date_schedules', 'date_schedule_dates', 'date_schedule_services', 'date_schedule_resources',
    'time_exceptions', 'time_exception_resources', 'bookings', 'booking_resources'
  ] loop
    execute format('create trigger %I after insert on %I referencing new table as changed_rows for each statement execute function availability_bump()', t || '_availability_ins', t);
    execute format('create trigger %I after update on %I referencing new table as changed_rows for each statement execute function availability_bump()', t || '_availability_upd', t);
    execute format('create trigger %I after delete on %I referencing old table as changed_rows for each statement execute function availability_bump()', t || '_availability_del', t);
  end loop;
end $$;
