import type { PageEntry } from '../../common/registry';

/** The dashboard; /licenses shows the same welcome until the license pages exist. */
export const dashboardPages: PageEntry[] = [
  { path: '/dashboard', load: () => import('./DashboardPage') },
  { path: '/licenses', load: () => import('./DashboardPage') },
];
