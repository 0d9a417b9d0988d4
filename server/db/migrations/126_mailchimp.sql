-- Issue 33: the mailing list (server/areas/mailchimp/). The company's Mailchimp connection (the API
-- key sealed with the company's key, never sent back), the audience it syncs, each sync's counts and
-- errors, and the customers whose newsletter consent, e-mail or name changed since they were last
-- pushed (written by a trigger, so every writer counts: the admin, imports, the unsubscribe page).
-- The mailchimp_sandbox_* tables are the state of the embedded Mailchimp (server/sandboxes/mailchimp/).
create table mailchimp_profiles (
  company_id integer primary key references companies(id) on delete cascade,
  api_key_sealed text not null,
  server_prefix text not null,
  list_id text not null default '',
  list_name text not null default '',
  updated timestamptz not null default now()
);

create table mailchimp_syncs (
  id serial primary key,
  company_id integer not null references companies(id) on delete cascade,
  -- 'full' (sync now) or 'changes' (customers changed since the last push).
  kind text not null check (kind in ('full', 'changes')),
  state text not null default 'running' check (state in ('running', 'done', 'failed')),
  started timestamptz not null default now(),
  finished timestamptz,
  subscribed integer not null default 0,
  unsubscribed integer not null default 0,
  errors integer not null default 0,
  error_messages jsonb not null default '[]'
);
create index mailchimp_syncs_company_idx on mailchimp_syncs (company_id, id desc);

create table mailchimp_pending (
  company_id integer not null references companies(id) on delete cascade,
  customer_id integer not null,
  -- The e-mail the customer had when last pushed (to unsubscribe it when it changes).
  old_email text,
  changed timestamptz not null default now(),
  primary key (company_id, customer_id)
);

create function mailchimp_customer_changed() returns trigger language plpgsql as $$
begin
  if not exists (select 1 from mailchimp_profiles p where p.company_id = coalesce(new.company_id, old.company_id) and p.list_id <> '') then
    return null;
  end if;
  if tg_op = 'INSERT' then
    if new.subscribed_to_newsletter then
      insert into mailchimp_pending (company_id, customer_id) values (new.company_id, new.id) on conflict do nothing;
    end if;
  elsif tg_op = 'DELETE' then
    if old.email is not null then
      insert into mailchimp_pending (company_id, customer_id, old_email) values (old.company_id, old.id, old.email)
        on conflict (company_id, customer_id) do update set old_email = coalesce(mailchimp_pending.old_email, excluded.old_email), changed = now();
    end if;
  elsif new.subscribed_to_newsletter is distinct from old.subscribed_to_newsletter or new.email is distinct from old.email
     or ((new.firstname is distinct from old.firstname or new.lastname is distinct from old.lastname) and new.subscribed_to_newsletter) then
    insert into mailchimp_pending (company_id, customer_id, old_email)
      values (new.company_id, new.id, case when new.email is distinct from old.email then old.email end)
      on conflict (company_id, customer_id) do update set old_email = coalesce(mailchimp_pending.old_email, excluded.old_email), changed = now();
  end if;
  return null;
end $$;
create trigger customers_mailchimp after insert or update or delete on customers
  for each row execute function mailchimp_customer_changed();

create table mailchimp_sandbox_lists (
  id text primary key,
  -- SHA-256 of the API key the list belongs to, and the key's data centre.
  account text not null,
  dc text not null,
  name text not null,
  created timestamptz not null default now()
);
create index mailchimp_sandbox_lists_account_idx on mailchimp_sandbox_lists (account);

create table mailchimp_sandbox_members (
  list_id text not null references mailchimp_sandbox_lists(id) on delete cascade,
  -- MD5 of the lowercased e-mail, as Mailchimp names a member.
  subscriber_hash text not null,
  email_address text not null,
  status text not null,
  merge_fields jsonb not null default '{}',
  updated timestamptz not null default now(),
  primary key (list_id, subscriber_hash)
);
