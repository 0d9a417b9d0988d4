-- Newsletters (spec areas.md: /newsletters; GET /newsletter/log, POST /newsletter/send, templates).
-- A template is a heading, a rich-text body, an image and a send method (1 e-mail, 2 SMS).
create table newsletter_templates (
  id serial primary key,
  company_id integer not null references companies(id) on delete cascade,
  heading text not null,
  body text not null default '',
  image_url text,
  send_method_id integer not null default 1 check (send_method_id in (1, 2)),
  created timestamptz not null default now(),
  updated timestamptz not null default now()
);
create index newsletter_templates_company_idx on newsletter_templates (company_id, id);

-- One POST /newsletter/send: what is sent (copied from the template when sent), when, and how far
-- the job queue has come. Cancelled before it is sent: state 'canceled'.
create table newsletter_sends (
  id serial primary key,
  company_id integer not null references companies(id) on delete cascade,
  template_id integer references newsletter_templates(id) on delete set null,
  heading text not null,
  message_title text not null,
  message_body text not null default '',
  image_url text,
  send_method_id integer not null check (send_method_id in (1, 2)),
  to_send_date timestamptz not null,
  -- The language of the administrator who sent it: the unsubscribe link's words.
  lang text not null default 'sv',
  state text not null default 'scheduled' check (state in ('scheduled', 'sending', 'sent', 'canceled')),
  total integer not null default 0,
  sent_count integer not null default 0,
  failed_count integer not null default 0,
  created timestamptz not null default now(),
  updated timestamptz not null default now(),
  finished timestamptz
);
create index newsletter_sends_company_idx on newsletter_sends (company_id, id);
create index newsletter_sends_due_idx on newsletter_sends (to_send_date) where state = 'scheduled';

-- The newsletter log: one entry per receiver of a send (the spec's Receiver, Sent, ToSendDate).
create table newsletter_log (
  id serial primary key,
  company_id integer not null references companies(id) on delete cascade,
  send_id integer not null references newsletter_sends(id) on delete cascade,
  customer_id integer references customers(id) on delete set null,
  receiver text not null,
  state text not null default 'queued' check (state in ('queued', 'sending', 'sent', 'failed', 'canceled')),
  sent_at timestamptz,
  error text,
  created timestamptz not null default now(),
  updated timestamptz not null default now()
);
create index newsletter_log_company_idx on newsletter_log (company_id, id);
create index newsletter_log_send_due_idx on newsletter_log (send_id, id) where state in ('queued', 'sending');

-- The log as the list shows it: each entry with its send's title, body and dates.
create view newsletter_log_entries as
  select l.id, l.company_id, l.send_id, l.customer_id, l.receiver, l.state, l.sent_at, l.error, l.created, l.updated,
         l.state = 'sent' as sent, s.heading, s.message_title, s.message_body, s.image_url, s.send_method_id, s.to_send_date
    from newsletter_log l join newsletter_sends s on s.id = l.send_id;
