import type { Db } from '../db/db';

/** Consecutive failures that lock an address for one client network (Keycloak: Max Login Failures). */
export const FAILURE_FACTOR = 10;
/** Distinct addresses one client network may fail on before it is locked (password spraying). */
export const CLIENT_FAILURE_FACTOR = 30;
/**
 * Failures on one address over all client networks, each network counting at most FAILURE_FACTOR,
 * that lock the address for devices it has not signed in on: so one network alone never reaches it.
 */
export const ACCOUNT_FAILURE_FACTOR = 30;
/** Consecutive failures that lock a known device (device cookie) for its own account. */
export const DEVICE_FAILURE_FACTOR = 10;
/** The first lockout; each further round of failures adds as much (Wait Increment). */
export const WAIT_INCREMENT_SECONDS = 60;
/** The longest lockout (Max Wait). */
export const MAX_WAIT_SECONDS = 15 * 60;
/** Failures older than this are forgotten (Failure Reset Time). */
export const FAILURE_RESET_HOURS = 12;

const address = (email: string): string => email.trim().toLowerCase();

/** The eight groups of an IPv6 address, or undefined when it is not one. */
function ipv6Groups(ip: string): number[] | undefined {
  const halves = ip.split('::');
  if (halves.length > 2) return undefined;
  const parse = (part: string): number[] | undefined => {
    if (part === '') return [];
    const groups: number[] = [];
    for (const group of part.split(':')) {
      if (!/^[0-9a-f]{1,4}$/i.test(group)) return undefined;
      groups.push(parseInt(group, 16));
    }
    return groups;
  };
  const head = parse(halves[0]);
  const tail = halves.length === 2 ? parse(halves[1]) : [];
  if (!head || !tail) return undefined;
  if (halves.length === 1) return head.length === 8 ? head : undefined;
  const missing = 8 - head.length - tail.length;
  return missing >= 1 ? [...head, ...new Array<number>(missing).fill(0), ...tail] : undefined;
}

/**
 * The network a client address is counted as: an IPv4 address itself (also when IPv4-mapped), an
 * IPv6 address its /64 (one subscriber's prefix, which a client can roam freely).
 * @example clientNetwork('2001:db8:1:2:aaaa::1') // '2001:db8:1:2::/64'
 */
export function clientNetwork(ip: string): string {
  const bare = ip.trim().toLowerCase().replace(/^\[|\]$/g, '').split('%')[0];
  const mapped = /^(?:0{0,4}:){0,5}ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(bare.replace(/^::/, ''));
  if (mapped) return mapped[1];
  if (!bare.includes(':')) return bare;
  const groups = ipv6Groups(bare);
  if (!groups) return bare;
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/**
 * Who is trying: the address, the client (its IP address, as TRUST_PROXY lets the server know it)
 * and, when the request carries a valid device cookie naming this address (./devices), that
 * device. Failures are counted for the pair (address, client network), so a stranger failing on
 * purpose locks out only their own network; for the client network over distinct addresses, so one
 * network cannot spray widely; and for the address over all networks (each counting at most
 * FAILURE_FACTOR), which slows an attack from many networks. A known device is counted on its own
 * and is exempt from those three locks for its account.
 */
export interface SignInAttempt {
  email: string;
  client: string;
  /** The id of a device that has signed in to this address before (its signed cookie). */
  device?: string;
}

/** What locks an attempt: `account` (this address, from this network or from many; a password reset lifts it), `network` (the client's network, spraying; only time lifts it), `device` (a known device's own failures; a reset lifts it). */
export type LockReason = 'account' | 'network' | 'device';

export interface Lock {
  seconds: number;
  reason: LockReason;
}

const pairKey = ({ email, client }: SignInAttempt): string => `acct:${address(email)}|${clientNetwork(client)}`;
const clientKey = ({ client }: SignInAttempt): string => `client:${clientNetwork(client)}`;
const accountKey = ({ email }: Pick<SignInAttempt, 'email'>): string => `account:${address(email)}`;
const deviceKey = ({ email, device }: SignInAttempt): string => `device:${address(email)}|${device}`;

/** The counters that may lock this attempt: a known device only its own. */
const keysOf = (attempt: SignInAttempt): string[] => (attempt.device ? [deviceKey(attempt)] : [pairKey(attempt), clientKey(attempt), accountKey(attempt)]);

const reasonOf = (key: string): LockReason => (key.startsWith('client:') ? 'network' : key.startsWith('device:') ? 'device' : 'account');

/**
 * The longest lock on this attempt, with what locks it, or undefined when it may try now.
 * @example const lock = await lockOf(db, { email, client: request.ip, device });
 */
export async function lockOf(db: Db, attempt: SignInAttempt): Promise<Lock | undefined> {
  const row = await db.one<{ key: string; seconds: number }>(
    `select key, ceil(extract(epoch from locked_until - now()))::int as seconds
       from sign_in_failures where key = any($1::text[]) and locked_until > now()
      order by locked_until desc limit 1`,
    [keysOf(attempt)],
  );
  return row && row.seconds > 0 ? { seconds: row.seconds, reason: reasonOf(row.key) } : undefined;
}

/**
 * Seconds until this client may try this address again, or 0 when it may try now.
 * @example if (await lockedFor(db, { email, client: request.ip })) return tooManyAttempts();
 */
export async function lockedFor(db: Db, attempt: SignInAttempt): Promise<number> {
  return (await lockOf(db, attempt))?.seconds ?? 0;
}

/** Counts one failure on `key`; every `factor`-th in a row locks it one WAIT_INCREMENT more (at most MAX_WAIT). */
async function count(db: Db, key: string, factor: number): Promise<{ failures: number; seconds: number }> {
  const next = `case when f.last_failure < now() - make_interval(hours => $2) then 1 else f.failures + 1 end`;
  const row = await db.one<{ failures: number; seconds: number | null }>(
    `insert into sign_in_failures as f (key, failures, last_failure, locked_until)
     values ($1, 1, now(), null)
     on conflict (key) do update set
       failures = ${next},
       last_failure = now(),
       locked_until = case when ${next} % $3::int = 0
                           then now() + make_interval(secs => least($4::int, $5::int * (${next} / $3::int)))
                           else f.locked_until end
     returning f.failures, greatest(0, ceil(extract(epoch from f.locked_until - now())))::int as seconds`,
    [key, FAILURE_RESET_HOURS, factor, MAX_WAIT_SECONDS, WAIT_INCREMENT_SECONDS],
  );
  return { failures: row?.failures ?? 1, seconds: row?.seconds ?? 0 };
}

/**
 * Counts a failed sign-in (one statement per counter, safe across processes) and answers the
 * seconds the attempt is now locked for (0: not locked). A known device counts on its own key.
 * Otherwise the pair counts every failure; the client network counts an address once (its first
 * failure from there); the address counts a network's first FAILURE_FACTOR failures.
 */
export async function recordFailure(db: Db, attempt: SignInAttempt): Promise<number> {
  if (attempt.device) return (await count(db, deviceKey(attempt), DEVICE_FAILURE_FACTOR)).seconds;
  const pair = await count(db, pairKey(attempt), FAILURE_FACTOR);
  const client = pair.failures === 1 ? await count(db, clientKey(attempt), CLIENT_FAILURE_FACTOR) : { seconds: 0 };
  const account = pair.failures <= FAILURE_FACTOR ? await count(db, accountKey(attempt), ACCOUNT_FAILURE_FACTOR) : { seconds: 0 };
  return Math.max(pair.seconds, client.seconds, account.seconds);
}

/**
 * A successful sign-in clears the pair's count and takes this address out of the client network's
 * count (the network's failures on other addresses stay). From a known device, which those locks do
 * not stop, it clears the device's own count only: the network it shares may hold the attacker,
 * whose lock stays. The address's count over all networks stays: only a password reset or time
 * lifts it.
 */
export async function clearFailures(db: Db, attempt: SignInAttempt): Promise<void> {
  if (attempt.device) {
    await db.query('delete from sign_in_failures where key = $1', [deviceKey(attempt)]);
    return;
  }
  const removed = await db.one<{ key: string }>('delete from sign_in_failures where key = $1 returning key', [pairKey(attempt)]);
  if (removed) await db.query('update sign_in_failures set failures = greatest(0, failures - 1) where key = $1', [clientKey(attempt)]);
}

/** A password reset lifts the address's locks: on every network, over all networks and on its known devices. */
export async function clearAddressFailures(db: Db, email: string): Promise<void> {
  const a = address(email);
  await db.query('delete from sign_in_failures where starts_with(key, $1) or starts_with(key, $2) or key = $3', [`acct:${a}|`, `device:${a}|`, `account:${a}`]);
}
