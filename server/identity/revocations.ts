import type { Db } from '../db/db';
import { revocationKeys, revokedSql } from '../shared/tokenRevocation';

/**
 * How long a revocation row is needed: access tokens live 300 s (embedded provider; Keycloak's
 * default is the same) plus the verifier's clock tolerance. Kept generously at 15 minutes so a
 * real Keycloak with longer access tokens is covered too.
 */
const KEEP_SECONDS = 15 * 60;

/** What the API knows of a verified access token that revocation is keyed by. */
export interface TokenIdentity {
  sub: string;
  sid?: string;
  jti?: string;
  /** Issued at, seconds since the epoch. */
  iat?: number;
}

async function revoke(db: Db, key: string): Promise<void> {
  await db.query(
    `insert into token_revocations (key, revoked_at, expires_at)
     values ($1, now(), now() + make_interval(secs => $2))
     on conflict (key) do update set revoked_at = now(), expires_at = excluded.expires_at`,
    [key, KEEP_SECONDS],
  );
}

/** Ends the access tokens of one sign-in (logout, revoked refresh token): every token of `sid` issued until now. */
export async function revokeSessionTokens(db: Db, sid: string): Promise<void> {
  await revoke(db, `sid:${sid}`);
}

/** Ends one access token (RFC 7009 revocation of an access token). */
export async function revokeTokenId(db: Db, jti: string): Promise<void> {
  await revoke(db, `jti:${jti}`);
}

/**
 * Ends every session of an account at once, in every process: its provider sessions, grants and
 * refresh tokens are deleted, and the access tokens of each of those sessions stop opening the API.
 * The session `exceptSid` (the caller that changed its own password) keeps going.
 * @example
 * await endAllSessions(tx, user.subject, request.ctx.sessionId ?? undefined);
 */
export async function endAllSessions(db: Db, subject: string, exceptSid?: string): Promise<void> {
  const kept = exceptSid ?? '';
  const ended = await db.query<{ sid: string }>(
    `with grants as (
       select id from oidc_payloads where type = 'Grant' and payload ->> 'accountId' = $1
     ), rows as (
       select type, id, grant_id, coalesce(payload ->> 'sid', payload ->> 'sessionUid') as sid
         from oidc_payloads where grant_id in (select id from grants)
       union all
       select type, id, null, payload ->> 'uid' from oidc_payloads where type = 'Session' and payload ->> 'accountId' = $1
     ), kept as (
       select distinct grant_id from rows where $2 <> '' and sid = $2 and grant_id is not null
     ), gone as (
       -- runs to completion whether or not the select below reads it (PostgreSQL's data-modifying WITH)
       delete from oidc_payloads o
        where ((o.grant_id in (select id from grants) and o.grant_id not in (select grant_id from kept))
            or (o.type = 'Grant' and o.id in (select id from grants) and o.id not in (select grant_id from kept))
            or (o.type = 'Session' and o.payload ->> 'accountId' = $1 and o.payload ->> 'uid' is distinct from $2))
     )
     select distinct sid from rows where sid is not null and sid <> $2`,
    [subject, kept],
  );
  for (const { sid } of ended) await revokeSessionTokens(db, sid);
}

/**
 * Whether an access token has been revoked: its session ended or the token itself was revoked.
 * One statement on the primary key, run on every API request.
 */
export async function tokenRevoked(db: Db, token: TokenIdentity): Promise<boolean> {
  const keys = revocationKeys(token);
  if (!keys.length) return false;
  const row = await db.one<{ revoked: boolean }>(`select ${revokedSql('$1', '$2')} as revoked`, [keys, token.iat ?? 0]);
  return row?.revoked === true;
}

export async function purgeRevocations(db: Db): Promise<void> {
  await db.query('delete from token_revocations where expires_at < now()');
}
