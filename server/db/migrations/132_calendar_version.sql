-- Issue 33: the 'calendar' scope of a company's data version (server/db/versions.ts), moved by the
-- writes an iCal feed shows that the 'availability' (services, resources) and 'customers' scopes do
-- not see: any booking (bookings move only their days' scopes since migration 052, and a feed spans
-- 490 days), a booking's SEQUENCE, and the administrators (an own-bookings feed is named after its
-- administrator and finds their resources by e-mail). A kept feed text (server/areas/sync/feed.ts)
-- stands while the three versions, the company's name and zone, and the day stand.
do $$
declare
  t text;
begin
  foreach t in array array['bookings', 'calendar_sequences', 'users'] loop
    execute format('create trigger %I after insert on %I referencing new table as changed_rows for each statement execute function data_version_bump(%L)', t || '_calendar_ins', t, 'calendar');
    execute format('create trigger %I after update on %I referencing new table as changed_rows for each statement execute function data_version_bump(%L)', t || '_calendar_upd', t, 'calendar');
    execute format('create trigger %I after delete on %I referencing old table as changed_rows for each statement execute function data_version_bump(%L)', t || '_calendar_del', t, 'calendar');
  end loop;
end $$;
