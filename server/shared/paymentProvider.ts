import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The card payment provider's shared secret and signature, as the provider's server-to-server
 * callback carries it. The provider here is the local sandbox (server/sandboxes/cardRegistration/); the secret
 * is PAYMENT_PROVIDER_SECRET, or one per process.
 */
const secret = process.env.PAYMENT_PROVIDER_SECRET ?? randomBytes(32).toString('hex');

/**
 * Signs a callback's Token|ProviderReference|AmountMinor.
 * @example signCallback('tok', 'ref-1', 0) // 'a3f…'
 */
export function signCallback(token: string, reference: string, amountMinor: number): string {
  return createHmac('sha256', secret).update(`${token}|${reference}|${amountMinor}`).digest('hex');
}

/** Whether a callback's signature is the provider's. */
export function verifyCallback(token: string, reference: string, amountMinor: number, signature: string): boolean {
  const expected = Buffer.from(signCallback(token, reference, amountMinor));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Where the sandbox provider serves its pages. */
export const SANDBOX_PATH = '/payment-sandbox';
