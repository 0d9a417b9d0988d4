-- One per-company counter per scope of data, moved by statement triggers inside the writer's
-- transaction, so a server can keep what it read in memory and learn with one indexed read whether
-- it is still current (server/db/versions.ts). Replaces availability_versions (migration 011) with
-- the general form; scopes: 'availability' (what the availability engine reads) and 'customers'
-- (what a customer list answer shows).

create table data_versions (
  company_id integer not null references companies(id) on delete cascade,
  scope text not null,
  version bigint not null default 0,
  primary key (company_id, scope)
);

insert into data_versions (company_id, scope, version)
select company_id, 'availability', version from availability_versions;

-- TG_ARGV[0] is the scope. Each new version is announced on channel data_versions as
-- `company:scope:version` (PGlite hands it to the server as the transaction commits). Rows whose
-- company is being deleted (cascades) are skipped: their versions go with the company.
create function data_version_bump() returns trigger language plpgsql as $$
declare
  r record;
begin
  for r in
    insert into data_versions as v (company_id, scope, version)
    select distinct c.company_id, tg_argv[0], 1 from changed_rows c
     where exists (select 1 from companies co where co.id = c.company_id)
    on conflict (company_id, scope) do update set version = v.version + 1
    returning v.company_id, v.scope, v.version
  loop
    perform pg_notify('data_versions', r.company_id || ':' || r.scope || ':' || r.version);
  end loop;
  return null;
end $$;

do $$
declare
  scopes constant text[][] := array[
    ['services', 'availability'], ['resources', 'availability'], ['resource_type_resources', 'availability'],
    ['service_resource_types', 'availability'], ['service_resources', 'availability'],
    ['recurring_schedules', 'availability'], ['recurring_schedule_dates', 'availability'],
    ['recurring_schedule_services', 'availability'], ['recurring_schedule_resources', 'availability'],
    ['date_schedules', 'availability'], ['date_schedule_dates', 'availability'],
    ['date_schedule_services', 'availability'], ['date_schedule_resources', 'availability'],
    ['time_exceptions', 'availability'], ['time_exception_resources', 'availability'],
    ['bookings', 'availability'], ['booking_resources', 'availability'],
    ['customers', 'customers'], ['customer_access_keys', 'customers'],
    ['custom_field_values', 'customers'], ['custom_fields', 'customers']
  ];
  i int;
begin
  -- Migration 011's triggers, on the tables of the 'availability' scope.
  for i in 1 .. array_length(scopes, 1) loop
    continue when scopes[i][2] <> 'availability';
    execute format('drop trigger %I on %I', scopes[i][1] || '_availability_ins', scopes[i][1]);
    execute format('drop trigger %I on %I', scopes[i][1] || '_availability_upd', scopes[i][1]);
    execute format('drop trigger %I on %I', scopes[i][1] || '_availability_del', scopes[i][1]);
  end loop;
  for i in 1 .. array_length(scopes, 1) loop
    execute format('create trigger %I after insert on %I referencing new table as changed_rows for each statement execute function data_version_bump(%L)',
      scopes[i][1] || '_' || scopes[i][2] || '_ins', scopes[i][1], scopes[i][2]);
    execute format('create trigger %I after update on %I referencing new table as changed_rows for each statement execute function data_version_bump(%L)',
      scopes[i][1] || '_' || scopes[i][2] || '_upd', scopes[i][1], scopes[i][2]);
    execute format('create trigger %I after delete on %I referencing old table as changed_rows for each statement execute function data_version_bump(%L)',
      scopes[i][1] || '_' || scopes[i][2] || '_del', scopes[i][1], scopes[i][2]);
  end loop;
end $$;

drop function availability_bump();
drop table availability_versions;

-- The default customer order (Lastname, Firstname, Id) read straight from an index, no sort step
-- (OrderBy=Lastname alone, i.e. Lastname, Id, keeps customers_company_lastname_idx).
create index customers_company_name_idx on customers (company_id, lastname, firstname, id);
