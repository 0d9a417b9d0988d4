-- Issue 35: accounting through Visma eAccounting API v2 (server/areas/eaccounting/).
-- The company's connection (tokens sealed with the company's key, never sent back; when the access
-- token expires; 'expired' or 'revoked' with the provider's words, shown on the settings page), the
-- OAuth states awaiting their callback (bound to the administrator who started them), the settings,
-- each price's article, and each invoice made from bookings (pending while the outbox delivers it,
-- then done with the provider's number or failed with its message).
create table eaccounting_connections (
  company_id integer primary key references companies(id) on delete cascade,
  access_token_sealed text not null,
  refresh_token_sealed text not null,
  expires_at timestamptz not null,
  state text not null default 'connected' check (state in ('connected', 'expired', 'revoked')),
  last_error text,
  connected timestamptz not null default now()
);

create table eaccounting_oauth_states (
  state text primary key,
  company_id integer not null references companies(id) on delete cascade,
  user_id integer not null,
  created timestamptz not null default now()
);

create table eaccounting_settings (
  company_id integer primary key references companies(id) on delete cascade,
  active boolean not null default false,
  default_create_type text not null default 'Draft' check (default_create_type in ('Draft', 'CreateSend')),
  default_article_0 text,
  default_article_6 text,
  default_article_12 text,
  default_article_25 text,
  default_terms_of_payment_id text,
  created timestamptz not null default now(),
  updated timestamptz not null default now()
);

create table eaccounting_price_mappings (
  id serial primary key,
  company_id integer not null references companies(id) on delete cascade,
  price_id integer not null unique references service_prices(id) on delete cascade,
  external_reference text not null,
  vat integer not null
);
create index eaccounting_price_mappings_company_idx on eaccounting_price_mappings (company_id, id);

create table eaccounting_invoices (
  id serial primary key,
  company_id integer not null references companies(id) on delete cascade,
  booking_ids integer[] not null,
  customer_id integer,
  create_type text not null check (create_type in ('Draft', 'CreateSend')),
  state text not null default 'pending' check (state in ('pending', 'done', 'failed')),
  request jsonb not null,
  answer jsonb,
  invoice_id text,
  invoice_number text,
  last_error text,
  claimed_until timestamptz,
  created timestamptz not null default now(),
  updated timestamptz not null default now()
);
create index eaccounting_invoices_company_idx on eaccounting_invoices (company_id, id);
create index eaccounting_invoices_bookings_idx on eaccounting_invoices using gin (booking_ids);

-- The embedded Visma eAccounting (server/sandboxes/eaccounting/): its grants, tokens (with expiry and
-- revocation) and, per sandbox company (tenant), articles, customers, terms of payment, invoice drafts
-- and invoices (numbered from 1 per tenant).
create table eaccounting_sandbox_grants (
  code text primary key,
  tenant text not null,
  redirect_uri text not null,
  used boolean not null default false,
  created timestamptz not null default now()
);

create table eaccounting_sandbox_tokens (
  token_hash text primary key,
  tenant text not null,
  -- The grant the token descends from: revoking a refresh token ends that grant only.
  family text not null,
  kind text not null check (kind in ('access', 'refresh')),
  expires_at timestamptz not null,
  revoked boolean not null default false,
  created timestamptz not null default now()
);

create table eaccounting_sandbox_articles (
  id uuid primary key,
  tenant text not null,
  number text not null,
  name text not null,
  vat_percent integer not null check (vat_percent in (0, 6, 12, 25)),
  net_price numeric(12, 2) not null default 0,
  is_active boolean not null default true
);

create table eaccounting_sandbox_terms (
  id uuid primary key,
  tenant text not null,
  name text not null,
  number_of_days integer not null
);

create table eaccounting_sandbox_customers (
  id uuid primary key,
  tenant text not null,
  customer_number text not null,
  body jsonb not null,
  created timestamptz not null default now()
);

create table eaccounting_sandbox_invoices (
  id uuid primary key,
  tenant text not null,
  kind text not null check (kind in ('draft', 'invoice')),
  invoice_number integer,
  body jsonb not null,
  created timestamptz not null default now(),
  unique (tenant, invoice_number)
);
