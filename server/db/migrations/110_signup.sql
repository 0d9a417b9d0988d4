-- Sign-up (issue 15): a new company's request waits here until the link mailed to its administrator
-- is opened; only then are the company and its first administrator created (server/areas/signup).
-- Every request gets a row, whether or not the address or the organisation number already has an
-- account, so the answer and the work done are the same either way. Only a SHA-256 of the token
-- is kept. The rows belong to no company yet, so they carry no company_id.
create table signup_requests (
  id bigserial primary key,
  token_hash text not null unique,
  company_name text not null,
  organisation_number text not null,
  country_id text not null,
  email text not null,
  password_hash text not null,
  lang text not null,
  expires_at timestamptz not null,
  used_at timestamptz,
  company_id integer references companies (id) on delete set null,
  created timestamptz not null default now()
);
create index signup_requests_expires_idx on signup_requests (expires_at);
