import { sessionIdOf } from './accounts';
import type { EmbeddedProvider } from './provider';
import { revokeSessionTokens } from './revocations';

/**
 * Ends the sign-in a refresh token belongs to: its grant with every token issued under it, for
 * browser sign-ins the provider session, and the access tokens of the session. Returns false when the token is unknown or does not match
 * the expected client or account (nothing is changed then).
 * @example
 * await endSessionByRefreshToken(embedded, body.RefreshToken, { accountId: request.ctx.subject });
 */
export async function endSessionByRefreshToken(
  { provider, refreshTokens, db }: EmbeddedProvider,
  token: string,
  expected: { clientId?: string; accountId?: string } = {},
): Promise<boolean> {
  const id = await refreshTokens.unwrap(token);
  const refreshToken = id ? await provider.RefreshToken.find(id, { ignoreExpiration: true }) : undefined;
  if (!refreshToken) return false;
  if (expected.clientId && refreshToken.clientId !== expected.clientId) return false;
  if (expected.accountId && refreshToken.accountId !== expected.accountId) return false;
  if (refreshToken.grantId) {
    const grant = await provider.Grant.find(refreshToken.grantId);
    await grant?.destroy();
    await provider.RefreshToken.adapter.revokeByGrantId(refreshToken.grantId);
  }
  if (refreshToken.sessionUid) {
    const session = await provider.Session.findByUid(refreshToken.sessionUid);
    await session?.destroy();
  }
  await refreshToken.destroy();
  // The session's access tokens stop opening the API at once, in every process.
  const sid = sessionIdOf(refreshToken);
  if (sid) await revokeSessionTokens(db, sid);
  return true;
}
