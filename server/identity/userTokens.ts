import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/db';

export type UserTokenPurpose = 'reset_password' | 'delete_account' | 'verify_email';

const LIFETIME_SECONDS: Record<UserTokenPurpose, number> = {
  reset_password: 60 * 60,
  delete_account: 24 * 60 * 60,
  verify_email: 24 * 60 * 60,
};

function hash(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/**
 * Issues a one-time token for a mailed link; only its hash is stored. Earlier unused tokens of the
 * same purpose stop working.
 * @example
 * const token = await issueUserToken(db, { companyId, userId, purpose: 'reset_password' });
 */
export async function issueUserToken(db: Db, input: { companyId: number; userId: number; purpose: UserTokenPurpose }): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.tx(async (tx) => {
    await tx.query(
      `update user_tokens set used_at = now()
        where company_id = $1 and user_id = $2 and purpose = $3 and used_at is null`,
      [input.companyId, input.userId, input.purpose],
    );
    await tx.query(
      `insert into user_tokens (company_id, user_id, purpose, token_hash, expires_at)
       values ($1, $2, $3, $4, now() + make_interval(secs => $5))`,
      [input.companyId, input.userId, input.purpose, hash(token), LIFETIME_SECONDS[input.purpose]],
    );
  });
  return token;
}

export interface UserTokenOwner {
  tokenId: number;
  companyId: number;
  userId: number;
}

/** The owner of a valid (unused, unexpired) token, without using it up. */
export async function peekUserToken(db: Db, token: string, purpose: UserTokenPurpose): Promise<UserTokenOwner | undefined> {
  const row = await db.one<{ id: number; company_id: number; user_id: number }>(
    `select id, company_id, user_id from user_tokens
      where token_hash = $1 and purpose = $2 and used_at is null and expires_at > now()`,
    [hash(token), purpose],
  );
  return row ? { tokenId: Number(row.id), companyId: row.company_id, userId: row.user_id } : undefined;
}

/** Uses a token up (inside the caller's transaction); undefined when it was not valid. */
export async function consumeUserToken(db: Db, token: string, purpose: UserTokenPurpose): Promise<UserTokenOwner | undefined> {
  const row = await db.one<{ id: number; company_id: number; user_id: number }>(
    `update user_tokens set used_at = now()
      where token_hash = $1 and purpose = $2 and used_at is null and expires_at > now()
      returning id, company_id, user_id`,
    [hash(token), purpose],
  );
  return row ? { tokenId: Number(row.id), companyId: row.company_id, userId: row.user_id } : undefined;
}

/** Makes every unused token of `purpose` of one user unusable (e.g. reset links once the password changed). */
export async function voidUserTokens(db: Db, user: { id: number; companyId: number }, purpose: UserTokenPurpose): Promise<void> {
  await db.query('update user_tokens set used_at = now() where company_id = $1 and user_id = $2 and purpose = $3 and used_at is null', [
    user.companyId,
    user.id,
    purpose,
  ]);
}
