-- Statistics (issue 37): rollups of the bookings, kept exact by triggers in the writing transaction,
-- so GET /statistics reads a year of 200,000 bookings from a few thousand rows and a booking moved or
-- canceled changes the figures as it commits.
--
-- booking_stat_days: per company-local day, service, resource (0: the booking has none), the
-- administrator who booked (0: none, the customer), canceled (status 2 Unbooked or 4 Canceled), customer
-- group (0: no customer, 1: the booking is its customer's first, 2: the customer had booked before) and lead (the row of the booking's first resource: each
-- booking counts once where resources are not asked about); h00…h23 count the bookings by start hour
-- (the heat map, read from the same rows). customer_first_bookings: each
-- customer's first booking (earliest start, then id, among those not canceled), which says the group.

create table booking_stat_days (
  company_id integer not null references companies(id) on delete cascade,
  day date not null,
  service_id integer not null,
  resource_id integer not null,
  admin_id integer not null,
  canceled boolean not null,
  customer_group smallint not null,
  lead boolean not null,
  bookings integer not null,
  spots bigint not null,
  revenue_minor bigint not null,
  vat_minor bigint not null,
  lead_minutes bigint not null,
  -- Σ duration × spots, in minutes: divided by the service's TotalSpots it is the resource's booked time.
  spot_minutes bigint not null,
  h00 integer not null default 0,
  h01 integer not null default 0,
  h02 integer not null default 0,
  h03 integer not null default 0,
  h04 integer not null default 0,
  h05 integer not null default 0,
  h06 integer not null default 0,
  h07 integer not null default 0,
  h08 integer not null default 0,
  h09 integer not null default 0,
  h10 integer not null default 0,
  h11 integer not null default 0,
  h12 integer not null default 0,
  h13 integer not null default 0,
  h14 integer not null default 0,
  h15 integer not null default 0,
  h16 integer not null default 0,
  h17 integer not null default 0,
  h18 integer not null default 0,
  h19 integer not null default 0,
  h20 integer not null default 0,
  h21 integer not null default 0,
  h22 integer not null default 0,
  h23 integer not null default 0,
  primary key (company_id, day, service_id, resource_id, admin_id, canceled, customer_group, lead)
);

create table customer_first_bookings (
  company_id integer not null references companies(id) on delete cascade,
  customer_id integer not null,
  booking_id integer,
  primary key (company_id, customer_id)
);

-- Applies the change from `removed` to `added` (rows of bookings as they were and as they are) to the
-- rollups: each row's contribution goes out with the flags it had and comes in with the flags it has;
-- a customer's first booking that changed moves its other bookings' contribution too.
create function booking_stats_change(added bookings[], removed bookings[]) returns void language plpgsql as $$
begin
  -- The customers concerned, locked in one order so two writers of one customer take turns; what
  -- follows reads the bookings after the lock (a statement of its own), so it sees the other's commit.
  insert into customer_first_bookings (company_id, customer_id, booking_id)
  select distinct r.company_id, r.customer_id, null::integer
    from (select company_id, customer_id from unnest(added) union select company_id, customer_id from unnest(removed)) r
   where r.customer_id is not null
  on conflict do nothing;
  perform 1 from customer_first_bookings f
    join (select company_id, customer_id from unnest(added) union select company_id, customer_id from unnest(removed)) r
      on r.company_id = f.company_id and r.customer_id = f.customer_id
   order by f.company_id, f.customer_id
     for update of f;

  with customers as (
    select f.company_id, f.customer_id, f.booking_id as old_first,
           (select b.id from bookings b
             where b.company_id = f.company_id and b.customer_id = f.customer_id and b.status_id not in (2, 4)
             order by b.starts_at, b.id limit 1) as new_first
      from customer_first_bookings f
      join (select company_id, customer_id from unnest(added) union select company_id, customer_id from unnest(removed)) r
        on r.company_id = f.company_id and r.customer_id = f.customer_id
  ),
  -- Each contribution: +1 for what is, -1 for what was; another booking whose first visit changed, both.
  contributions as (
    select a.*, 1 as sign, coalesce(a.id = c.new_first, false) as first_visit
      from unnest(added) a left join customers c on c.company_id = a.company_id and c.customer_id = a.customer_id
    union all
    select o.*, -1, coalesce(o.id = c.old_first, false)
      from unnest(removed) o left join customers c on c.company_id = o.company_id and c.customer_id = o.customer_id
    union all
    select b.*, s.sign, s.first_visit
      from customers c
      cross join lateral (values (c.old_first, -1, true), (c.old_first, 1, false), (c.new_first, 1, true), (c.new_first, -1, false)) s(id, sign, first_visit)
      join bookings b on b.id = s.id
     where c.old_first is distinct from c.new_first
       and s.id not in (select id from unnest(added) union select id from unnest(removed))
  ),
  delta as (
    select x.company_id, (x.starts_at at time zone co.time_zone)::date as day, extract(hour from x.starts_at at time zone co.time_zone)::smallint as hour,
           x.service_id, r.resource_id, coalesce(x.created_by, 0) as admin_id, x.status_id in (2, 4) as canceled,
           case when x.customer_id is null then 0 when x.first_visit then 1 else 2 end::smallint as customer_group, r.n = 1 as lead,
           x.sign as bookings, x.sign * x.spots as spots, x.sign * x.total_price_minor as revenue_minor, x.sign * x.total_vat_minor as vat_minor,
           x.sign * round(extract(epoch from x.starts_at - x.created) / 60)::bigint as lead_minutes,
           x.sign * round(extract(epoch from x.ends_at - x.starts_at) / 60)::bigint * x.spots as spot_minutes
      from contributions x
      join companies co on co.id = x.company_id
      cross join lateral unnest(case when cardinality(x.resource_ids) = 0 then array[0] else x.resource_ids end) with ordinality r(resource_id, n)
  ),
  firsts as (
    update customer_first_bookings f set booking_id = c.new_first
      from customers c
     where f.company_id = c.company_id and f.customer_id = c.customer_id and f.booking_id is distinct from c.new_first
  )
  insert into booking_stat_days as t
  select company_id, day, service_id, resource_id, admin_id, canceled, customer_group, lead,
         sum(bookings), sum(spots), sum(revenue_minor), sum(vat_minor), sum(lead_minutes), sum(spot_minutes),
         sum(bookings * (hour = 0)::int), sum(bookings * (hour = 1)::int), sum(bookings * (hour = 2)::int), sum(bookings * (hour = 3)::int), sum(bookings * (hour = 4)::int), sum(bookings * (hour = 5)::int),
         sum(bookings * (hour = 6)::int), sum(bookings * (hour = 7)::int), sum(bookings * (hour = 8)::int), sum(bookings * (hour = 9)::int), sum(bookings * (hour = 10)::int), sum(bookings * (hour = 11)::int),
         sum(bookings * (hour = 12)::int), sum(bookings * (hour = 13)::int), sum(bookings * (hour = 14)::int), sum(bookings * (hour = 15)::int), sum(bookings * (hour = 16)::int), sum(bookings * (hour = 17)::int),
         sum(bookings * (hour = 18)::int), sum(bookings * (hour = 19)::int), sum(bookings * (hour = 20)::int), sum(bookings * (hour = 21)::int), sum(bookings * (hour = 22)::int), sum(bookings * (hour = 23)::int)
    from delta
   group by company_id, day, service_id, resource_id, admin_id, canceled, customer_group, lead
  on conflict (company_id, day, service_id, resource_id, admin_id, canceled, customer_group, lead) do update
     set bookings = t.bookings + excluded.bookings, spots = t.spots + excluded.spots, revenue_minor = t.revenue_minor + excluded.revenue_minor,
         vat_minor = t.vat_minor + excluded.vat_minor, lead_minutes = t.lead_minutes + excluded.lead_minutes, spot_minutes = t.spot_minutes + excluded.spot_minutes,
         h00 = t.h00 + excluded.h00, h01 = t.h01 + excluded.h01, h02 = t.h02 + excluded.h02, h03 = t.h03 + excluded.h03, h04 = t.h04 + excluded.h04, h05 = t.h05 + excluded.h05,
         h06 = t.h06 + excluded.h06, h07 = t.h07 + excluded.h07, h08 = t.h08 + excluded.h08, h09 = t.h09 + excluded.h09, h10 = t.h10 + excluded.h10, h11 = t.h11 + excluded.h11,
         h12 = t.h12 + excluded.h12, h13 = t.h13 + excluded.h13, h14 = t.h14 + excluded.h14, h15 = t.h15 + excluded.h15, h16 = t.h16 + excluded.h16, h17 = t.h17 + excluded.h17,
         h18 = t.h18 + excluded.h18, h19 = t.h19 + excluded.h19, h20 = t.h20 + excluded.h20, h21 = t.h21 + excluded.h21, h22 = t.h22 + excluded.h22, h23 = t.h23 + excluded.h23;

  -- Rows no booking holds any more go (the days of the rows that were).
  if cardinality(removed) > 0 then
    delete from booking_stat_days t using (select distinct o.company_id, (o.starts_at at time zone co.time_zone)::date as day
                                              from unnest(removed) o join companies co on co.id = o.company_id) d
     where t.company_id = d.company_id and t.day = d.day and t.bookings = 0;
  end if;
end
$$;

create function booking_stats_inserted() returns trigger language plpgsql as $$
begin
  perform booking_stats_change(array(select row(n.*)::bookings from new_rows n), '{}'::bookings[]);
  return null;
end
$$;

create function booking_stats_deleted() returns trigger language plpgsql as $$
begin
  perform booking_stats_change('{}'::bookings[], array(select row(o.*)::bookings from old_rows o));
  return null;
end
$$;

-- Only rows whose figures can change count: a comment or a flag leaves the rollups alone.
create function booking_stats_updated() returns trigger language plpgsql as $$
declare
  changed integer[];
begin
  changed := array(
    select n.id from new_rows n join old_rows o on o.id = n.id
     where (n.company_id, n.starts_at, n.ends_at, n.status_id, n.service_id, n.customer_id, n.spots, n.resource_ids, n.created_by, n.created,
            n.total_price_minor, n.total_vat_minor)
           is distinct from
           (o.company_id, o.starts_at, o.ends_at, o.status_id, o.service_id, o.customer_id, o.spots, o.resource_ids, o.created_by, o.created,
            o.total_price_minor, o.total_vat_minor));
  if cardinality(changed) > 0 then
    perform booking_stats_change(array(select row(n.*)::bookings from new_rows n where n.id = any(changed)), array(select row(o.*)::bookings from old_rows o where o.id = any(changed)));
  end if;
  return null;
end
$$;

create trigger bookings_stats_insert after insert on bookings referencing new table as new_rows
  for each statement execute function booking_stats_inserted();
create trigger bookings_stats_update after update on bookings referencing old table as old_rows new table as new_rows
  for each statement execute function booking_stats_updated();
create trigger bookings_stats_delete after delete on bookings referencing old table as old_rows
  for each statement execute function booking_stats_deleted();

-- A company's days and hours are its zone's: when the zone changes, its rollups are made again.
create function booking_stats_rebuild(company integer) returns void language plpgsql as $$
begin
  delete from booking_stat_days where company_id = company;
  delete from customer_first_bookings where company_id = company;
  perform booking_stats_change(array(select b from bookings b where b.company_id = company)::bookings[], '{}'::bookings[]);
end
$$;

create function booking_stats_zone_changed() returns trigger language plpgsql as $$
begin
  perform booking_stats_rebuild(new.id);
  return null;
end
$$;

create trigger companies_stats_zone after update of time_zone on companies
  for each row when (old.time_zone is distinct from new.time_zone) execute function booking_stats_zone_changed();

select booking_stats_rebuild(id) from companies;

-- Statistics are part of the plans from Professional up (and so of the Professional trial).
update plan_limits set included_areas = included_areas || '{statistics}'::text[] where license_type_id in (3, 5, 9);
