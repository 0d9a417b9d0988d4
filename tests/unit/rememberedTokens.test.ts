import { afterEach, describe, expect, it, vi } from 'vitest';
import { generateKeyPair, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import { rememberVerified } from '../../server/identity/verify';

/**
 * Remembered token checks are a kept answer like any other: over a seeded sequence of tokens (good,
 * expiring, expired, signed with another key, tampered) asked again and again while the clock moves,
 * the remembering verifier accepts exactly what a fresh jose verification accepts, with the same claims.
 */
describe('remembered token verification equals a fresh one', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('over 2,000 checks of 12 tokens while the clock moves past their expiries', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.UTC(2026, 10, 28, 12, 0, 0);
    vi.setSystemTime(start);
    const ours = await generateKeyPair('RS256');
    const theirs = await generateKeyPair('RS256');
    const now = Math.floor(start / 1000);
    const sign = (key: CryptoKey, claims: JWTPayload, exp: number) =>
      new SignJWT({ typ: 'Bearer', ...claims }).setProtectedHeader({ alg: 'RS256' }).setIssuer('https://idp.example').setAudience('api').setIssuedAt(now).setExpirationTime(exp).sign(key);
    const tokens: string[] = [];
    for (let i = 0; i < 8; i++) tokens.push(await sign(ours.privateKey, { sub: `user-${i}` }, now + 30 + i * 45));
    tokens.push(await sign(ours.privateKey, { sub: 'expired' }, now - 60));
    tokens.push(await sign(theirs.privateKey, { sub: 'forged' }, now + 3600));
    const good = tokens[0].split('.');
    tokens.push(`${good[0]}.${Buffer.from(JSON.stringify({ typ: 'Bearer', sub: 'admin', iss: 'https://idp.example', aud: 'api', exp: now + 3600 })).toString('base64url')}.${good[2]}`);
    tokens.push('not.a.token');

    const options = { issuer: 'https://idp.example', audience: 'api', algorithms: ['RS256'], clockTolerance: 5 };
    const fresh = (token: string) => jwtVerify(token, ours.publicKey, options).then((r) => r.payload);
    const remembered = rememberVerified(fresh);
    const outcome = (p: Promise<JWTPayload>) => p.then((claims) => JSON.stringify(claims), () => 'refused');

    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    let accepted = 0;
    let refused = 0;
    for (let i = 0; i < 2000; i++) {
      const token = tokens[Math.floor(random() * tokens.length)];
      if (random() < 0.1) vi.setSystemTime(Date.now() + Math.floor(random() * 4000));
      const [kept, computed] = await Promise.all([outcome(remembered(token)), outcome(fresh(token))]);
      expect(kept, `check ${i} at ${new Date().toISOString()} of ${token.slice(-12)}`).toBe(computed);
      if (computed === 'refused') refused++;
      else accepted++;
    }
    // The sequence runs past every good token's expiry: both answers occurred many times.
    expect(Date.now() / 1000).toBeGreaterThan(now + 30 + 7 * 45 + 5);
    expect(accepted).toBeGreaterThan(200);
    expect(refused).toBeGreaterThan(200);
  });
});
