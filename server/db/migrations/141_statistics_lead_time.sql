-- Issue 37: the lead time from booking to start counts a booking entered at or after its start
-- (registered afterwards, as the demo's past week is) as 0, not as a negative time that pulled the
-- average below zero. The function is migration 137's with that one line changed; every company's
-- rollups are made again with it.
create or replace function booking_stats_change(added bookings[], removed bookings[]) returns void language plpgsql as $$
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
           -- A booking entered at or after its start (registered afterwards) had no lead time: 0, not less.
           x.sign * greatest(0, round(extract(epoch from x.starts_at - x.created) / 60))::bigint as lead_minutes,
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

select booking_stats_rebuild(id) from companies;
