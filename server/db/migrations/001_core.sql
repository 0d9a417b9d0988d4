-- Companies, their administrators (who are also the identity provider's accounts), roles,
-- agreements, client error reports and uploaded images.

create table companies (
  id serial primary key,
  name text not null,
  email text not null,
  phone text,
  homepage text,
  street1 text not null default '',
  street2 text,
  zip_code text not null default '',
  city text not null default '',
  country_id text not null default 'SE',
  organisation_number text not null default '',
  time_zone text not null default 'Europe/Stockholm',
  currency_id text not null default 'SEK',
  category_id integer,
  type_id integer,
  status_id integer not null default 1,
  latitude double precision,
  longitude double precision,
  logo_url text,
  license_type_id integer not null default 1,
  created timestamptz not null default now(),
  updated timestamptz not null default now()
);

-- Administrators. subject is the token's `sub`; password_hash is scrypt (identity/passwords.ts).
create table users (
  id serial primary key,
  company_id integer not null references companies(id) on delete cascade,
  subject text not null unique,
  email text not null,
  firstname text not null default '',
  lastname text not null default '',
  phone text,
  password_hash text,
  active boolean not null default true,
  email_verified boolean not null default false,
  agreement_id integer,
  created timestamptz not null default now(),
  updated timestamptz not null default now()
);
create unique index users_email_key on users (lower(email));
create index users_company_idx on users (company_id);

create table roles (
  id integer primary key,
  name text not null,
  description text not null default ''
);
insert into roles (id, name, description) values
  (1, 'Administrator', 'Full access to the company''s back office'),
  (2, 'Staff', 'Handles bookings and customers'),
  (3, 'Accountant', 'Billing, invoices and accounting');

create table user_roles (
  company_id integer not null references companies(id) on delete cascade,
  user_id integer not null references users(id) on delete cascade,
  role_id integer not null references roles(id),
  primary key (user_id, role_id)
);

create table agreements (
  id serial primary key,
  company_id integer,
  content_sv text not null,
  content_en text not null,
  content_fi text not null,
  content_no text not null,
  created timestamptz not null default now()
);

create table client_errors (
  id bigserial primary key,
  company_id integer not null references companies(id) on delete cascade,
  user_id integer,
  exception_name text not null,
  inner_exception_name text,
  exception_message text not null,
  url text,
  stack_trace text,
  created timestamptz not null default now()
);

create table images (
  id bigserial primary key,
  company_id integer not null references companies(id) on delete cascade,
  folder_type integer not null,
  file_name text not null,
  content_type text not null,
  size integer not null,
  data bytea not null,
  created timestamptz not null default now()
);
create index images_company_idx on images (company_id);
