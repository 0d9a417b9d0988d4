import type { Db } from '../db/db';

/** Consecutive failures that lock an address for one client (Keycloak: Max Login Failures). */
export const FAILURE_FACTOR = 10;
/** Consecutive failures, over any addresses, that lock one client. */
export const CLIENT_FAILURE_FACTOR = 30;
/** The first lockout; each further round of failures adds as much (Wait Increment). */
export const WAIT_INCREMENT_SECONDS = 60;
/** The longest lockout (Max Wait). */
export const MAX_WAIT_SECONDS = 15 * 60;
/** Failures older than this are forgotten (Failure Reset Time). */
export const FAILURE_RESET_HOURS = 12;

const address = (email: string): string => email.trim().toLowerCase();

/**
 * Who is trying: the address and the client (its IP address). Failures are counted for the pair,
 * so a stranger failing on purpose locks out only themselves, never the owner of the address on
 * another client; and for the client over all addresses, so one client cannot guess widely.
 */
export interface SignInAttempt {
  email: string;
  client: string;
}

const pairKey = ({ email, client }: SignInAttempt): string => `acct:${address(email)}|${client}`;
const clientKey = ({ client }: SignInAttempt): string => `client:${client}`;

/**
 * Seconds until this client may try this address again, or 0 when it may try now.
 * @example if (await lockedFor(db, { email, client: request.ip })) return tooManyAttempts();
 */
export async function lockedFor(db: Db, attempt: SignInAttempt): Promise<number> {
  const row = await db.one<{ seconds: number | null }>(
    `select max(ceil(extract(epoch from locked_until - now())))::int as seconds
       from sign_in_failures where key = any($1::text[]) and locked_until > now()`,
    [[pairKey(attempt), clientKey(attempt)]],
  );
  return row?.seconds ?? 0;
}

async function count(db: Db, key: string, factor: number): Promise<number> {
  const next = `case when f.last_failure < now() - make_interval(hours => $2) then 1 else f.failures + 1 end`;
  const row = await db.one<{ seconds: number | null }>(
    `insert into sign_in_failures as f (key, failures, last_failure) values ($1, 1, now())
     on conflict (key) do update set
       failures = ${next},
       last_failure = now(),
       locked_until = case when ${next} % $3::int = 0
                           then now() + make_interval(secs => least($4::int, $5::int * (${next} / $3::int)))
                           else f.locked_until end
     returning greatest(0, ceil(extract(epoch from f.locked_until - now())))::int as seconds`,
    [key, FAILURE_RESET_HOURS, factor, MAX_WAIT_SECONDS, WAIT_INCREMENT_SECONDS],
  );
  return row?.seconds ?? 0;
}

/**
 * Counts a failed sign-in (one statement per counter, safe across processes); every
 * FAILURE_FACTOR-th consecutive failure of the pair (CLIENT_FAILURE_FACTOR-th of the client) locks
 * it for WAIT_INCREMENT_SECONDS times the round, at most MAX_WAIT_SECONDS. Answers the seconds the
 * attempt is now locked for (0: not locked).
 */
export async function recordFailure(db: Db, attempt: SignInAttempt): Promise<number> {
  const pair = await count(db, pairKey(attempt), FAILURE_FACTOR);
  const client = await count(db, clientKey(attempt), CLIENT_FAILURE_FACTOR);
  return Math.max(pair, client);
}

/** A successful sign-in clears the pair's count (the client's own count stays). */
export async function clearFailures(db: Db, attempt: SignInAttempt): Promise<void> {
  await db.query('delete from sign_in_failures where key = $1', [pairKey(attempt)]);
}

/** A password reset lifts the address's lockouts on every client. */
export async function clearAddressFailures(db: Db, email: string): Promise<void> {
  await db.query('delete from sign_in_failures where starts_with(key, $1)', [`acct:${address(email)}|`]);
}
