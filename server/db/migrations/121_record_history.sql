-- Issue 39: the history of every record written through the declaration engine (server/autoquery):
-- who changed what and when, written in the same transaction as the change (server/areas/history/).
-- `resource` is the declaration's API path (/customers, /schedules/recurring, …); `changes` lists
-- { Field, Before, After } for the fields that changed (all of them on create and delete), without
-- sensitive ones. `actor` keeps the user's address as it was, so the entry still names a removed user
-- (user_id has no foreign key for that reason: a removed user's entries stay as written).
create table record_history (
  id bigserial primary key,
  company_id integer not null references companies(id) on delete cascade,
  resource text not null,
  record_id integer not null,
  action text not null check (action in ('create', 'update', 'delete')),
  user_id integer,
  actor text not null default '',
  at timestamptz not null default now(),
  changes jsonb not null default '[]'::jsonb
);

create index record_history_record on record_history (company_id, resource, record_id, id desc);
create index record_history_company on record_history (company_id, id desc);
