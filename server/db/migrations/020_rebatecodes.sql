-- Rebate codes (promo codes, punch tickets, value cards, gift cards), the services and customers
-- they are limited to, and every change of their balance (transactions).
-- Money in minor units; RebateCodeValue in hundredths (percent 12.5 = 1250, 500 kr = 50000, 10 punches = 1000).

create table rebate_codes (
  id serial primary key,
  company_id integer not null references companies(id) on delete cascade,
  -- Stored normalised (trimmed, NFC, upper case).
  sign text not null check (char_length(sign) > 4 and char_length(sign) <= 50),
  name text not null default '',
  type_id integer not null check (type_id between 1 and 5),
  value_hundredths bigint not null check (value_hundredths >= 0),
  valid_from date,
  valid_to date,
  from_time time,
  to_time time,
  max_uses integer not null default 9999 check (max_uses >= 1),
  max_uses_per_customer integer not null default 1 check (max_uses_per_customer >= 1),
  uses_used integer not null default 0 check (uses_used >= 0),
  -- Value and gift cards only.
  remaining_amount_minor bigint check (remaining_amount_minor >= 0),
  -- Punch tickets only.
  remaining_usage integer check (remaining_usage >= 0),
  -- 1 Active, 2 Off.
  status_id integer not null default 1 check (status_id in (1, 2)),
  days_of_week jsonb not null default '[]',
  personal_note text,
  created timestamptz not null default now(),
  updated timestamptz not null default now(),
  check (valid_from is null or valid_to is null or valid_from <= valid_to),
  check (type_id <> 1 or value_hundredths <= 10000)
);
-- A sign is unique among the company's active codes, whatever its case.
create unique index rebate_codes_active_sign_idx on rebate_codes (company_id, upper(sign)) where status_id = 1;
create index rebate_codes_company_sign_idx on rebate_codes (company_id, upper(sign));
create index rebate_codes_company_created_idx on rebate_codes (company_id, created, id);
create index rebate_codes_company_type_idx on rebate_codes (company_id, type_id, id);

create table rebate_code_services (
  company_id integer not null references companies(id) on delete cascade,
  rebate_code_id integer not null references rebate_codes(id) on delete cascade,
  service_id integer not null references services(id) on delete cascade,
  primary key (rebate_code_id, service_id)
);
create index rebate_code_services_service_idx on rebate_code_services (service_id);

create table rebate_code_customers (
  company_id integer not null references companies(id) on delete cascade,
  rebate_code_id integer not null references rebate_codes(id) on delete cascade,
  customer_id integer not null references customers(id) on delete cascade,
  primary key (rebate_code_id, customer_id)
);
create index rebate_code_customers_customer_idx on rebate_code_customers (customer_id);

-- One change of a code's balance: a booking's use (booking_id set) or a manual correction.
create table rebate_code_transactions (
  id serial primary key,
  company_id integer not null references companies(id) on delete cascade,
  rebate_code_id integer not null references rebate_codes(id) on delete cascade,
  amount_minor bigint not null default 0 check (amount_minor >= 0),
  usage integer not null default 0 check (usage >= 0),
  change_type text not null check (change_type in ('Increase', 'Decrease')),
  -- The bookings table arrives with the bookings issue; the reference is added there.
  booking_id integer,
  customer_id integer references customers(id) on delete set null,
  service_id integer references services(id) on delete set null,
  comment text,
  created_by integer references users(id) on delete set null,
  created timestamptz not null default now()
);
create index rebate_code_transactions_company_created_idx on rebate_code_transactions (company_id, created, id);
create index rebate_code_transactions_code_idx on rebate_code_transactions (rebate_code_id, created, id);
create index rebate_code_transactions_customer_idx on rebate_code_transactions (company_id, customer_id, rebate_code_id);

-- Transactions with the names the reports show.
create view rebate_code_transactions_view as
select t.id,
       t.company_id,
       t.rebate_code_id,
       r.sign as rebate_code_sign,
       r.type_id as rebate_code_type_id,
       t.amount_minor,
       t.usage,
       t.change_type,
       t.booking_id,
       t.customer_id,
       case when c.id is null then null else trim(c.firstname || ' ' || c.lastname) end as customer_name,
       t.service_id,
       s.name as service_name,
       t.comment,
       t.created
  from rebate_code_transactions t
  join rebate_codes r on r.id = t.rebate_code_id
  left join customers c on c.id = t.customer_id
  left join services s on s.id = t.service_id;

-- The bookings a code was used in.
create view rebate_code_usages_view as
select * from rebate_code_transactions_view where booking_id is not null and change_type = 'Decrease';
