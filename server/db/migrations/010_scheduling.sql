-- Scheduling (issue 3): resource types and resources, what a service needs of them, recurring and
-- date schedules, time exceptions, and the smallest bookings table the availability engine reads.
-- Wall-clock values (opening hours, set times) are `time`/`date`; real instants are timestamptz.

create table resource_types (
  id serial primary key,
  company_id integer not null references companies(id) on delete cascade,
  name text not null,
  description text,
  active boolean not null default true,
  created timestamptz not null default now(),
  updated timestamptz not null default now()
);
create index resource_types_company_name_idx on resource_types (company_id, name, id);

create table resources (
  id serial primary key,
  company_id integer not null references companies(id) on delete cascade,
  name text not null,
  description text,
  active boolean not null default true,
  color text not null,
  email text,
  mobile_phone text,
  image_url text,
  -- Lower first when the system assigns a resource; 99 inside a type unless set.
  priority integer not null default 99,
  email_notification boolean not null default false,
  sms_notification boolean not null default false,
  created timestamptz not null default now(),
  updated timestamptz not null default now()
);
create index resources_company_name_idx on resources (company_id, name, id);
create index resources_company_priority_idx on resources (company_id, priority, id);

create table resource_type_resources (
  company_id integer not null references companies(id) on delete cascade,
  resource_type_id integer not null references resource_types(id) on delete cascade,
  resource_id integer not null references resources(id) on delete cascade,
  primary key (resource_type_id, resource_id)
);
create index resource_type_resources_resource_idx on resource_type_resources (resource_id);

-- A resource type a service needs: each booking takes number_of_resources of its resources, chosen
-- among all of the type's resources (all_resources) or the ones in service_resources.
create table service_resource_types (
  company_id integer not null references companies(id) on delete cascade,
  service_id integer not null references services(id) on delete cascade,
  resource_type_id integer not null references resource_types(id) on delete cascade,
  number_of_resources integer not null default 1 check (number_of_resources between 1 and 1000),
  selectable_by_user boolean not null default true,
  all_resources boolean not null default true,
  sort_order integer not null default 0,
  primary key (service_id, resource_type_id)
);
create index service_resource_types_type_idx on service_resource_types (resource_type_id);

create table service_resources (
  company_id integer not null references companies(id) on delete cascade,
  service_id integer not null,
  resource_type_id integer not null,
  resource_id integer not null references resources(id) on delete cascade,
  primary key (service_id, resource_type_id, resource_id),
  foreign key (service_id, resource_type_id) references service_resource_types (service_id, resource_type_id) on delete cascade
);
create index service_resources_resource_idx on service_resources (resource_id);

create table recurring_schedules (
  id serial primary key,
  company_id integer not null references companies(id) on delete cascade,
  name text not null,
  description text,
  active boolean not null default true,
  time_interval integer not null check (time_interval between 1 and 1440),
  valid_from date,
  valid_to date,
  start_time time not null,
  end_time time not null,
  number_of_schedule_days integer,
  is_resource_specific boolean not null default false,
  enable_booking_until_closing_time boolean not null default false,
  is_fixed_times boolean not null default false,
  -- ISO weekday numbers, 1 = Monday … 7 = Sunday: [1, 2, 3].
  days_of_week jsonb not null default '[]',
  -- Breaks inside the day: [{ "StartTime": "12:00:00", "EndTime": "13:00:00" }].
  exceptions jsonb not null default '[]',
  created timestamptz not null default now(),
  updated timestamptz not null default now()
);
create index recurring_schedules_company_name_idx on recurring_schedules (company_id, name, id);

-- Fixed set times of a recurring schedule (on a date, on a weekday, or every day of the schedule).
create table recurring_schedule_dates (
  id serial primary key,
  company_id integer not null references companies(id) on delete cascade,
  schedule_id integer not null references recurring_schedules(id) on delete cascade,
  date date,
  day_of_week_id integer check (day_of_week_id between 1 and 7),
  start_time time not null,
  end_time time not null
);
create index recurring_schedule_dates_schedule_idx on recurring_schedule_dates (schedule_id, id);

create table recurring_schedule_services (
  company_id integer not null references companies(id) on delete cascade,
  schedule_id integer not null references recurring_schedules(id) on delete cascade,
  service_id integer not null references services(id) on delete cascade,
  primary key (schedule_id, service_id)
);
create index recurring_schedule_services_service_idx on recurring_schedule_services (service_id);

create table recurring_schedule_resources (
  company_id integer not null references companies(id) on delete cascade,
  schedule_id integer not null references recurring_schedules(id) on delete cascade,
  resource_id integer not null references resources(id) on delete cascade,
  primary key (schedule_id, resource_id)
);
create index recurring_schedule_resources_resource_idx on recurring_schedule_resources (resource_id);

create table date_schedules (
  id serial primary key,
  company_id integer not null references companies(id) on delete cascade,
  name text not null,
  description text,
  active boolean not null default true,
  time_interval integer not null check (time_interval between 1 and 1440),
  is_resource_specific boolean not null default false,
  created timestamptz not null default now(),
  updated timestamptz not null default now()
);
create index date_schedules_company_name_idx on date_schedules (company_id, name, id);

create table date_schedule_dates (
  id serial primary key,
  company_id integer not null references companies(id) on delete cascade,
  schedule_id integer not null references date_schedules(id) on delete cascade,
  from_at timestamptz not null,
  to_at timestamptz not null
);
create index date_schedule_dates_schedule_idx on date_schedule_dates (schedule_id, from_at);

create table date_schedule_services (
  company_id integer not null references companies(id) on delete cascade,
  schedule_id integer not null references date_schedules(id) on delete cascade,
  service_id integer not null references services(id) on delete cascade,
  primary key (schedule_id, service_id)
);
create index date_schedule_services_service_idx on date_schedule_services (service_id);

create table date_schedule_resources (
  company_id integer not null references companies(id) on delete cascade,
  schedule_id integer not null references date_schedules(id) on delete cascade,
  resource_id integer not null references resources(id) on delete cascade,
  primary key (schedule_id, resource_id)
);
create index date_schedule_resources_resource_idx on date_schedule_resources (resource_id);

-- Non-recurring: the range from_at–to_at. Recurring: from_time–to_time on each day of
-- from_at…to_at (company-local dates) whose weekday is in days_of_week (empty = every day).
create table time_exceptions (
  id serial primary key,
  company_id integer not null references companies(id) on delete cascade,
  from_at timestamptz not null,
  to_at timestamptz not null,
  from_time time not null default '00:00',
  to_time time not null default '00:00',
  is_recurring boolean not null default false,
  days_of_week jsonb not null default '[]',
  reason_text text,
  reason_text_public text,
  color text,
  block_time boolean not null default true,
  private boolean not null default false,
  created timestamptz not null default now(),
  updated timestamptz not null default now()
);
create index time_exceptions_company_range_idx on time_exceptions (company_id, from_at, to_at);

create table time_exception_resources (
  company_id integer not null references companies(id) on delete cascade,
  time_exception_id integer not null references time_exceptions(id) on delete cascade,
  resource_id integer not null references resources(id) on delete cascade,
  primary key (time_exception_id, resource_id)
);
create index time_exception_resources_resource_idx on time_exception_resources (resource_id);

-- The part of a booking availability needs; the bookings issue adds its other columns with
-- `alter table`. resource_ids repeats booking_resources so one range scan loads a month of load.
create table bookings (
  id serial primary key,
  company_id integer not null references companies(id) on delete cascade,
  service_id integer not null references services(id),
  customer_id integer references customers(id) on delete set null,
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  status_id integer not null default 1,
  -- Spots the booking occupies (the sum of its quantities that occupy a spot).
  spots integer not null default 1 check (spots >= 0),
  resource_ids integer[] not null default '{}',
  created timestamptz not null default now(),
  updated timestamptz not null default now(),
  check (ends_at > starts_at)
);
create index bookings_company_starts_idx on bookings (company_id, starts_at);
create index bookings_company_ends_idx on bookings (company_id, ends_at);
create index bookings_service_starts_idx on bookings (service_id, starts_at);

create table booking_resources (
  company_id integer not null references companies(id) on delete cascade,
  booking_id integer not null references bookings(id) on delete cascade,
  resource_type_id integer not null references resource_types(id) on delete cascade,
  resource_id integer not null references resources(id) on delete cascade,
  primary key (booking_id, resource_type_id, resource_id)
);
create index booking_resources_resource_idx on booking_resources (resource_id, booking_id);

-- bookings.resource_ids follows booking_resources, whoever writes them.
create function bookings_sync_resource_ids() returns trigger language plpgsql as $$
declare
  target integer := case when tg_op = 'DELETE' then old.booking_id else new.booking_id end;
begin
  update bookings b
     set resource_ids = coalesce((select array_agg(r.resource_id order by r.resource_id) from booking_resources r where r.booking_id = target), '{}')
   where b.id = target;
  if tg_op = 'UPDATE' and old.booking_id <> new.booking_id then
    update bookings b
       set resource_ids = coalesce((select array_agg(r.resource_id order by r.resource_id) from booking_resources r where r.booking_id = old.booking_id), '{}')
     where b.id = old.booking_id;
  end if;
  return null;
end $$;
create trigger booking_resources_sync after insert or update or delete on booking_resources
  for each row execute function bookings_sync_resource_ids();
