-- Failed sign-ins per e-mail address (Keycloak's brute-force detection): after every
-- FAILURE_FACTOR consecutive failures the address is locked for a while, longer each time, up to a
-- maximum (server/identity/bruteForce.ts). Kept for addresses with no account too, so a lockout
-- does not tell which addresses exist.
create table sign_in_failures (
  email text primary key,
  failures integer not null,
  last_failure timestamptz not null,
  locked_until timestamptz
);
