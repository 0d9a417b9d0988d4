-- Issue 31: webhooks (server/areas/webhooks/). A company turns webhooks on (webhook_settings), adds
-- endpoints (a URL, the event types it hears, a signing secret encrypted at rest with the company's
-- key), and every event written for an endpoint is a message with one row per delivery attempt.
create table webhook_settings (
  company_id integer primary key references companies(id) on delete cascade,
  enabled boolean not null default false,
  updated timestamptz not null default now()
);

create table webhook_endpoints (
  id serial primary key,
  company_id integer not null references companies(id) on delete cascade,
  url text not null,
  description text not null default '',
  event_types text[] not null default '{}',
  disabled boolean not null default false,
  -- AES-256-GCM with the company's key (server/shared/encryption.ts); never returned after creation.
  secret text not null,
  -- The secret before the last rotation, still signed with until previous_secret_until.
  previous_secret text,
  previous_secret_until timestamptz,
  created timestamptz not null default now(),
  updated timestamptz not null default now()
);

create index webhook_endpoints_company on webhook_endpoints (company_id);

create table webhook_messages (
  id bigserial primary key,
  company_id integer not null references companies(id) on delete cascade,
  endpoint_id integer not null references webhook_endpoints(id) on delete cascade,
  -- The webhook-id header: the same for every attempt, so receivers can de-duplicate.
  event_id text not null,
  event_type text not null,
  payload jsonb not null,
  created timestamptz not null default now(),
  -- pending, delivered, failed
  status text not null default 'pending'
);

create index webhook_messages_company_created on webhook_messages (company_id, created desc);
create index webhook_messages_endpoint on webhook_messages (endpoint_id, id);

create table webhook_attempts (
  id bigserial primary key,
  message_id bigint not null references webhook_messages(id) on delete cascade,
  attempted timestamptz not null default now(),
  http_status integer,
  duration_ms integer not null default 0,
  response_excerpt text not null default ''
);

create index webhook_attempts_message on webhook_attempts (message_id, id);
