-- One e-mail address may have an administrator account in several companies (issue 10: adding an
-- administrator must not reveal whether the address has an account elsewhere). A users row is the
-- account of one person in one company, with its own subject (the token's `sub`, so a token always
-- opens exactly one company), password and roles; the address is unique within a company only.
-- Signing in checks the password against each of the address's accounts and lets the person
-- choose when it opens more than one (server/identity/accountPages.ts).
drop index users_email_key;
create unique index users_company_email_key on users (company_id, lower(email));
create index users_email_idx on users (lower(email));
