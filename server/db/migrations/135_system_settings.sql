-- Issue 36: system settings (GET, PUT /settings/system; server/areas/settings/systemSettings.ts). The
-- company's time zone and currency stay where every area reads them (companies.time_zone,
-- currency_id); what had no home yet is here: how dates and numbers are written, the language
-- customers get by default (until now: the company's country's), the sender name and reply-to
-- address of mails, and the SMS sender. A company without a row has the defaults.
create table system_settings (
  company_id integer primary key references companies(id) on delete cascade,
  -- 'yyyy-MM-dd', 'dd.MM.yyyy', 'dd/MM/yyyy' or 'MM/dd/yyyy'.
  date_format text not null default 'yyyy-MM-dd',
  -- 'space-comma' (1 234,50), 'dot-comma' (1.234,50) or 'comma-dot' (1,234.50).
  number_format text not null default 'space-comma',
  customer_language text check (customer_language in ('sv', 'en', 'fi', 'no')),
  mail_sender_name text,
  mail_reply_to text,
  sms_sender text,
  updated timestamptz not null default now()
);
