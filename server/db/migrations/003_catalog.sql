-- The catalogue: services, their prices, articles, custom fields and the values filled in for them.
-- Money is stored in minor units (öre/cent); wire prices are major units.

create table services (
  id serial primary key,
  company_id integer not null references companies(id) on delete cascade,
  name text not null,
  description text not null default '',
  group_name text,
  active boolean not null default true,
  image_url text,
  duration integer not null,
  min_duration integer not null,
  max_duration integer not null,
  duration_interval integer not null,
  duration_type_id integer not null default 1,
  sort_order integer not null default 0,
  total_spots integer not null default 1,
  booking_status_id integer not null default 1,
  is_payment_enabled boolean not null default false,
  enable_booking_queue boolean not null default false,
  group_booking jsonb not null default '{"Active": false, "Min": 1, "Max": 1}',
  multiple_resource jsonb not null default '{"Active": false, "Min": 1, "Max": 1}',
  created timestamptz not null default now(),
  updated timestamptz not null default now()
);
create index services_company_sort_idx on services (company_id, sort_order, id);
create index services_company_name_idx on services (company_id, name, id);
create index services_company_created_idx on services (company_id, created, id);
create index services_company_group_idx on services (company_id, group_name);

create table service_prices (
  id serial primary key,
  company_id integer not null references companies(id) on delete cascade,
  service_id integer not null references services(id) on delete cascade,
  price_minor bigint not null,
  calculation_type_id integer not null default 1,
  currency_id text not null,
  vat integer not null,
  category text not null default '',
  price_text text not null default '',
  from_date date,
  to_date date,
  days_of_week jsonb not null default '[]',
  from_time time,
  to_time time,
  external_reference text,
  created timestamptz not null default now(),
  updated timestamptz not null default now()
);
create index service_prices_company_service_idx on service_prices (company_id, service_id, id);
create index service_prices_company_price_idx on service_prices (company_id, price_minor, id);
create index service_prices_service_idx on service_prices (service_id);

create table articles (
  id serial primary key,
  company_id integer not null references companies(id) on delete cascade,
  name text not null,
  description text not null default '',
  article_type_id integer not null,
  price_minor bigint not null,
  vat integer not null,
  currency_id text not null,
  active boolean not null default true,
  internal_reference text,
  created timestamptz not null default now(),
  updated timestamptz not null default now()
);
create index articles_company_name_idx on articles (company_id, name, id);
create index articles_company_created_idx on articles (company_id, created, id);
create index articles_company_price_idx on articles (company_id, price_minor, id);

create table custom_fields (
  id serial primary key,
  company_id integer not null references companies(id) on delete cascade,
  name text not null,
  description text not null default '',
  width integer not null default 12,
  data_type text not null check (data_type in ('TextBox', 'DropDown')),
  default_value text,
  is_mandatory boolean not null default false,
  mandatory_error_message text,
  max_length integer not null default 4000,
  multiple_line_text boolean not null default false,
  reg_ex text,
  reg_ex_error_message text,
  is_public boolean not null default true,
  is_hidden boolean not null default false,
  sort_order integer not null default 0,
  table_name text not null check (table_name in ('Event', 'RegisteredUsers', 'BookedEvent')),
  active boolean not null default true,
  "values" jsonb not null default '[]',
  created timestamptz not null default now(),
  updated timestamptz not null default now()
);
create index custom_fields_company_table_idx on custom_fields (company_id, table_name, sort_order, id);
create index custom_fields_company_name_idx on custom_fields (company_id, name, id);

-- Which services an Event or BookedEvent field applies to (none: every service).
create table custom_field_services (
  company_id integer not null references companies(id) on delete cascade,
  custom_field_id integer not null references custom_fields(id) on delete cascade,
  service_id integer not null references services(id) on delete cascade,
  primary key (custom_field_id, service_id)
);
create index custom_field_services_service_idx on custom_field_services (service_id);

-- Values filled in for a custom field on a service (Event), customer (RegisteredUsers) or booking (BookedEvent).
create table custom_field_values (
  company_id integer not null references companies(id) on delete cascade,
  custom_field_id integer not null references custom_fields(id) on delete cascade,
  entity_type text not null,
  entity_id integer not null,
  value text not null,
  primary key (company_id, entity_type, entity_id, custom_field_id)
);
create index custom_field_values_field_idx on custom_field_values (custom_field_id);
