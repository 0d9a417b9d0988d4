/**
 * Billmate's signed JSON (issue 32), for both ends: the payments area's client and the embedded test
 * mode. The hash is HMAC-SHA512 of the data's JSON with the merchant's secret; Billmate's PHP writes
 * that JSON with `\/` for `/` and non-ASCII as `\uXXXX`, so a hash is checked against that text and
 * against plain JSON.
 * @example
 * const json = phpJson(data);
 * const body = `{"credentials":{"id":"17614","hash":"${billmateHash(secret, json)}"},"data":${json},"function":"getPaymentinfo"}`;
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** JSON as PHP's json_encode writes it. */
export function phpJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/\//g, '\\/')
    .replace(/[\u0080-\uffff]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

export const billmateHash = (secret: string, json: string): string => createHmac('sha512', secret).update(json).digest('hex');

/** Whether `hash` is the secret's hash of `data`, as PHP or JavaScript wrote its JSON. */
export function billmateSigned(secret: string, data: unknown, hash: string): boolean {
  const given = Buffer.from(hash);
  return [phpJson(data), JSON.stringify(data)].some((json) => {
    const expected = Buffer.from(billmateHash(secret, json));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
}
