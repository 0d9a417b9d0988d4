-- Issue 36: GDPR erasure and reviews.
--
-- A customer's personal data can be erased (DELETE /gdpr/customers/{Id}): the row stays, so that the
-- bookings, payments and accounting rows that name it keep their link, with its personal fields
-- replaced by a pseudonym; `erased` says when (a second erase answers 409).
alter table customers add column erased timestamptz;
-- The erasure's entry in the change history (who erased, what was done per table) has an action of its own.
alter table record_history drop constraint record_history_action_check;
alter table record_history add constraint record_history_action_check check (action in ('create', 'update', 'delete', 'erase'));

-- Reviews: after a booking has taken place the customer may be asked (message type 9, off by
-- default) for a rating from 1 to 5 and a comment through a signed link; one review per booking.
-- The company may hide a review with a reason, and show it again.
create table reviews (
  id serial primary key,
  company_id integer not null references companies(id) on delete cascade,
  booking_id integer not null references bookings(id) on delete cascade,
  customer_id integer references customers(id) on delete set null,
  service_id integer not null,
  resource_ids integer[] not null default '{}',
  rating smallint not null check (rating between 1 and 5),
  comment text,
  booking_starts_at timestamptz not null,
  created timestamptz not null default now(),
  hidden boolean not null default false,
  hidden_reason text,
  hidden_by integer references users(id) on delete set null,
  hidden_at timestamptz,
  unique (company_id, booking_id)
);
create index reviews_company_created_idx on reviews (company_id, created desc, id);
create index reviews_company_service_idx on reviews (company_id, service_id);
create index reviews_customer_idx on reviews (company_id, customer_id);

-- Whether (and how many hours after a booking's end) review requests go out; off by default.
-- default_types: the message types whose default templates the company has been given, so that a
-- type added later (the review request) gets its defaults once, also in companies made before it.
alter table message_settings
  add column review_requests boolean not null default false,
  add column review_hours_after integer not null default 2 check (review_hours_after between 0 and 720),
  add column default_types integer[] not null default '{}';
update message_settings set default_types = '{1,2,3,4,5,6,7,8}';
