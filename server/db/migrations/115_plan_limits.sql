-- What each plan allows, as data (issue 15). A null limit is unlimited. included_areas names the
-- areas of the back office the plan includes (newsletters, webhooks, accounting, …); an area not
-- listed answers 402 when the company's plan lacks it. Extra-license options (IsExtraLicenseOption)
-- add their limits to the plan's (type 11: five more administrators).
create table plan_limits (
  license_type_id integer primary key references license_types(id),
  max_services integer,
  max_resources integer,
  max_administrators integer,
  max_bookings_per_month integer,
  included_areas text[] not null default '{}'
);

alter table license_types add column is_extra_license_option boolean not null default false;
insert into license_types (id, name, is_free, monthly_price_sek, period_of_notice_days, sort_order, is_extra_license_option)
values (11, 'Extra administrators', false, 99, 30, 11, true);

insert into plan_limits (license_type_id, max_services, max_resources, max_administrators, max_bookings_per_month, included_areas) values
  (1, 3, 3, 1, 100, '{}'),
  (2, 10, 10, 3, 1000, '{newsletters}'),
  (3, 50, 50, 10, 5000, '{newsletters,webhooks,accounting}'),
  (5, null, null, 25, null, '{newsletters,webhooks,accounting,codelock,sync}'),
  (9, null, null, null, null, '{newsletters,webhooks,accounting,codelock,sync}'),
  (11, 0, 0, 5, 0, '{}');

-- Trials: a trial type lifts the limits to its plan's while the trial runs.
create table trial_types (
  id integer primary key,
  name text not null,
  trial_days integer not null check (trial_days > 0),
  license_type_id integer not null references license_types(id)
);
insert into trial_types (id, name, trial_days, license_type_id) values (1, 'Professional trial', 30, 3);

create table company_trials (
  id serial primary key,
  company_id integer not null references companies(id) on delete cascade,
  trial_type_id integer not null references trial_types(id),
  valid_from timestamptz not null default now(),
  valid_to timestamptz not null,
  unique (company_id, trial_type_id)
);
