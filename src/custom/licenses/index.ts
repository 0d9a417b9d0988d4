import type { PageEntry } from '../../common/registry';

/** Extra licenses (the plan comparison and its flow live on /licenses, the dashboard's screen). */
export const licensesPages: PageEntry[] = [{ path: '/extra-licenses', load: () => import('./ExtraLicensesPage') }];
