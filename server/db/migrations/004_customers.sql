-- Customers (with comments, access keys and cheap per-company counts), billing information,
-- company licenses and per-company secrets.

create table customers (
  id serial primary key,
  company_id integer not null references companies(id) on delete cascade,
  firstname text not null,
  lastname text not null,
  email text,
  phone text,
  personal_identity_number text,
  image_url text,
  subscribed_to_newsletter boolean not null default false,
  visible boolean not null default true,
  corporate_identity_number text,
  invoice_address1 text,
  invoice_address2 text,
  invoice_city text,
  invoice_postal_code text,
  invoice_country_code text,
  -- Set by whatever the customer does (bookings); the GDPR tools call a customer inactive when
  -- neither this nor `updated` is recent.
  last_activity timestamptz,
  created timestamptz not null default now(),
  updated timestamptz not null default now(),
  search_text text generated always as (
    lower(firstname || ' ' || lastname || ' ' || coalesce(email, '') || ' ' || coalesce(phone, ''))
  ) stored
);
create index customers_company_lastname_idx on customers (company_id, lastname, id);
create index customers_company_firstname_idx on customers (company_id, firstname, id);
create index customers_company_email_idx on customers (company_id, email, id);
create index customers_company_created_idx on customers (company_id, created, id);
create index customers_company_id_idx on customers (company_id, id);
create index customers_company_activity_idx on customers (company_id, (coalesce(last_activity, updated)));

-- Trigram search where the extension exists (PostgreSQL servers); PGlite searches by scanning.
do $$
begin
  begin
    create extension if not exists pg_trgm;
  exception when others then
    null;
  end;
  if exists (select 1 from pg_extension where extname = 'pg_trgm') then
    execute 'create index customers_search_trgm_idx on customers using gin (search_text gin_trgm_ops)';
  end if;
end $$;

-- Row counts per company kept by statement triggers, so a list's Total never counts 100,000 rows.
create table customer_counts (
  company_id integer primary key references companies(id) on delete cascade,
  total integer not null default 0,
  visible integer not null default 0
);

create function customer_counts_inserted() returns trigger language plpgsql as $$
begin
  insert into customer_counts (company_id, total, visible)
  select company_id, count(*), count(*) filter (where visible) from new_rows group by company_id
  on conflict (company_id) do update
    set total = customer_counts.total + excluded.total, visible = customer_counts.visible + excluded.visible;
  return null;
end $$;

create function customer_counts_deleted() returns trigger language plpgsql as $$
begin
  update customer_counts c
     set total = c.total - d.n, visible = c.visible - d.v
    from (select company_id, count(*) as n, count(*) filter (where visible) as v from old_rows group by company_id) d
   where c.company_id = d.company_id;
  return null;
end $$;

create function customer_counts_updated() returns trigger language plpgsql as $$
begin
  update customer_counts c
     set visible = c.visible + d.v
    from (
      select n.company_id, sum(case when n.visible then 1 else 0 end - case when o.visible then 1 else 0 end) as v
        from new_rows n join old_rows o on o.id = n.id
       group by n.company_id
    ) d
   where c.company_id = d.company_id and d.v <> 0;
  return null;
end $$;

create trigger customers_count_insert after insert on customers
  referencing new table as new_rows for each statement execute function customer_counts_inserted();
create trigger customers_count_delete after delete on customers
  referencing old table as old_rows for each statement execute function customer_counts_deleted();
create trigger customers_count_update after update on customers
  referencing old table as old_rows new table as new_rows for each statement execute function customer_counts_updated();

create table customer_comments (
  id serial primary key,
  company_id integer not null references companies(id) on delete cascade,
  customer_id integer not null references customers(id) on delete cascade,
  heading text not null,
  comment text not null,
  image_url text,
  created timestamptz not null default now(),
  updated timestamptz not null default now()
);
create index customer_comments_customer_idx on customer_comments (company_id, customer_id, id);

-- Access keys (RFID tags, door codes …); the types are a fixed list (areas/reference.ts).
create table customer_access_keys (
  id serial primary key,
  company_id integer not null references companies(id) on delete cascade,
  customer_id integer not null references customers(id) on delete cascade,
  access_key_type_id integer not null,
  value text not null,
  description text
);
create index customer_access_keys_customer_idx on customer_access_keys (company_id, customer_id);

-- Who pays for the company's license. billing_method_id: 1 card, 2 invoice by e-mail, 3 e-invoice, 4 paper invoice.
create table billing_information (
  company_id integer primary key references companies(id) on delete cascade,
  billing_method_id integer not null,
  name text not null,
  attention text,
  email text,
  gln text,
  reference_line1 text,
  reference_line2 text,
  street1 text not null,
  street2 text,
  zip_code text not null,
  city text not null,
  country_id text not null,
  vat_registration_number text not null,
  created timestamptz not null default now(),
  updated timestamptz not null default now()
);

create table license_types (
  id integer primary key,
  name text not null,
  is_free boolean not null,
  monthly_price_sek integer not null,
  period_of_notice_days integer not null default 0,
  sort_order integer not null
);
insert into license_types (id, name, is_free, monthly_price_sek, period_of_notice_days, sort_order) values
  (1, 'Free', true, 0, 0, 1),
  (2, 'Standard', false, 299, 30, 2),
  (3, 'Professional', false, 599, 30, 3),
  (5, 'Business', false, 999, 30, 4),
  (9, 'Enterprise', false, 1999, 90, 5);

create table company_licenses (
  id serial primary key,
  company_id integer not null references companies(id) on delete cascade,
  license_type_id integer not null references license_types(id),
  valid_from timestamptz not null default now(),
  valid_to timestamptz,
  active boolean not null default true,
  canceled boolean not null default false,
  created timestamptz not null default now()
);
create index company_licenses_company_idx on company_licenses (company_id, id);

-- Every company starts on the license its row names (the free edition by default).
create function companies_default_license() returns trigger language plpgsql as $$
begin
  insert into company_licenses (company_id, license_type_id) values (new.id, new.license_type_id);
  return null;
end $$;
create trigger companies_default_license after insert on companies
  for each row execute function companies_default_license();
insert into company_licenses (company_id, license_type_id) select id, license_type_id from companies;

-- Per-company secrets (the key of GET /encryption/encrypt when ENCRYPTION_KEY is not set).
create table company_secrets (
  company_id integer not null references companies(id) on delete cascade,
  name text not null,
  value text not null,
  primary key (company_id, name)
);
