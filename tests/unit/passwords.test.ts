import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../server/db/db';

vi.mock('../../server/identity/passwords', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../server/identity/passwords')>();
  return { ...real, verifyPassword: vi.fn(real.verifyPassword), verifyAgainstNothing: vi.fn(real.verifyAgainstNothing) };
});

const passwords = await import('../../server/identity/passwords');
const { authenticate } = await import('../../server/identity/accounts');

const saved = process.env.SCRYPT_LOG_N;
afterEach(() => {
  if (saved === undefined) delete process.env.SCRYPT_LOG_N;
  else process.env.SCRYPT_LOG_N = saved;
  vi.clearAllMocks();
});

describe('password hashes', () => {
  it('use scrypt at N = 2^17, r = 8, p = 1 by default (OWASP guidance)', async () => {
    delete process.env.SCRYPT_LOG_N;
    const hash = await passwords.hashPassword('a-Long-enough-pass');
    expect(hash.split('$').slice(0, 4)).toEqual(['scrypt', '131072', '8', '1']);
    expect(await passwords.verifyPassword('a-Long-enough-pass', hash)).toBe(true);
    expect(passwords.needsRehash(hash)).toBe(false);
    expect(passwords.needsRehash('scrypt$16384$8$1$c2FsdA$aGFzaA')).toBe(true);
  });

  it('refuses short and commonly used passwords (the zxcvbn common-password list)', () => {
    expect(passwords.passwordProblem('short1')).toBe('PasswordTooShort');
    expect(passwords.passwordProblem('12345678')).toBe('PasswordTooCommon');
    expect(passwords.passwordProblem('PASSWORD')).toBe('PasswordTooCommon');
    expect(passwords.passwordProblem('Blue-Heron-Tuesday')).toBeUndefined();
  });
});

describe('sign-in of an invited account (no password yet)', () => {
  it('spends one hash check like any other account, so timing does not tell it apart', async () => {
    process.env.SCRYPT_LOG_N = '10';
    const invited = { id: 1, company_id: 1, subject: 's', email: 'i@example.com', firstname: '', lastname: '', email_verified: false, active: true, password_hash: null, roles: [] };
    const answers = [{ seconds: null }, invited, { seconds: 0 }, { seconds: 0 }];
    const db = { one: async () => answers.shift(), query: async () => [] } as unknown as Db;
    const result = await authenticate(db, { email: 'i@example.com', client: '192.0.2.1' }, 'guess');
    expect(result).toEqual({ refused: 'invalid' });
    expect(passwords.verifyAgainstNothing).toHaveBeenCalledTimes(1);
  });
});
