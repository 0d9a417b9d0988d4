import { describe, expect, it } from 'vitest';
import { safeRedirectTarget, takeLanding, POST_LOGIN_TARGET_KEY } from '../../src/auth/postLoginTarget';

const ORIGIN = 'https://admin.example';

/** The usual open-redirect payloads, as they reach the page after URLSearchParams decoded them once. */
const REFUSED = [
  '//evil.example',
  '//evil.example/x',
  '///evil.example',
  '////evil.example',
  '/\\evil.example',
  '\\\\evil.example',
  '/\\/evil.example',
  '\\/evil.example',
  '/%09/evil.example',
  '/%2509/evil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  '/\r/evil.example',
  '/\u0000/evil.example',
  '/\u007f/evil.example',
  '/%0a/evil.example',
  '/%0d%0a/evil.example',
  '/%5cevil.example',
  '/%5c%5cevil.example',
  '/%2f%2fevil.example',
  '/%2F/evil.example',
  'https://evil.example',
  'http://evil.example/path',
  'HTTPS://evil.example',
  ' https://evil.example',
  'https:evil.example',
  '//admin.example@evil.example',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'java\tscript:alert(1)',
  '\tjavascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  'evil.example',
  '.evil.example',
  '',
  ' ',
  '%2f%2fevil.example',
  '/%',
  `/${'a'.repeat(3000)}`,
];

describe('safeRedirectTarget', () => {
  it.each(REFUSED)('refuses %j', (payload) => {
    expect(safeRedirectTarget(payload, ORIGIN)).toBeUndefined();
  });

  it('keeps paths on the admin\'s own origin, with their query and fragment', () => {
    expect(safeRedirectTarget('/customers?Search=ann', ORIGIN)).toBe('/customers?Search=ann');
    expect(safeRedirectTarget('/customers/5/show#history', ORIGIN)).toBe('/customers/5/show#history');
    expect(safeRedirectTarget('/services?filter=%7B%22q%22%3A%22a%20b%22%7D', ORIGIN)).toBe('/services?filter=%7B%22q%22%3A%22a%20b%22%7D');
    expect(safeRedirectTarget('/bookings?x=//not-a-host', ORIGIN)).toBe('/bookings?x=//not-a-host');
    expect(safeRedirectTarget('/a/../customers', ORIGIN)).toBe('/customers');
    expect(safeRedirectTarget('/', ORIGIN)).toBe('/');
    // A path segment that looks like userinfo is still a path here.
    expect(safeRedirectTarget('/@evil.example', ORIGIN)).toBe('/@evil.example');
  });

  it('refuses null, undefined and a non-string', () => {
    expect(safeRedirectTarget(null, ORIGIN)).toBeUndefined();
    expect(safeRedirectTarget(undefined, ORIGIN)).toBeUndefined();
    expect(safeRedirectTarget(42 as unknown as string, ORIGIN)).toBeUndefined();
  });
});

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (i) => [...items.keys()][i] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

describe('takeLanding', () => {
  it('falls back to the home page (not chosen) for every refused payload, stored or in redirectTo', () => {
    for (const payload of REFUSED) {
      const storage = memoryStorage();
      expect(takeLanding(payload, storage, ORIGIN)).toEqual({ path: '/dashboard', chosen: false });
      storage.setItem(POST_LOGIN_TARGET_KEY, payload);
      expect(takeLanding(null, storage, ORIGIN)).toEqual({ path: '/dashboard', chosen: false });
    }
  });

  it('takes the stored page first, then a safe redirectTo', () => {
    const storage = memoryStorage();
    storage.setItem(POST_LOGIN_TARGET_KEY, '/customers/5');
    expect(takeLanding('/services', storage, ORIGIN)).toEqual({ path: '/customers/5', chosen: true });
    expect(takeLanding('/services', storage, ORIGIN)).toEqual({ path: '/services', chosen: true });
    storage.setItem(POST_LOGIN_TARGET_KEY, '//evil.example');
    expect(takeLanding('/services', storage, ORIGIN)).toEqual({ path: '/services', chosen: true });
  });
});
