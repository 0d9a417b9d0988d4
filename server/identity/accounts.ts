import type { Account } from 'oidc-provider';
import type { Db } from '../db/db';
import { hashPassword, needsRehash, verifyAgainstNothing, verifyPassword } from './passwords';
import { clearFailures, lockOf, recordFailure, type LockReason, type SignInAttempt } from './bruteForce';

/** An administrator as the identity provider sees them (users table). */
export interface IdentityUser {
  id: number;
  companyId: number;
  /** The company's name (the sign-in chooser and mails name it). */
  companyName: string;
  subject: string;
  email: string;
  firstname: string;
  lastname: string;
  emailVerified: boolean;
  active: boolean;
  roles: string[];
}

interface UserRow {
  id: number;
  company_id: number;
  company_name: string;
  subject: string;
  email: string;
  firstname: string;
  lastname: string;
  email_verified: boolean;
  active: boolean;
  password_hash: string | null;
  roles: string[] | null;
}

const SELECT_USER = `
  select u.id, u.company_id, c.name as company_name, u.subject, u.email, u.firstname, u.lastname, u.email_verified, u.active, u.password_hash,
         (select array_agg(lower(r.name) order by r.id) from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = u.id) as roles
    from users u join companies c on c.id = u.company_id`;

function toUser(row: UserRow): IdentityUser {
  return {
    id: row.id,
    companyId: row.company_id,
    companyName: row.company_name,
    subject: row.subject,
    email: row.email,
    firstname: row.firstname,
    lastname: row.lastname,
    emailVerified: row.email_verified,
    active: row.active,
    roles: row.roles ?? [],
  };
}

export async function findUserBySubject(db: Db, subject: string): Promise<IdentityUser | undefined> {
  const row = await db.one<UserRow>(`${SELECT_USER} where u.subject = $1`, [subject]);
  return row ? toUser(row) : undefined;
}

export async function findUserById(db: Db, companyId: number, id: number): Promise<IdentityUser | undefined> {
  const row = await db.one<UserRow>(`${SELECT_USER} where u.company_id = $1 and u.id = $2`, [companyId, id]);
  return row ? toUser(row) : undefined;
}

/** The accounts of an e-mail address, one per company, oldest first. */
export async function findUsersByEmail(db: Db, email: string): Promise<IdentityUser[]> {
  const rows = await db.query<UserRow>(`${SELECT_USER} where lower(u.email) = lower($1) order by u.id`, [email.trim()]);
  return rows.map(toUser);
}

/**
 * What a sign-in attempt came to: the accounts the password opens (one per company, oldest first;
 * `user` is the first), wrong credentials, or an address locked for a while.
 */
export type SignInResult =
  | { user: IdentityUser; accounts: IdentityUser[] }
  | { refused: 'invalid' }
  | { refused: 'locked'; retryAfterSeconds: number; reason: LockReason };

/** The rows whose password is `password`, verifying each distinct hash once (one hash when there is none). */
async function rowsOpenedBy(rows: UserRow[], password: string): Promise<UserRow[]> {
  const hashes = [...new Set(rows.filter((r) => r.password_hash).map((r) => r.password_hash!))];
  if (!hashes.length) {
    await verifyAgainstNothing(password);
    return [];
  }
  const matching = new Set<string>();
  for (const hash of hashes) if (await verifyPassword(password, hash)) matching.add(hash);
  return rows.filter((r) => r.active && r.password_hash && matching.has(r.password_hash));
}

/**
 * Checks an e-mail and password, with brute-force detection per address, client network, address
 * over all networks and known device (./bruteForce): a locked attempt is refused without looking at
 * the password, saying what locks it; a failure is counted; success clears the pair's count and
 * re-hashes a password stored with weaker parameters. Unknown addresses,
 * invited accounts without a password and inactive accounts take the same time and answer the same.
 * An address may have an account in several companies, each with its own password: the attempt
 * opens those whose password it is.
 * @example
 * const result = await authenticate(db, { email: 'demo@example.com', client: request.ip }, 'demo');
 * if ('user' in result) signIn(result.user);
 */
export async function authenticate(db: Db, attempt: SignInAttempt, password: string): Promise<SignInResult> {
  const lock = await lockOf(db, attempt);
  if (lock) return { refused: 'locked', retryAfterSeconds: lock.seconds, reason: lock.reason };
  const rows = await db.query<UserRow>(`${SELECT_USER} where lower(u.email) = lower($1) order by u.id`, [attempt.email.trim()]);
  const opened = await rowsOpenedBy(rows, password);
  if (!opened.length) {
    if (!(await recordFailure(db, attempt))) return { refused: 'invalid' };
    const now = await lockOf(db, attempt);
    return now ? { refused: 'locked', retryAfterSeconds: now.seconds, reason: now.reason } : { refused: 'invalid' };
  }
  await clearFailures(db, attempt);
  for (const row of opened) {
    if (needsRehash(row.password_hash)) {
      await db.query('update users set password_hash = $1 where id = $2 and password_hash = $3', [await hashPassword(password), row.id, row.password_hash]);
    }
  }
  const accounts = opened.map(toUser);
  return { user: accounts[0], accounts };
}

/** OpenID claims of an administrator; Keycloak's names. */
export function userClaims(user: IdentityUser): Record<string, unknown> {
  const name = `${user.firstname} ${user.lastname}`.trim();
  return {
    sub: user.subject,
    email: user.email,
    email_verified: user.emailVerified,
    name: name || user.email,
    given_name: user.firstname,
    family_name: user.lastname,
    preferred_username: user.email.toLowerCase(),
  };
}

/** The session id a token carries: its own sid, else the provider session's uid (browser sign-ins). */
export function sessionIdOf(token: { sid?: string; sessionUid?: string } | undefined): string | undefined {
  return token?.sid ?? token?.sessionUid;
}

/**
 * oidc-provider's findAccount: accounts are the users table, found by subject. The claims carry the
 * session id of the token being issued, so ID tokens have Keycloak's `sid`.
 */
export function accountFinder(db: Db): (ctx: unknown, sub: string, token?: { sid?: string; sessionUid?: string }) => Promise<Account | undefined> {
  return async (_ctx, sub, token) => {
    const user = await findUserBySubject(db, sub);
    if (!user || !user.active) return undefined;
    const sid = sessionIdOf(token);
    return {
      accountId: user.subject,
      claims: () => ({ ...userClaims(user), sub: user.subject, ...(sid ? { sid } : {}) }),
    };
  };
}
