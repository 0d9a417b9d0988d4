-- The outbox: every side effect after commit (mail now; booking confirmations, reminders and webhooks
-- next) is a row written in the same transaction as the change, and delivered by the job queue
-- (pg-boss, queue 'outbox') once that transaction has committed. `key` makes an event idempotent:
-- one row per company and key, so the same event is never queued (or sent) twice.
create table outbox (
  id bigserial primary key,
  company_id integer references companies (id) on delete cascade,
  kind text not null,
  key text not null,
  payload jsonb not null,
  state text not null default 'queued' check (state in ('queued', 'sent', 'failed')),
  attempts integer not null default 0,
  max_attempts integer not null,
  last_error text,
  created timestamptz not null default now(),
  updated timestamptz not null default now(),
  sent_at timestamptz,
  constraint outbox_key_unique unique nulls not distinct (company_id, key)
);
create index outbox_company_idx on outbox (company_id, created desc);
create index outbox_state_idx on outbox (state) where state <> 'sent';

-- The old hand-made queue is replaced by pg-boss; mails still waiting in it move to the outbox.
insert into outbox (company_id, kind, key, payload, max_attempts, attempts, last_error)
select (payload ->> 'companyId')::integer, 'mail', 'jobs:' || id, payload, 8, attempts, last_error
  from jobs where kind = 'mail' and run_at <> 'infinity'::timestamptz;
drop table jobs;
