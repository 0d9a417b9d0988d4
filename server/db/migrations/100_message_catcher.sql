-- The catcher (mail_outbox) keeps every message as the customer gets it: e-mail and SMS (channel),
-- and the attached files themselves (base64, in the order of `attachments`), so the outbox page can show them.
alter table mail_outbox
  add column channel text not null default 'email' check (channel in ('email', 'sms')),
  add column attachment_content jsonb not null default '[]'::jsonb;
create index mail_outbox_company_id_idx on mail_outbox (company_id, id desc);
