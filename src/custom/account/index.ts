import type { PageEntry } from '../../common/registry';

/** The signed-in user's own pages, reached from the user menu. */
export const accountPages: PageEntry[] = [
  { path: '/account', load: () => import('./AccountPage') },
  { path: '/change-password', load: () => import('./ChangePasswordPage') },
];
