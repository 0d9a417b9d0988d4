-- Sign-up without a mail server (issue 29): when SMTP_URL is not set, mail stays in the sandbox, so
-- the person who signed up is given a second, separate token with the answer to POST /signup. It
-- opens that one request's own mail (POST /signup/mail) and nothing else; only its SHA-256 is kept.
-- With SMTP_URL set no such token is made and the column stays null.
alter table signup_requests add column mailbox_token_hash text;
create unique index signup_requests_mailbox_idx on signup_requests (mailbox_token_hash) where mailbox_token_hash is not null;
