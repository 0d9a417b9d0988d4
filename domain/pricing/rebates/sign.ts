import type { FieldProblem } from '../errors';

/** A sign must be longer than this. */
export const SIGN_MIN_EXCLUSIVE = 4;
export const SIGN_MAX_LENGTH = 50;

/** Letters (any alphabet, so ÅÄÖ work), digits and dash. */
const SIGN_PATTERN = /^[\p{L}0-9-]+$/u;

/** Generated signs avoid characters that are easy to mistake for each other: 0/O, 1/I/L. */
export const SIGN_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export type SignProblemCode = 'SignTooShort' | 'SignTooLong' | 'SignInvalidCharacters';

/**
 * The form a sign is stored, shown and compared in: trimmed, NFC, upper case. Uniqueness among active
 * codes compares these (the API checks it), so 'summer25' and 'SUMMER25' are the same code.
 * @example
 * normaliseSign('  Sommar25 ') // 'SOMMAR25'
 */
export function normaliseSign(sign: string): string {
  return sign.trim().normalize('NFC').toUpperCase();
}

/**
 * Problems of a sign: more than four characters, at most 50, only letters, digits and dash.
 * @example
 * validateSign('ABCD') // [{ field: 'RebateCodeSign', code: 'SignTooShort', params: { limit: 4 } }]
 */
export function validateSign(sign: string, field = 'RebateCodeSign'): FieldProblem<SignProblemCode>[] {
  const normal = normaliseSign(sign);
  const length = [...normal].length;
  if (length <= SIGN_MIN_EXCLUSIVE) return [{ field, code: 'SignTooShort', params: { limit: SIGN_MIN_EXCLUSIVE } }];
  if (length > SIGN_MAX_LENGTH) return [{ field, code: 'SignTooLong', params: { limit: SIGN_MAX_LENGTH } }];
  if (!SIGN_PATTERN.test(normal)) return [{ field, code: 'SignInvalidCharacters', params: {} }];
  return [];
}

/**
 * A uniform random integer in [0, max) from the Web Crypto API (the browser's and Node's), by
 * rejection so that no value is likelier than another.
 */
function cryptoRandomInt(max: number): number {
  const limit = Math.floor(0x1_0000_0000 / max) * max;
  const word = new Uint32Array(1);
  do globalThis.crypto.getRandomValues(word);
  while (word[0]! >= limit);
  return word[0]! % max;
}

/**
 * A new random sign from SIGN_ALPHABET (31 characters, so 8 characters give about 8.5 × 10¹¹ signs),
 * drawn with the Web Crypto API, so the admin and the API make them the same way. The caller retries when it happens to be taken.
 * @example
 * generateSign() // e.g. 'K7QWM3PZ'
 * generateSign({ length: 10, prefix: 'GIFT-' }) // e.g. 'GIFT-8HXR2NDQVA'
 */
export function generateSign(options: { length?: number; prefix?: string; randomInt?: (max: number) => number } = {}): string {
  const { length = 8, prefix = '', randomInt = cryptoRandomInt } = options;
  let sign = normaliseSign(prefix);
  for (let i = 0; i < length; i += 1) sign += SIGN_ALPHABET[randomInt(SIGN_ALPHABET.length)];
  return sign;
}
