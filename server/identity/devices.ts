import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** How long a device stays known after its last successful sign-in. */
export const DEVICE_COOKIE_DAYS = 365;
const PREFIX = 'KC_DEVICE_';

/** A known device: the address it has signed in to and its own id. */
export interface KnownDevice {
  email: string;
  id: string;
}

const address = (email: string): string => email.trim().toLowerCase();
/** One cookie per address, so a device can be known to several accounts. */
const cookieName = (email: string): string => `${PREFIX}${createHash('sha256').update(address(email)).digest('base64url').slice(0, 16)}`;

function cookiesOf(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0) cookies.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim());
  }
  return cookies;
}

/**
 * Device cookies: after a successful sign-in the browser (or a script keeping cookies) gets a
 * long-lived cookie naming the address, signed with the server's key (HMAC-SHA256), HttpOnly,
 * SameSite=Lax, Secure when the server is reached by https, sent only to the realm's paths. A
 * sign-in that carries a valid one for its address is exempt from the locks strangers can cause
 * (./bruteForce), as Keycloak's and Auth0's known devices are.
 * @example
 * const devices = deviceCookies(secret, { secure: true, path: '/realms/booking-admin' });
 * const device = devices.read(request.headers.cookie, email); // id or undefined
 * reply.header('set-cookie', devices.issue(email, device));
 */
export function deviceCookies(secret: string, options: { secure: boolean; path: string }) {
  const sign = (payload: string): string => createHmac('sha256', secret).update(`device|${payload}`).digest('base64url');
  return {
    /** The id of the known device this request comes from for `email`, or undefined. */
    read(cookieHeader: string | undefined, email: string): string | undefined {
      const value = cookiesOf(cookieHeader).get(cookieName(email));
      if (!value) return undefined;
      const dot = value.lastIndexOf('.');
      if (dot <= 0) return undefined;
      const payload = value.slice(0, dot);
      const given = Buffer.from(value.slice(dot + 1));
      const expected = Buffer.from(sign(payload));
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      try {
        const parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { e?: unknown; d?: unknown; x?: unknown };
        if (parsed.e !== address(email) || typeof parsed.d !== 'string' || typeof parsed.x !== 'number' || parsed.x < Date.now() / 1000) return undefined;
        return parsed.d;
      } catch {
        return undefined;
      }
    },
    /** The Set-Cookie value that makes (keeps) this device known to `email`; renews its lifetime. */
    issue(email: string, id: string = randomBytes(16).toString('base64url')): string {
      const maxAge = DEVICE_COOKIE_DAYS * 24 * 3600;
      const payload = Buffer.from(JSON.stringify({ e: address(email), d: id, x: Math.floor(Date.now() / 1000) + maxAge })).toString('base64url');
      const attributes = [`Path=${options.path}`, `Max-Age=${maxAge}`, 'HttpOnly', 'SameSite=Lax', ...(options.secure ? ['Secure'] : [])];
      return [`${cookieName(email)}=${payload}.${sign(payload)}`, ...attributes].join('; ');
    },
  };
}

export type DeviceCookies = ReturnType<typeof deviceCookies>;
