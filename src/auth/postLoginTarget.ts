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
 * Where to go after login: the stored target, else a safe local `redirectTo`, else /dashboard. Clears the stored target.
 * @example
 * navigate(takeTarget(new URLSearchParams(location.search).get('redirectTo')));
 */
export function takeTarget(redirectTo?: string | null, storage: Storage = sessionStorage): string {
  const stored = storage.getItem(POST_LOGIN_TARGET_KEY);
  storage.removeItem(POST_LOGIN_TARGET_KEY);
  for (const candidate of [stored, redirectTo]) {
    if (candidate && candidate.startsWith('/') && !candidate.startsWith('//')) return candidate;
  }
  return '/dashboard';
}
