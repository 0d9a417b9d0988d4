import type { AuthProvider } from 'react-admin';
import type { AuthUser } from '../../schema/company';
import { can, screenArea } from '../../schema/access/permissions';
import { rememberTarget } from './postLoginTarget';
import { fullNameOf } from './profile';
import type { AuthSession } from './session';

/**
 * react-admin actions that change data; the others (list, show, edit as a view, export) read.
 * `write` is what the edit form's Save and actions such as Copy ask for (src/auth/roles.tsx useMayWrite).
 */
const WRITES = new Set(['create', 'delete', 'clone', 'write']);

/**
 * react-admin's canAccess for these roles: the area of the resource's screen, read or write.
 * @example accessCheck([2])({ resource: 'services', action: 'write' }) // false: Staff reads services
 */
export function accessCheck(roleIds: readonly number[]): (params: { resource?: string; action: string }) => boolean {
  return ({ resource, action }) => can(roleIds, screenArea(`/${resource ?? ''}`), WRITES.has(action) ? 'write' : 'read');
}

/**
 * react-admin's authProvider over the keycloak-js session. A check on an ended session sends the
 * user to /login (which explains that the session expired); logging out also ends the other tabs.
 * @example
 * const authProvider = createAuthProvider(session, () => profile);
 * <Admin authProvider={authProvider} … />
 */
export function createAuthProvider(session: AuthSession, getProfile: () => AuthUser | null): AuthProvider {
  const requireSession = async () => {
    if (session.status !== 'authenticated') throw { message: false, redirectTo: '/login' };
  };
  return {
    login: async () => {
      await session.login();
    },
    logout: async () => {
      if (session.status === 'authenticated') {
        await session.logout();
        return false;
      }
      rememberTarget(`${window.location.pathname}${window.location.search}${window.location.hash}`);
      return '/login';
    },
    checkAuth: requireSession,
    checkError: async (error: { status?: number } | undefined) => {
      if (error?.status === 401) {
        session.markExpired();
        throw { message: false, redirectTo: '/login' };
      }
    },
    getIdentity: async () => {
      await requireSession();
      const profile = getProfile();
      const claims = session.claims;
      return {
        id: profile?.Id ?? claims.sub ?? '',
        fullName: profile ? fullNameOf(profile) : (claims.name ?? claims.email ?? ''),
        companyName: profile?.Company?.Name ?? '',
      };
    },
    getPermissions: async () => undefined,
    // react-admin hides the create and delete buttons of an area the roles may only read and refuses
    // its screens when they may not read it (schema/access/permissions.ts; the API checks the same).
    canAccess: async (params) => accessCheck(session.roleIds)(params),
  };
}
