-- The bookings list sorts by resource (issue 12): the name of the booking's first resource (by name).
create or replace view bookings_view as
select b.*,
       st.name as status_name,
       s.name as service_name,
       cu.firstname as customer_firstname,
       cu.lastname as customer_lastname,
       cu.email as customer_email,
       cu.phone as customer_phone,
       case when cu.id is null then null else trim(cu.firstname || ' ' || cu.lastname) end as customer_name,
       (select min(r.name) from resources r where r.id = any(b.resource_ids)) as resource_name
  from bookings b
  left join booking_statuses st on st.id = b.status_id
  left join services s on s.id = b.service_id
  left join customers cu on cu.id = b.customer_id;
