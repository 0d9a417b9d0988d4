-- The catcher keeps the extra headers a mail was sent with (e.g. a newsletter's List-Unsubscribe and
-- List-Unsubscribe-Post), so the outbox page and tests see what a mail client would.
alter table mail_outbox add column headers jsonb not null default '{}'::jsonb;
