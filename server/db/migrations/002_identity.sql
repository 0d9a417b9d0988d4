-- Embedded identity provider: oidc-provider's stored artifacts, the signing keys, one-time
-- account tokens (password reset, account deletion, e-mail verification), the mail outbox, and the
-- first service agreement.
-- oidc_payloads and identity_secrets belong to the provider itself, not to a company, so they
-- carry no company_id; everything a company owns does.

create table oidc_payloads (
  id text not null,
  type text not null,
  payload jsonb not null,
  grant_id text,
  user_code text,
  uid text,
  expires_at timestamptz,
  consumed_at timestamptz,
  primary key (type, id)
);
create index oidc_payloads_grant_idx on oidc_payloads (grant_id) where grant_id is not null;
create index oidc_payloads_uid_idx on oidc_payloads (uid) where uid is not null;
create index oidc_payloads_user_code_idx on oidc_payloads (user_code) where user_code is not null;
create index oidc_payloads_expires_idx on oidc_payloads (expires_at);
create index oidc_payloads_account_idx on oidc_payloads ((payload ->> 'accountId')) where type = 'Grant';

-- Keys generated on first start (signing JWK, cookie keys), so restarts and every process share them.
create table identity_secrets (
  name text primary key,
  value jsonb not null,
  created timestamptz not null default now()
);

-- One-time links mailed to an administrator. Only a SHA-256 of the token is stored.
create table user_tokens (
  id bigserial primary key,
  company_id integer not null references companies(id) on delete cascade,
  user_id integer not null references users(id) on delete cascade,
  purpose text not null check (purpose in ('reset_password', 'delete_account', 'verify_email')),
  token_hash text not null unique,
  expires_at timestamptz not null,
  used_at timestamptz,
  created timestamptz not null default now()
);
create index user_tokens_user_idx on user_tokens (company_id, user_id);

-- Every e-mail the product sends. The sandbox transport only records; SMTP records and sends.
create table mail_outbox (
  id bigserial primary key,
  company_id integer references companies(id) on delete cascade,
  transport text not null,
  message_id text,
  from_address text not null,
  to_address text not null,
  subject text not null,
  text_body text not null,
  html_body text,
  kind text,
  created timestamptz not null default now()
);
create index mail_outbox_company_idx on mail_outbox (company_id, created desc);

insert into agreements (id, company_id, content_sv, content_en, content_fi, content_no) values (1, null,
  '<h1>Användarvillkor</h1><p>Genom att använda bokningssystemet godkänner du att behandla dina kunders personuppgifter enligt GDPR och att hålla dina inloggningsuppgifter hemliga.</p><p>Tjänsten tillhandahålls i befintligt skick. Avtalet gäller tills kontot avslutas.</p>',
  '<h1>Terms of service</h1><p>By using the booking system you agree to process your customers'' personal data according to the GDPR and to keep your sign-in details secret.</p><p>The service is provided as is. The agreement lasts until the account is closed.</p>',
  '<h1>Käyttöehdot</h1><p>Käyttämällä varausjärjestelmää sitoudut käsittelemään asiakkaidesi henkilötietoja GDPR:n mukaisesti ja pitämään kirjautumistietosi salassa.</p><p>Palvelu tarjotaan sellaisenaan. Sopimus on voimassa, kunnes tili suljetaan.</p>',
  '<h1>Brukervilkår</h1><p>Ved å bruke bookingsystemet godtar du å behandle kundenes personopplysninger i samsvar med GDPR og å holde innloggingsopplysningene dine hemmelige.</p><p>Tjenesten leveres som den er. Avtalen gjelder til kontoen avsluttes.</p>');
select setval(pg_get_serial_sequence('agreements', 'id'), (select max(id) from agreements));
