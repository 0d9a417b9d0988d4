-- Bookings (issue 12): the rest of the booking record, its quantities, the allocations that make
-- double booking impossible in the database, the booking log, payments, the user queue and settings.

create extension if not exists btree_gist;

-- Statuses as data: which ones hold their slot, and which hold it only until a deadline
-- (bookings.hold_until), after which the release job gives the slot back.
create table booking_statuses (
  id integer primary key,
  name text not null,
  holds_slot boolean not null,
  holds_until_deadline boolean not null default false,
  icon text not null,
  color text not null
);
insert into booking_statuses (id, name, holds_slot, holds_until_deadline, icon, color) values
  (1, 'Booked', true, false, 'event_available', '#4caf50'),
  (2, 'Unbooked', false, false, 'event_busy', '#9e9e9e'),
  (3, 'Reserved', true, true, 'schedule', '#ff9800'),
  (4, 'Canceled', false, false, 'cancel', '#f44336'),
  (5, 'AwaitingPayment', true, true, 'hourglass_empty', '#ffc107'),
  (6, 'AwaitingPaymentNoTimeLimit', true, false, 'hourglass_full', '#ffb300'),
  (7, 'Payed', true, false, 'paid', '#2e7d32'),
  (8, 'AwaitingPaymentRequestFromAdmin', true, false, 'request_quote', '#8d6e63'),
  (9, 'AwaitingPaymentFromProvider', true, false, 'account_balance', '#5c6bc0'),
  (10, 'Invoiced', true, false, 'receipt_long', '#00897b');

alter table bookings
  add column hold_until timestamptz,
  add column payment_option text not null default 'DefaultSetting',
  add column booked_comments text,
  add column unbooked_comments text,
  add column comments_to_customer text,
  add column send_email_confirmation boolean not null default false,
  add column send_sms_confirmation boolean not null default false,
  add column send_email_reminder boolean not null default false,
  add column send_sms_reminder boolean not null default false,
  add column allow_outside_schedules boolean not null default false,
  add column custom_field_values jsonb not null default '[]',
  add column invoice_address jsonb,
  add column total_price_minor bigint not null default 0,
  add column total_vat_minor bigint not null default 0,
  add column total_before_rebate_minor bigint not null default 0,
  add column currency_id text,
  add column price_sign text not null default '',
  add column paid_minor bigint not null default 0,
  add column created_by integer references users(id) on delete set null,
  add constraint bookings_status_fk foreign key (status_id) references booking_statuses(id);

create index bookings_company_starts_id_idx on bookings (company_id, starts_at, id);
create index bookings_company_created_id_idx on bookings (company_id, created, id);
create index bookings_company_customer_idx on bookings (company_id, customer_id, starts_at);
create index bookings_hold_until_idx on bookings (hold_until) where hold_until is not null;

-- rebate_code_transactions.booking_id stays without a foreign key: manual corrections and older
-- rows may name bookings that are not (or no longer) in this table.
create index rebate_code_transactions_booking_idx on rebate_code_transactions (booking_id) where booking_id is not null;

-- One priced quantity line of a booking.
create table booking_quantities (
  id serial primary key,
  company_id integer not null references companies(id) on delete cascade,
  booking_id integer not null references bookings(id) on delete cascade,
  price_id integer,
  quantity integer not null check (quantity >= 0),
  price_minor bigint not null default 0,
  price_before_rebate_minor bigint not null default 0,
  vat_minor bigint not null default 0,
  vat numeric not null default 0,
  category text not null default '',
  price_text text,
  occupies_spot boolean not null default true,
  sort_order integer not null default 0
);
create index booking_quantities_booking_idx on booking_quantities (booking_id, sort_order);

-- The time a booking takes on each of its resources. Rows that block (a holding booking of a
-- service with one spot per resource) can never overlap on one resource: the database refuses the
-- second with exclusion_violation (23P01), whatever the application checked before.
create table booking_allocations (
  id bigserial primary key,
  company_id integer not null references companies(id) on delete cascade,
  booking_id integer not null references bookings(id) on delete cascade,
  resource_id integer not null references resources(id) on delete cascade,
  during tstzrange not null,
  blocks boolean not null,
  constraint booking_allocations_no_overlap exclude using gist (company_id with =, resource_id with =, during with &&) where (blocks)
);
create index booking_allocations_booking_idx on booking_allocations (booking_id);

-- Every change of every booking: who (Administrator, Customer, System), when, what before and after.
create table booking_log (
  id bigserial primary key,
  company_id integer not null references companies(id) on delete cascade,
  booking_id integer not null references bookings(id) on delete cascade,
  event text not null,
  actor_type text not null check (actor_type in ('Administrator', 'Customer', 'System')),
  user_id integer references users(id) on delete set null,
  actor_name text,
  comment text,
  before jsonb,
  after jsonb,
  created timestamptz not null default now()
);
create index booking_log_booking_idx on booking_log (company_id, booking_id, created, id);
create index booking_log_company_created_idx on booking_log (company_id, created, id);

-- Payments and refunds of a booking (the payment log).
create table booking_payments (
  id serial primary key,
  company_id integer not null references companies(id) on delete cascade,
  booking_id integer not null references bookings(id) on delete cascade,
  kind text not null check (kind in ('Payment', 'Refund')),
  amount_minor bigint not null check (amount_minor >= 0),
  refunded_minor bigint not null default 0 check (refunded_minor >= 0),
  refund_of integer references booking_payments(id) on delete set null,
  comment text,
  user_id integer references users(id) on delete set null,
  created timestamptz not null default now(),
  check (refunded_minor <= amount_minor)
);
create index booking_payments_booking_idx on booking_payments (booking_id, id);

-- Customers waiting for a spot at a time that was full.
create table booking_user_queue (
  id serial primary key,
  company_id integer not null references companies(id) on delete cascade,
  service_id integer not null references services(id) on delete cascade,
  customer_id integer not null references customers(id) on delete cascade,
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  quantity integer not null default 1 check (quantity >= 1),
  comment text,
  created_by integer references users(id) on delete set null,
  created timestamptz not null default now(),
  check (ends_at > starts_at)
);
create index booking_user_queue_company_idx on booking_user_queue (company_id, starts_at, id);

-- A company's booking settings; a company without a row uses the defaults.
create table booking_settings (
  company_id integer primary key references companies(id) on delete cascade,
  default_status_id integer not null default 1 check (default_status_id in (1, 3)),
  reservation_hold_minutes integer not null default 60 check (reservation_hold_minutes between 1 and 43200),
  payment_hold_minutes integer not null default 30 check (payment_hold_minutes between 1 and 43200),
  cancellation_deadline_hours integer not null default 24 check (cancellation_deadline_hours between 0 and 8760),
  customers_choose_resources boolean not null default true,
  send_email_confirmation boolean not null default true,
  send_sms_confirmation boolean not null default false,
  send_email_reminder boolean not null default true,
  send_sms_reminder boolean not null default false,
  queue_enabled boolean not null default false,
  updated timestamptz not null default now()
);

-- The bookings list: the booking with its status, service and customer, one row per booking.
create view bookings_view as
select b.*,
       st.name as status_name,
       s.name as service_name,
       cu.firstname as customer_firstname,
       cu.lastname as customer_lastname,
       cu.email as customer_email,
       cu.phone as customer_phone,
       case when cu.id is null then null else trim(cu.firstname || ' ' || cu.lastname) end as customer_name
  from bookings b
  -- Left joins on primary keys: a count or a filter that needs no name skips them altogether.
  left join booking_statuses st on st.id = b.status_id
  left join services s on s.id = b.service_id
  left join customers cu on cu.id = b.customer_id;

create view booking_log_view as
select l.*, coalesce(l.actor_name, nullif(trim(u.firstname || ' ' || u.lastname), ''), u.email) as actor_display
  from booking_log l left join users u on u.id = l.user_id;

create view booking_user_queue_view as
select q.*, s.name as service_name, trim(cu.firstname || ' ' || cu.lastname) as customer_name, cu.email as customer_email
  from booking_user_queue q join services s on s.id = q.service_id join customers cu on cu.id = q.customer_id;
