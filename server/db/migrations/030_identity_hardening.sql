-- Identity hardening (issues 10 and 21).
--
-- token_revocations: access tokens are JWTs the API checks without a round trip to the provider, so
-- ending a session must be visible to every process at once. One row per ended session ('sid:…')
-- or revoked token ('jti:…'); a token of the session issued before revoked_at is refused. Rows are
-- needed only while tokens issued before them can live (the access token lifetime), so expires_at
-- lets them go.
create table token_revocations (
  key text primary key,
  revoked_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index token_revocations_expires_idx on token_revocations (expires_at);

-- Failed sign-ins are counted per account and client ('email|client'), and per client alone
-- ('client|…'), so a stranger failing on purpose locks only themselves out.
alter table sign_in_failures rename column email to key;

-- Fixed-window counters shared by every process (forgot-password per address and per client).
create table rate_limits (
  key text primary key,
  window_start timestamptz not null,
  hits integer not null
);

-- A small durable job queue (mail delivery, work done after the answer). A job is claimed by
-- pushing run_at past a lease; a process that dies mid-job leaves it to be retried after the lease.
create table jobs (
  id bigserial primary key,
  kind text not null,
  payload jsonb not null,
  run_at timestamptz not null default now(),
  attempts integer not null default 0,
  last_error text,
  created timestamptz not null default now()
);
create index jobs_due_idx on jobs (run_at);

-- Real-Keycloak mode: a users row linked to a Keycloak subject (by verified e-mail on first use)
-- is never re-linked to another subject.
alter table users add column keycloak_linked boolean not null default false;
