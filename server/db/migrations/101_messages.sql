-- Message templates (spec areas.md, Messages): one per type, send method (1 e-mail, 2 SMS) and
-- language, optionally for some services only; the body is sanitized rich text (e-mail) or text (SMS).
create table message_templates (
  id serial primary key,
  company_id integer not null references companies(id) on delete cascade,
  type_id integer not null,
  send_method_id integer not null check (send_method_id in (1, 2)),
  language text not null default 'sv' check (language in ('sv', 'en', 'fi', 'no')),
  subject text not null default '',
  body text not null default '',
  active boolean not null default true,
  created timestamptz not null default now(),
  updated timestamptz not null default now()
);
create index message_templates_company_idx on message_templates (company_id, type_id, send_method_id, language);

create table message_template_services (
  template_id integer not null references message_templates(id) on delete cascade,
  service_id integer not null references services(id) on delete cascade,
  primary key (template_id, service_id)
);
create index message_template_services_service_idx on message_template_services (service_id);

-- Per company: default templates made (the row's existence) and when reminders go out.
create table message_settings (
  company_id integer primary key references companies(id) on delete cascade,
  reminder_hours_before integer not null default 24 check (reminder_hours_before between 1 and 720),
  created timestamptz not null default now()
);

-- Every message sent for a booking (or a test, or a resend); its status is its outbox entry's.
create table message_log (
  id bigserial primary key,
  company_id integer not null references companies(id) on delete cascade,
  booking_id integer references bookings(id) on delete set null,
  template_id integer references message_templates(id) on delete set null,
  type_id integer not null,
  send_method_id integer not null check (send_method_id in (1, 2)),
  language text not null default 'sv',
  receiver text not null,
  subject text not null default '',
  body text not null default '',
  outbox_id bigint references outbox(id) on delete set null,
  mail_id bigint references mail_outbox(id) on delete set null,
  resend_of bigint references message_log(id) on delete set null,
  created timestamptz not null default now(),
  updated timestamptz not null default now(),
  sent_at timestamptz
);
create index message_log_company_idx on message_log (company_id, id desc);
create index message_log_booking_idx on message_log (booking_id);
create index message_log_outbox_idx on message_log (outbox_id);

create view message_log_view as
select l.*,
       case when l.sent_at is not null then 'sent' else coalesce(o.state, 'queued') end as status,
       coalesce(o.attempts, 0) as attempts,
       o.last_error,
       greatest(l.updated, coalesce(o.updated, l.updated)) as modified
  from message_log l left join outbox o on o.id = l.outbox_id;
