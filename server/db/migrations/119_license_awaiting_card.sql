-- Issue 29: a plan (or an extra license) paid by card takes effect when the card is registered, that
-- is when the payment provider's signed callback arrives (server/areas/billing/cards.ts), never
-- before. Until then the choice waits here, one per company: a later choice replaces it, a plan
-- taken by invoice or dropping the choice (DELETE /licenses/company/awaitingcard) removes it. It is
-- not a license: nothing that bills or enforces plans reads it.
create table license_awaiting_card (
  id serial primary key,
  company_id integer not null unique references companies(id) on delete cascade,
  license_type_id integer not null references license_types(id),
  created timestamptz not null default now()
);

-- The provider's page speaks the language of the administrator who opened it (sv, en, fi, no).
alter table card_registrations add column lang text not null default 'sv';
