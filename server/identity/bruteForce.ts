import type { Db } from '../db/db';

/** Consecutive failures that lock an address (Keycloak: Max Login Failures). */
export const FAILURE_FACTOR = 10;
/** The first lockout; each further round of FAILURE_FACTOR failures adds as much (Wait Increment). */
export const WAIT_INCREMENT_SECONDS = 60;
/** The longest lockout (Max Wait). */
export const MAX_WAIT_SECONDS = 15 * 60;
/** Failures older than this are forgotten (Failure Reset Time). */
export const FAILURE_RESET_HOURS = 12;

const key = (email: string): string => email.trim().toLowerCase();

/**
 * Seconds until this address may try again, or 0 when it may try now.
 * @example if (await lockedFor(db, email)) return tooManyAttempts();
 */
export async function lockedFor(db: Db, email: string): Promise<number> {
  const row = await db.one<{ seconds: number }>(
    'select ceil(extract(epoch from locked_until - now()))::int as seconds from sign_in_failures where email = $1 and locked_until > now()',
    [key(email)],
  );
  return row?.seconds ?? 0;
}

/**
 * Counts a failed sign-in in one statement (safe across processes); every FAILURE_FACTOR-th
 * consecutive failure locks the address for WAIT_INCREMENT_SECONDS times the round, at most
 * MAX_WAIT_SECONDS. Answers the seconds the address is now locked for (0: not locked).
 */
export async function recordFailure(db: Db, email: string): Promise<number> {
  const next = `case when f.last_failure < now() - make_interval(hours => $2) then 1 else f.failures + 1 end`;
  const row = await db.one<{ seconds: number | null }>(
    `insert into sign_in_failures as f (email, failures, last_failure) values ($1, 1, now())
     on conflict (email) do update set
       failures = ${next},
       last_failure = now(),
       locked_until = case when ${next} % $3::int = 0
                           then now() + make_interval(secs => least($4::int, $5::int * (${next} / $3::int)))
                           else f.locked_until end
     returning greatest(0, ceil(extract(epoch from f.locked_until - now())))::int as seconds`,
    [key(email), FAILURE_RESET_HOURS, FAILURE_FACTOR, MAX_WAIT_SECONDS, WAIT_INCREMENT_SECONDS],
  );
  return row?.seconds ?? 0;
}

/** A successful sign-in clears the count. */
export async function clearFailures(db: Db, email: string): Promise<void> {
  await db.query('delete from sign_in_failures where email = $1', [key(email)]);
}
