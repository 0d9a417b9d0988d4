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

/**
 * Where to go after login: the stored target, else a safe local `redirectTo`, else /dashboard
 * (`chosen` false: nobody asked for a page). Clears the stored target.
 * @example
 * const { path, chosen } = takeLanding(new URLSearchParams(location.search).get('redirectTo'));
 */
export function takeLanding(redirectTo?: string | null, storage: Storage = sessionStorage): { path: string; chosen: boolean } {
  const stored = storage.getItem(POST_LOGIN_TARGET_KEY);
  storage.removeItem(POST_LOGIN_TARGET_KEY);
  for (const candidate of [stored, redirectTo]) {
    if (candidate && candidate.startsWith('/') && !candidate.startsWith('//')) return { path: candidate, chosen: true };
  }
  return { path: '/dashboard', chosen: false };
}

/**
 * Where to go after login: the stored target, else a safe local `redirectTo`, else /dashboard. Clears the stored target.
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
