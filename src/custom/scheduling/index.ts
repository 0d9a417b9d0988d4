import type { PageEntry } from '../../common/registry';

/** The hand-built scheduling pages: the create-resources wizard and the time exceptions report. */
export const schedulingPages: PageEntry[] = [
  { path: '/create-resources-wizard/new', load: () => import('./CreateResourcesWizard') },
  { path: '/create-resources-wizard/:id', load: () => import('./CreateResourcesWizard') },
  { path: '/time-exceptions-report', load: () => import('./TimeExceptionsReport') },
];
