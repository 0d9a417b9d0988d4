-- Issue 32: Payson and Billmate take payments as Stripe does (server/areas/payments/). The payment
-- settings name the provider the pay link uses (null: the first active one that is set up), and a
-- checkout's id is the provider's own (Stripe's session, Payson's checkout, Billmate's payment
-- number), unique per provider and company rather than across them all.
-- The payson_sandbox_* and billmate_sandbox_* tables are the state of the embedded test modes
-- (server/sandboxes/payments/).
alter table payment_settings add column default_provider text check (default_provider in ('Stripe', 'Payson', 'Billmate'));

alter table payment_checkouts drop constraint payment_checkouts_session_id_key;
create unique index payment_checkouts_provider_session on payment_checkouts (provider, session_id, company_id);

create table payson_sandbox_checkouts (
  id text primary key,
  agent_id text not null,
  body jsonb not null,
  created timestamptz not null default now()
);

create table billmate_sandbox_payments (
  number bigserial primary key,
  merchant_id text not null,
  token text not null,
  body jsonb not null,
  created timestamptz not null default now()
);
