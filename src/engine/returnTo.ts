/**
 * Where a create screen returns after saving: the screen the user came from, carried in the create
 * link's `returnTo` search parameter (a path inside the admin, with its tab as the hash).
 */
const PARAM = 'returnTo';

/**
 * A create link that comes back to `from` after saving.
 * @example createLink('/prices/new', '/services/5#prices', 'source=%7B%22ServiceId%22%3A5%7D') // { pathname: '/prices/new', search: '?source=…&returnTo=%2Fservices%2F5%23prices' }
 */
export function createLink(pathname: string, from: string, search = ''): { pathname: string; search: string } {
  const params = new URLSearchParams(search);
  params.set(PARAM, from);
  return { pathname, search: `?${params}` };
}

/**
 * The path in `search`'s returnTo, when it is a path of this admin (never another site).
 * @example returnPath('?returnTo=%2Fcompany%23administrators') // '/company#administrators'
 */
export function returnPath(search: string): string | undefined {
  const value = new URLSearchParams(search).get(PARAM);
  return value && value.startsWith('/') && !value.startsWith('//') && !value.includes('\\') ? value : undefined;
}
