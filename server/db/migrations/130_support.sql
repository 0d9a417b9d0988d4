-- Issue 36: support cases (server/areas/support/). A company's staff open cases (type, area, subject,
-- description), follow them through their statuses and talk in a thread of comments with
-- attachments (images re-encoded, PDFs). The support desk is the product's own staff: a role of its
-- own, kept apart from the company roles (roles, user_roles) so that no company administrator can
-- give it: a user named in support_desk_agents answers the cases of every company and, holding no
-- company role, is refused every other area's data. Agents are added by the product's operators
-- (SQL or the seed), never through the API.
create table support_desk_agents (
  user_id integer primary key references users(id) on delete cascade,
  company_id integer not null references companies(id) on delete cascade,
  created timestamptz not null default now()
);

-- status_id: 1 new, 2 in progress, 3 answered (waiting for the company), 4 closed.
create table support_cases (
  id serial primary key,
  company_id integer not null references companies(id) on delete cascade,
  opened_by integer references users(id) on delete set null,
  opened_by_name text not null default '',
  status_id integer not null default 1 check (status_id between 1 and 4),
  type_id integer not null,
  area_id integer not null,
  subject text not null,
  description text not null,
  created timestamptz not null default now(),
  updated timestamptz not null default now()
);
create index support_cases_company_idx on support_cases (company_id, created desc);
create index support_cases_status_idx on support_cases (status_id, updated desc);

create table support_case_comments (
  id serial primary key,
  company_id integer not null references companies(id) on delete cascade,
  case_id integer not null references support_cases(id) on delete cascade,
  author_id integer references users(id) on delete set null,
  author_name text not null default '',
  from_support boolean not null default false,
  text text not null,
  created timestamptz not null default now()
);
create index support_case_comments_case_idx on support_case_comments (case_id, id);

-- Attachments are stored with the case's company; data is what was checked and re-encoded.
create table support_case_attachments (
  id serial primary key,
  company_id integer not null references companies(id) on delete cascade,
  case_id integer not null references support_cases(id) on delete cascade,
  uploaded_by integer references users(id) on delete set null,
  file_name text not null,
  content_type text not null,
  size integer not null,
  data bytea not null,
  created timestamptz not null default now()
);
create index support_case_attachments_case_idx on support_case_attachments (case_id, id);

-- Every read of a case by the support desk: who read which company's case, what and when.
create table support_reads (
  id bigserial primary key,
  company_id integer not null references companies(id) on delete cascade,
  case_id integer references support_cases(id) on delete set null,
  user_id integer references users(id) on delete set null,
  what text not null,
  at timestamptz not null default now()
);
create index support_reads_company_idx on support_reads (company_id, at desc);
