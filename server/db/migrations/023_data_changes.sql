-- Data versions without a row every write of a company must lock (issue 20). Migration 021's
-- triggers upserted the company's one data_versions row per scope inside the writer's transaction
-- and held its lock until commit, so every write of a company waited for the one before it.
--
-- Now each write statement appends a row to data_changes (an insert locks nothing another writer
-- needs), and a company's version of a scope is the number of committed change rows:
-- data_change_totals.folded (rows already counted and removed) plus the rows still in
-- data_changes, read in one statement, so from one snapshot. A commit that writes the scope adds
-- rows, so the number grows exactly when a commit that changes the scope becomes visible; an
-- open transaction's rows count only once it commits, whatever order the writers started in. See
-- server/db/versions.ts for how readers use it and why it is exact.
--
-- On PGlite (one session, every write in this process) the server sets booking.data_changes to
-- 'notify': the trigger then announces `company:scope` on channel data_versions instead, which
-- PGlite hands over as the transaction commits. PostgreSQL servers never notify: NOTIFY takes a
-- database-wide lock at commit, which would queue every writer again.

create table data_changes (
  company_id integer not null,
  scope text not null
);
create index data_changes_company_scope_idx on data_changes (company_id, scope);

create table data_change_totals (
  company_id integer not null references companies(id) on delete cascade,
  scope text not null,
  folded bigint not null default 0,
  primary key (company_id, scope)
);

-- Versions continue from where migration 021's counters stood.
insert into data_change_totals (company_id, scope, folded)
select company_id, scope, version from data_versions;
drop table data_versions;

-- Migration 021's triggers call this function by name; TG_ARGV[0] is the scope. Rows whose
-- company is being deleted (cascades) are skipped: their versions go with the company.
create or replace function data_version_bump() returns trigger language plpgsql as $$
begin
  if current_setting('booking.data_changes', true) = 'notify' then
    perform pg_notify('data_versions', c.company_id || ':' || tg_argv[0])
       from (select distinct company_id from changed_rows) c
      where exists (select 1 from companies co where co.id = c.company_id);
  else
    insert into data_changes (company_id, scope)
    select distinct c.company_id, tg_argv[0] from changed_rows c
     where exists (select 1 from companies co where co.id = c.company_id);
  end if;
  return null;
end $$;

-- The same for the customer counts a list's Total reads (migration 004): their triggers updated the
-- company's one customer_counts row inside every writer's transaction. Writers now append the
-- change to customer_count_changes; a Total is customer_counts plus those rows, read in one
-- statement, and fold_data_changes moves them into customer_counts now and then. PGlite (one
-- session, nobody to wait for) keeps updating customer_counts directly.
create table customer_count_changes (
  company_id integer not null,
  total integer not null,
  visible integer not null
);
create index customer_count_changes_company_idx on customer_count_changes (company_id);

create or replace function customer_counts_inserted() returns trigger language plpgsql as $$
begin
  if current_setting('booking.data_changes', true) = 'notify' then
    insert into customer_counts (company_id, total, visible)
    select company_id, count(*), count(*) filter (where visible) from new_rows group by company_id
    on conflict (company_id) do update
      set total = customer_counts.total + excluded.total, visible = customer_counts.visible + excluded.visible;
  else
    insert into customer_count_changes (company_id, total, visible)
    select company_id, count(*), count(*) filter (where visible) from new_rows group by company_id;
  end if;
  return null;
end $$;

create or replace function customer_counts_deleted() returns trigger language plpgsql as $$
begin
  if current_setting('booking.data_changes', true) = 'notify' then
    update customer_counts c
       set total = c.total - d.n, visible = c.visible - d.v
      from (select company_id, count(*) as n, count(*) filter (where visible) as v from old_rows group by company_id) d
     where c.company_id = d.company_id;
  else
    insert into customer_count_changes (company_id, total, visible)
    select company_id, -count(*), -count(*) filter (where visible) from old_rows o
     where exists (select 1 from companies co where co.id = o.company_id)
     group by company_id;
  end if;
  return null;
end $$;

create or replace function customer_counts_updated() returns trigger language plpgsql as $$
begin
  if current_setting('booking.data_changes', true) = 'notify' then
    update customer_counts c
       set visible = c.visible + d.v
      from (
        select n.company_id, sum(case when n.visible then 1 else 0 end - case when o.visible then 1 else 0 end) as v
          from new_rows n join old_rows o on o.id = n.id
         group by n.company_id
      ) d
     where c.company_id = d.company_id and d.v <> 0;
  else
    insert into customer_count_changes (company_id, total, visible)
    select company_id, 0, v from (
      select n.company_id, sum(case when n.visible then 1 else 0 end - case when o.visible then 1 else 0 end) as v
        from new_rows n join old_rows o on o.id = n.id
       group by n.company_id
    ) d
     where d.v <> 0;
  end if;
  return null;
end $$;

-- Moves a company's committed change rows of a scope into its totals (server/db/versions.ts calls
-- it when many have gathered). Each delete and the addition of what it deleted commit together, so
-- every snapshot sees the same sums; rows of transactions still open stay for a later fold, and
-- two folds at once each add only the rows they deleted.
create function fold_data_changes(p_company integer, p_scope text) returns void language plpgsql as $$
begin
  with gone as (delete from data_changes where company_id = p_company and scope = p_scope returning 1)
  insert into data_change_totals as t (company_id, scope, folded)
  select p_company, p_scope, g.n from (select count(*) as n from gone) g
   where exists (select 1 from companies where id = p_company)
  on conflict (company_id, scope) do update set folded = t.folded + excluded.folded;
  if p_scope = 'customers' then
    with gone as (delete from customer_count_changes where company_id = p_company returning total, visible)
    insert into customer_counts as c (company_id, total, visible)
    select p_company, g.t, g.v from (select coalesce(sum(total), 0) as t, coalesce(sum(visible), 0) as v from gone) g
     where exists (select 1 from companies where id = p_company)
    on conflict (company_id) do update set total = c.total + excluded.total, visible = c.visible + excluded.visible;
  end if;
end $$;

-- The change tables have no foreign key (checking one would lock the company row for key share
-- on every write); a deleted company's rows go here.
create function data_changes_company_gone() returns trigger language plpgsql as $$
begin
  delete from data_changes d using old_companies o where d.company_id = o.id;
  delete from customer_count_changes d using old_companies o where d.company_id = o.id;
  return null;
end $$;
create trigger companies_data_changes_del after delete on companies
  referencing old table as old_companies for each statement execute function data_changes_company_gone();
