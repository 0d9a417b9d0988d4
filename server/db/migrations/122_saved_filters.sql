-- Issue 39: a list's filter saved under a name by an administrator (server/areas/savedfilters/).
-- Private ones (shared = false) are seen only by their owner; shared ones by the whole company.
-- `resource` is the admin list (e.g. customers); `filter` the list's filter values as its URL keeps them.
create table saved_filters (
  id serial primary key,
  company_id integer not null references companies(id) on delete cascade,
  user_id integer not null references users(id) on delete cascade,
  resource text not null,
  name text not null,
  filter jsonb not null default '{}'::jsonb,
  shared boolean not null default false,
  created timestamptz not null default now()
);

create index saved_filters_company_resource on saved_filters (company_id, resource);
