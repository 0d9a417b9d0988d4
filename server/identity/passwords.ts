import { randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { dictionary } from '@zxcvbn-ts/language-common';

interface ScryptParams {
  N: number;
  r: number;
  p: number;
  maxmem?: number;
}

const scrypt = promisify(scryptCb) as (password: string, salt: Buffer, keylen: number, options: ScryptParams) => Promise<Buffer>;
const KEYLEN = 32;

/**
 * scrypt cost as log2(N): 17 (N = 131072, r = 8, p = 1) is OWASP's current guidance and the
 * default; SCRYPT_LOG_N lowers it where speed matters more than strength (the test suite).
 */
function currentParams(env: NodeJS.ProcessEnv = process.env): ScryptParams {
  const logN = Number(env.SCRYPT_LOG_N ?? 17);
  return { N: 2 ** (Number.isInteger(logN) && logN >= 10 && logN <= 20 ? logN : 17), r: 8, p: 1 };
}

/** scrypt needs 128·N·r bytes; Node refuses above 32 MiB unless told. */
function withMemory(params: ScryptParams): ScryptParams {
  return { ...params, maxmem: 256 * params.N * params.r };
}

/** scrypt$N$r$p$salt$hash, all base64url. */
export async function hashPassword(password: string): Promise<string> {
  const params = currentParams();
  const salt = randomBytes(16);
  const hash = await scrypt(password, salt, KEYLEN, withMemory(params));
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

function parse(stored: string): { params: ScryptParams; salt: Buffer; hash: Buffer } | undefined {
  const [kind, n, r, p, salt, hash] = stored.split('$');
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  if (kind !== 'scrypt' || !salt || !hash || ![params.N, params.r, params.p].every((v) => Number.isInteger(v) && v > 0)) return undefined;
  if (params.N > 2 ** 20 || params.r > 32 || params.p > 16) return undefined;
  return { params, salt: Buffer.from(salt, 'base64url'), hash: Buffer.from(hash, 'base64url') };
}

export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const parsed = stored ? parse(stored) : undefined;
  if (!parsed) return false;
  const actual = await scrypt(password, parsed.salt, parsed.hash.length, withMemory(parsed.params));
  return actual.length === parsed.hash.length && timingSafeEqual(actual, parsed.hash);
}

/** Whether a stored hash is weaker than the current parameters (re-hash it at the next sign-in). */
export function needsRehash(stored: string | null | undefined): boolean {
  const parsed = stored ? parse(stored) : undefined;
  if (!parsed) return false;
  const target = currentParams();
  return parsed.params.N < target.N || parsed.params.r < target.r || parsed.params.p < target.p;
}

let dummy: Promise<string> | undefined;

/**
 * Spends the time of one real check when there is no hash to check against (unknown address,
 * invited account without a password), so timing does not tell the cases apart.
 */
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummy ??= hashPassword('not-a-password-of-anyone');
  await verifyPassword(password, await dummy);
  return false;
}

/** The fewest characters a password may have. */
export const MIN_PASSWORD_LENGTH = 8;

const common = new Set(dictionary['passwords-common'].map((word) => word.toLowerCase()));

/** Why a new password is refused (a message key), or undefined when it is acceptable. */
export function passwordProblem(password: string): 'PasswordTooShort' | 'PasswordTooCommon' | undefined {
  if ([...password].length < MIN_PASSWORD_LENGTH) return 'PasswordTooShort';
  if (common.has(password.toLowerCase())) return 'PasswordTooCommon';
  return undefined;
}
