-- Booking printouts (spec core.md: /booking-printout; GET, POST /reports/booking/printout).
create table booking_printouts (
  id serial primary key,
  company_id integer not null references companies(id) on delete cascade,
  name text not null,
  header text not null default '',
  body text not null default '',
  active boolean not null default true,
  created timestamptz not null default now(),
  updated timestamptz not null default now()
);
create index booking_printouts_company_name_idx on booking_printouts (company_id, name, id);
