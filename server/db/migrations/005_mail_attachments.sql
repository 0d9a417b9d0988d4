-- What was attached to each recorded mail (names, types and sizes; the bytes are not kept).
alter table mail_outbox add column attachments jsonb not null default '[]'::jsonb;
