-- Issue 32: payments (server/areas/payments/). The company's payment settings, its providers' API
-- settings (secrets encrypted at rest with the company's key), the connected Stripe account, the
-- single-use connect states, the checkouts a customer pays a booking with, the provider's
-- verified notifications (idempotent by event id; a forged one is refused with 400 and goes to the
-- server's log, not here) and the refunds at the provider.
-- The stripe_sandbox_* tables are the state of the embedded Stripe test mode (server/sandboxes/payments/).
create table payment_settings (
  company_id integer primary key references companies(id) on delete cascade,
  stripe_active boolean not null default false,
  payson_active boolean not null default false,
  billmate_active boolean not null default false,
  requirement text not null default 'None' check (requirement in ('None', 'Full', 'Deposit')),
  deposit_percent integer not null default 30 check (deposit_percent between 1 and 100),
  only_services_with_payment boolean not null default false,
  default_payment_option text not null default 'DefaultSetting',
  updated timestamptz not null default now()
);

create table payment_api_settings (
  company_id integer not null references companies(id) on delete cascade,
  provider text not null check (provider in ('payson', 'billmate')),
  merchant_id text not null,
  -- AES-256-GCM with the company's key (server/shared/encryption.ts); never returned.
  secret text,
  test_mode boolean not null default true,
  updated timestamptz not null default now(),
  primary key (company_id, provider)
);

create table stripe_accounts (
  company_id integer primary key references companies(id) on delete cascade,
  account_id text not null,
  name text,
  charges_enabled boolean not null default false,
  scope text,
  -- The OAuth access token, sealed; calls use the platform key with the Stripe-Account header.
  access_token text,
  connected timestamptz not null default now()
);

create table stripe_connect_states (
  state text primary key,
  company_id integer not null references companies(id) on delete cascade,
  user_id integer not null references users(id) on delete cascade,
  session_id text,
  created timestamptz not null default now(),
  used timestamptz
);

create table payment_links (
  token text primary key,
  company_id integer not null references companies(id) on delete cascade,
  booking_id integer not null unique references bookings(id) on delete cascade,
  created timestamptz not null default now()
);

create table payment_checkouts (
  id serial primary key,
  company_id integer not null references companies(id) on delete cascade,
  booking_id integer not null references bookings(id) on delete cascade,
  provider text not null,
  session_id text not null unique,
  url text not null,
  amount_minor bigint not null check (amount_minor > 0),
  currency_id text not null,
  deposit boolean not null default false,
  -- open, complete, expired
  status text not null default 'open',
  payment_intent text,
  booking_payment_id integer references booking_payments(id) on delete set null,
  created timestamptz not null default now()
);
create index payment_checkouts_booking on payment_checkouts (company_id, booking_id, id);

create table payment_notifications (
  id bigserial primary key,
  provider text not null,
  event_id text,
  event_type text,
  company_id integer references companies(id) on delete cascade,
  verified boolean not null,
  -- received, handled (the payment was written) or ignored (not ours, or already written)
  outcome text not null,
  excerpt text not null default '',
  received timestamptz not null default now()
);
create unique index payment_notifications_event on payment_notifications (provider, event_id) where verified;

create table payment_refunds (
  booking_payment_id integer primary key references booking_payments(id) on delete cascade,
  company_id integer not null references companies(id) on delete cascade,
  checkout_id integer not null references payment_checkouts(id) on delete cascade,
  amount_minor bigint not null,
  provider_refund_id text,
  -- queued, succeeded, failed
  status text not null default 'queued',
  message text,
  updated timestamptz not null default now()
);

create table stripe_sandbox_accounts (
  id text primary key,
  name text not null,
  email text not null,
  charges_enabled boolean not null default true,
  created timestamptz not null default now()
);

create table stripe_sandbox_grants (
  code text primary key,
  account_id text not null references stripe_sandbox_accounts(id) on delete cascade,
  scope text not null,
  access_token text not null unique,
  redeemed timestamptz,
  revoked timestamptz,
  created timestamptz not null default now()
);

create table stripe_sandbox_sessions (
  id text primary key,
  account_id text not null references stripe_sandbox_accounts(id) on delete cascade,
  body jsonb not null,
  created timestamptz not null default now()
);

create table stripe_sandbox_refunds (
  id text primary key,
  account_id text not null,
  payment_intent text not null,
  amount bigint not null,
  idempotency_key text,
  body jsonb not null,
  created timestamptz not null default now(),
  unique (account_id, idempotency_key)
);

create table stripe_sandbox_events (
  id text primary key,
  account_id text not null,
  type text not null,
  body jsonb not null,
  delivered timestamptz,
  attempts integer not null default 0,
  created timestamptz not null default now()
);
