import type { PageEntry } from '../../common/registry';

/** The dashboard; /licenses is the same screen opened at the license plans (where Upgrade leads). */
export const dashboardPages: PageEntry[] = [
  { path: '/dashboard', load: () => import('./DashboardPage') },
  { path: '/licenses', load: () => import('./DashboardPage') },
];
