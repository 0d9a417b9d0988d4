-- Images are served publicly (they appear on booking pages and in mails), so their address must not
-- be guessable from a sequential id: each image gets a random key that names it in its URL.
alter table images add column public_key text;
update images set public_key = translate(encode(decode(md5(random()::text || id::text || clock_timestamp()::text), 'hex'), 'base64'), '+/=', '-_');
alter table images alter column public_key set not null;
create unique index images_public_key_idx on images (public_key);
