-- Billing (issue 15): registered cards, card payments (idempotent by the provider's reference),
-- invoices in integer minor units with their rows, and a company license's end at its notice period.
create table payment_cards (
  company_id integer primary key references companies(id) on delete cascade,
  provider_reference text not null,
  masked_number text not null,
  expires text not null,
  registered timestamptz not null default now()
);

-- One registration at the provider: the token the admin sends the browser to the provider with.
create table card_registrations (
  token text primary key,
  company_id integer not null references companies(id) on delete cascade,
  amount_minor bigint not null default 0,
  currency_id text not null,
  accept_url text not null,
  cancel_url text not null,
  created timestamptz not null default now(),
  completed timestamptz
);

create table invoices (
  id serial primary key,
  company_id integer not null references companies(id) on delete cascade,
  invoice_number text not null unique,
  period_from date not null,
  period_to date not null,
  currency_id text not null,
  country_id text not null,
  vat_rate_permille integer not null,
  net_minor bigint not null,
  vat_minor bigint not null,
  total_minor bigint not null,
  billing_method_id integer,
  billing_snapshot jsonb not null,
  status text not null default 'unpaid' check (status in ('unpaid', 'paid')),
  created timestamptz not null default now(),
  due_date date not null,
  unique (company_id, period_from)
);
create index invoices_company_idx on invoices (company_id, id);

create table invoice_rows (
  id serial primary key,
  invoice_id integer not null references invoices(id) on delete cascade,
  text text not null,
  quantity numeric(10, 4) not null,
  unit_price_minor bigint not null,
  amount_minor bigint not null
);

create table card_payments (
  id serial primary key,
  company_id integer not null references companies(id) on delete cascade,
  provider_reference text not null unique,
  amount_minor bigint not null,
  currency_id text not null,
  created timestamptz not null default now()
);

-- Incentives: offers shown after a delay, with what the administrator did with them.
create table incentives (
  id integer primary key,
  initial_delay_seconds integer not null,
  action_type text not null check (action_type in ('Upgrade', 'AddOn', 'Information')),
  page text,
  license_type_id integer references license_types(id),
  only_free boolean not null default true
);
insert into incentives (id, initial_delay_seconds, action_type, page, license_type_id, only_free) values
  (1, 20, 'Upgrade', '/licenses', 3, true),
  (2, 40, 'AddOn', '/extra-licenses', 11, false),
  (3, 60, 'Information', '/licenses', null, true);

create table incentive_engagements (
  id serial primary key,
  company_id integer not null references companies(id) on delete cascade,
  incentive_id integer not null references incentives(id),
  user_id integer,
  engagement_type text not null check (engagement_type in ('Read', 'Engaged', 'Success', 'Cancelled')),
  created timestamptz not null default now()
);
create index incentive_engagements_idx on incentive_engagements (company_id, incentive_id);

-- Closing the account: the questionnaire's answers.
create table license_cancellations (
  id serial primary key,
  company_id integer not null references companies(id) on delete cascade,
  license_id integer not null,
  answers jsonb not null,
  ends timestamptz not null,
  created timestamptz not null default now()
);
