/**
 * When a token counts as revoked (logout, password change, an ended session): its own id (`jti`)
 * was revoked, or its session (`sid`) was revoked at or after the token was issued. One definition
 * for the identity provider's userinfo and for every API request, which reads it in the same
 * statement as the caller.
 */

/** The token_revocations keys a token can be revoked under. */
export function revocationKeys(token: { sid?: string; jti?: string }): string[] {
  const keys: string[] = [];
  if (token.sid) keys.push(`sid:${token.sid}`);
  if (token.jti) keys.push(`jti:${token.jti}`);
  return keys;
}

/**
 * A boolean SQL expression: the token with the keys in parameter `keys` (text[]) and issued at
 * parameter `issuedAt` (seconds since the epoch) is revoked.
 * @example db.one(`select ${revokedSql('$1', '$2')} as revoked`, [revocationKeys(token), token.iat ?? 0])
 */
export const revokedSql = (keys: string, issuedAt: string): string =>
  `exists (select 1 from token_revocations
            where key = any(${keys}::text[]) and expires_at > now()
              and (key like 'jti:%' or revoked_at >= to_timestamp(${issuedAt})))`;
