import BusinessIcon from '@mui/icons-material/Business';
import type { PageEntry } from '../../common/registry';

/** /company: company information and its administrators. */
export const companyPages: PageEntry[] = [
  { path: '/company', load: () => import('./CompanyPage'), menu: { group: 'settings', label: 'custom.company.menu', icon: BusinessIcon } },
];
