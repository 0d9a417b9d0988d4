import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { calculateJwkThumbprint, exportJWK, importJWK, type CryptoKey, type JWK } from 'jose';
import type { Db } from '../db/db';

export interface IdentityKeys {
  /** Private signing JWK (RS256) with kid, handed to oidc-provider. */
  signingJwk: JWK & { kid: string; alg: string };
  /** The same key's public half, for verifying tokens and /certs. */
  publicJwk: JWK & { kid: string; alg: string };
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  /** Secrets that sign the provider's cookies. */
  cookieKeys: string[];
}

/** Stores value under name unless another process did so first; answers what is stored. */
async function storedOnce<T>(db: Db, name: string, create: () => Promise<T>): Promise<T> {
  const existing = await db.one<{ value: T }>('select value from identity_secrets where name = $1', [name]);
  if (existing) return existing.value;
  const candidate = await create();
  await db.query('insert into identity_secrets (name, value) values ($1, $2) on conflict (name) do nothing', [
    name,
    candidate as unknown as Record<string, unknown>,
  ]);
  const stored = await db.one<{ value: T }>('select value from identity_secrets where name = $1', [name]);
  return stored!.value;
}

/**
 * The provider's signing key and cookie secrets: generated on first start, then read from the
 * database, so tokens and sessions survive restarts and are shared by every process.
 * @example
 * const keys = await loadIdentityKeys(db);
 * new Provider(issuer, { jwks: { keys: [keys.signingJwk] }, cookies: { keys: keys.cookieKeys } });
 */
export async function loadIdentityKeys(db: Db): Promise<IdentityKeys> {
  const signingJwk = await storedOnce(db, 'signing_jwk', async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const jwk = await exportJWK(privateKey);
    return { ...jwk, kid: await calculateJwkThumbprint(jwk), alg: 'RS256', use: 'sig' };
  });
  const { cookieKeys } = await storedOnce(db, 'cookie_keys', async () => ({
    cookieKeys: [randomBytes(32).toString('base64url')],
  }));
  const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...publicJwk } = signingJwk;
  return {
    signingJwk: signingJwk as IdentityKeys['signingJwk'],
    publicJwk: publicJwk as IdentityKeys['publicJwk'],
    privateKey: (await importJWK(signingJwk, 'RS256')) as CryptoKey,
    publicKey: (await importJWK(publicJwk, 'RS256')) as CryptoKey,
    cookieKeys,
  };
}
