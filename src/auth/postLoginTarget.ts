/** sessionStorage key holding the path the user wanted before being sent to log in. */
export const POST_LOGIN_TARGET_KEY = 'postLoginTarget';

const OUTSIDE_TARGETS = ['/auth', '/login'];

/**
 * Remembers where the user was going, unless it is the login or callback screen.
 * @example
 * rememberTarget('/customers?Search=ann'); // later: takeTarget() === '/customers?Search=ann'
 */
export function rememberTarget(path: string, storage: Storage = sessionStorage): void {
  const pathname = path.split(/[?#]/)[0];
  if (OUTSIDE_TARGETS.includes(pathname) || pathname === '' || pathname === '/') return;
  storage.setItem(POST_LOGIN_TARGET_KEY, path);
}

/** C0 controls, DEL and C1 controls: browsers drop tabs and newlines from URLs, so they can hide a `//`. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** The text once percent-decoded, or undefined when it is not valid percent-encoding. */
function decoded(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

/**
 * The post-login target if it stays on the admin's own origin, else undefined: a path starting with
 * one `/`, with no control characters and no backslashes (also once or twice percent-decoded, as a
 * browser or a later hop may decode them), that resolves to `origin` itself. Refuses `//evil`,
 * `/\\evil`, `/%09/evil.example`, `https://evil`, `javascript:…` and the like.
 * @example
 * safeRedirectTarget('/customers?Search=ann', 'https://admin.example') // '/customers?Search=ann'
 * safeRedirectTarget('/%09/evil.example', 'https://admin.example') // undefined
 */
export function safeRedirectTarget(candidate: string | null | undefined, origin: string): string | undefined {
  if (typeof candidate !== 'string' || candidate.length === 0 || candidate.length > 2048) return undefined;
  let text = candidate;
  for (let round = 0; round < 3; round++) {
    if (CONTROL.test(text) || text.includes('\\') || !text.startsWith('/') || text.startsWith('//')) return undefined;
    const next = decoded(text);
    if (next === undefined) return undefined;
    if (next === text) break;
    text = next;
  }
  let own: URL;
  let resolved: URL;
  try {
    own = new URL(origin);
    resolved = new URL(candidate, own.origin);
  } catch {
    return undefined;
  }
  if (resolved.origin !== own.origin || (resolved.protocol !== 'http:' && resolved.protocol !== 'https:')) return undefined;
  return `${resolved.pathname}${resolved.search}${resolved.hash}`;
}

/** The page's own origin (the admin's), for safeRedirectTarget. */
const ownOrigin = (): string => (typeof window !== 'undefined' ? window.location.origin : 'http://localhost');

/**
 * Where to go after login: the stored target, else a `redirectTo` on the admin's own origin
 * (safeRedirectTarget), else /dashboard, the home page (`chosen` false: nobody asked for a page).
 * Clears the stored target.
 * @example
 * const { path, chosen } = takeLanding(new URLSearchParams(location.search).get('redirectTo'));
 */
export function takeLanding(redirectTo?: string | null, storage: Storage = sessionStorage, origin: string = ownOrigin()): { path: string; chosen: boolean } {
  const stored = storage.getItem(POST_LOGIN_TARGET_KEY);
  storage.removeItem(POST_LOGIN_TARGET_KEY);
  for (const candidate of [stored, redirectTo]) {
    const path = safeRedirectTarget(candidate, origin);
    if (path) return { path, chosen: true };
  }
  return { path: '/dashboard', chosen: false };
}

/**
 * Where to go after login: the stored target, else a `redirectTo` on the admin's own origin, else /dashboard. Clears the stored target.
 * @example
 * navigate(takeTarget(new URLSearchParams(location.search).get('redirectTo')));
 */
export function takeTarget(redirectTo?: string | null, storage: Storage = sessionStorage): string {
  return takeLanding(redirectTo, storage).path;
}

/**
 * The router state of the page a sign-in lands on when nobody asked for a page (the dashboard), so
 * that page may send the user on (a new company to "Get started").
 */
export const SIGNED_IN_LANDING = { signedInLanding: true } as const;

/** Whether the router state is SIGNED_IN_LANDING (the page was opened by a sign-in, not by the user). */
export const isSignedInLanding = (state: unknown): boolean =>
  typeof state === 'object' && state !== null && (state as { signedInLanding?: unknown }).signedInLanding === true;
