-- The bookings list's Total without count(*) (issue 12): with 200,000 bookings counting a company's
-- rows cost ~70 ms a page. Like the customer counts (migrations 004 and 023): writers append their
-- change to booking_count_changes (an insert locks nothing another writer needs); the Total is
-- booking_counts plus those rows, read in one statement, so from one snapshot; fold_booking_counts
-- moves the rows into booking_counts now and then (server/areas/bookings/counts.ts). PGlite (one
-- session, nobody to wait for; booking.data_changes = 'notify') updates booking_counts directly.
--
-- booking_counts.longest is at least the longest booking (ends_at - starts_at) the company ever
-- stored, so a list filtered on "bookings overlapping [X, …)" (ends_at > X) may also bound
-- starts_at > X - longest and read the (company_id, starts_at, id) index from there instead of
-- from the first booking ever. It only grows; a writer whose booking is longer than what it sees
-- committed raises it under the row's lock, so any snapshot that sees a booking sees a longest at
-- least as long.

-- (company_id, starts_at, id) of migration 050 serves everything this one did.
drop index if exists bookings_company_starts_idx;

create table booking_counts (
  company_id integer primary key references companies(id) on delete cascade,
  total integer not null default 0,
  longest interval not null default interval '0'
);

create table booking_count_changes (
  company_id integer not null,
  total integer not null
);
create index booking_count_changes_company_idx on booking_count_changes (company_id);

insert into booking_counts (company_id, total, longest)
select company_id, count(*), max(ends_at - starts_at) from bookings group by company_id;

create function booking_counts_longest() returns trigger language plpgsql as $$
declare
  r record;
begin
  for r in select company_id, max(ends_at - starts_at) as longest from changed_rows group by company_id loop
    continue when exists (select 1 from booking_counts c where c.company_id = r.company_id and c.longest >= r.longest);
    continue when not exists (select 1 from companies co where co.id = r.company_id);
    insert into booking_counts as c (company_id, longest) values (r.company_id, r.longest)
    on conflict (company_id) do update set longest = greatest(c.longest, excluded.longest);
  end loop;
  return null;
end $$;

create function booking_counts_inserted() returns trigger language plpgsql as $$
begin
  if current_setting('booking.data_changes', true) = 'notify' then
    insert into booking_counts as c (company_id, total)
    select company_id, count(*) from changed_rows group by company_id
    on conflict (company_id) do update set total = c.total + excluded.total;
  else
    insert into booking_count_changes (company_id, total)
    select company_id, count(*) from changed_rows group by company_id;
  end if;
  return null;
end $$;

create function booking_counts_deleted() returns trigger language plpgsql as $$
begin
  if current_setting('booking.data_changes', true) = 'notify' then
    update booking_counts c set total = c.total - d.n
      from (select company_id, count(*) as n from changed_rows group by company_id) d
     where c.company_id = d.company_id;
  else
    insert into booking_count_changes (company_id, total)
    select company_id, -count(*) from changed_rows o
     where exists (select 1 from companies co where co.id = o.company_id)
     group by company_id;
  end if;
  return null;
end $$;

create trigger bookings_count_insert after insert on bookings
  referencing new table as changed_rows for each statement execute function booking_counts_inserted();
create trigger bookings_count_delete after delete on bookings
  referencing old table as changed_rows for each statement execute function booking_counts_deleted();
create trigger bookings_longest_insert after insert on bookings
  referencing new table as changed_rows for each statement execute function booking_counts_longest();
create trigger bookings_longest_update after update on bookings
  referencing new table as changed_rows for each statement execute function booking_counts_longest();

-- Moves a company's committed change rows into its total: the delete and the addition of what it
-- deleted commit together, so every snapshot sees the same sum.
create function fold_booking_counts(p_company integer) returns void language plpgsql as $$
begin
  with gone as (delete from booking_count_changes where company_id = p_company returning total)
  insert into booking_counts as c (company_id, total)
  select p_company, g.t from (select coalesce(sum(total), 0) as t from gone) g
   where exists (select 1 from companies where id = p_company)
  on conflict (company_id) do update set total = c.total + excluded.total;
end $$;

create function booking_count_changes_company_gone() returns trigger language plpgsql as $$
begin
  delete from booking_count_changes d using old_companies o where d.company_id = o.id;
  return null;
end $$;
create trigger companies_booking_count_changes_del after delete on companies
  referencing old table as old_companies for each statement execute function booking_count_changes_company_gone();
