import type { PageEntry } from '../../common/registry';

/** A new company's first steps (spec areas.md, "Statistics and service wizard"): where it stands, and the first-service wizard. */
export const setupAccountPages: PageEntry[] = [
  { path: '/setup-account', load: () => import('./SetupAccountPage') },
  { path: '/setup-account/create-service', load: () => import('./CreateServicePage') },
];
