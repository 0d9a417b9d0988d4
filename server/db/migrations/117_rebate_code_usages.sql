-- A code's usages are the bookings that hold a use of it now: a booking's Decrease that a later
-- Increase of the same code and booking gave back (the booking canceled, or re-priced with a new
-- Decrease after it) is no longer one. The transactions report still shows every change.
create or replace view rebate_code_usages_view as
select v.*
  from rebate_code_transactions_view v
 where v.booking_id is not null
   and v.change_type = 'Decrease'
   and not exists (select 1 from rebate_code_transactions g
                    where g.booking_id = v.booking_id and g.rebate_code_id = v.rebate_code_id
                      and g.change_type = 'Increase' and g.id > v.id);
