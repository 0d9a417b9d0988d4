-- Booking writes move a data version per company and UTC day the booking touches (scope
-- 'bookings:YYYY-MM-DD', before and after the change) instead of the company's whole 'availability'
-- scope (issue 12). A loaded calendar then keeps its schedules, exceptions and the bookings of every
-- other day after a booking is written, and reloads only the days the write touched
-- (server/areas/schedules/availabilityCache.ts). Same mechanics as migration 023: PostgreSQL servers
-- append to data_changes; PGlite ('notify') announces `company:scope` on channel data_versions.
-- bookings.resource_ids follows booking_resources by trigger, so a resource change of a booking is
-- a bookings update and moves its days; booking_resources no longer moves anything itself.

create function booking_days_changed(p_company integer[], p_starts timestamptz[], p_ends timestamptz[]) returns void language plpgsql as $$
begin
  if current_setting('booking.data_changes', true) = 'notify' then
    perform pg_notify('data_versions', d.company_id || ':' || d.scope)
       from (select distinct x.company_id, 'bookings:' || to_char(g.day, 'YYYY-MM-DD') as scope
               from unnest(p_company, p_starts, p_ends) as x(company_id, s, e)
               cross join lateral generate_series(date_trunc('day', x.s at time zone 'UTC'), (x.e at time zone 'UTC') - interval '1 microsecond', interval '1 day') g(day)
              where exists (select 1 from companies co where co.id = x.company_id)) d;
  else
    insert into data_changes (company_id, scope)
    select distinct x.company_id, 'bookings:' || to_char(g.day, 'YYYY-MM-DD')
      from unnest(p_company, p_starts, p_ends) as x(company_id, s, e)
      cross join lateral generate_series(date_trunc('day', x.s at time zone 'UTC'), (x.e at time zone 'UTC') - interval '1 microsecond', interval '1 day') g(day)
     where exists (select 1 from companies co where co.id = x.company_id);
  end if;
end $$;

create function booking_days_inserted_or_deleted() returns trigger language plpgsql as $$
begin
  perform booking_days_changed(array_agg(company_id), array_agg(starts_at), array_agg(ends_at)) from changed_rows;
  return null;
end $$;

create function booking_days_updated() returns trigger language plpgsql as $$
begin
  perform booking_days_changed(array_agg(company_id), array_agg(starts_at), array_agg(ends_at))
     from (select company_id, starts_at, ends_at from old_rows union select company_id, starts_at, ends_at from new_rows) x;
  return null;
end $$;

drop trigger bookings_availability_ins on bookings;
drop trigger bookings_availability_upd on bookings;
drop trigger bookings_availability_del on bookings;
drop trigger booking_resources_availability_ins on booking_resources;
drop trigger booking_resources_availability_upd on booking_resources;
drop trigger booking_resources_availability_del on booking_resources;

create trigger bookings_days_ins after insert on bookings
  referencing new table as changed_rows for each statement execute function booking_days_inserted_or_deleted();
create trigger bookings_days_del after delete on bookings
  referencing old table as changed_rows for each statement execute function booking_days_inserted_or_deleted();
create trigger bookings_days_upd after update on bookings
  referencing old table as old_rows new table as new_rows for each statement execute function booking_days_updated();
