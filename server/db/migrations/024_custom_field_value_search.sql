-- Customer search also finds the values of customer custom fields (a member number): trigram index
-- on the lower-cased value where the extension exists (PostgreSQL servers); PGlite scans.
do $$
begin
  if exists (select 1 from pg_extension where extname = 'pg_trgm') then
    execute 'create index custom_field_values_search_trgm_idx on custom_field_values using gin (lower(value) gin_trgm_ops)';
  end if;
end $$;
