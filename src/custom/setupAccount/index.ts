import RocketLaunchIcon from '@mui/icons-material/RocketLaunch';
import type { PageEntry } from '../../common/registry';
import { useGetStartedOpen } from './progress';

/**
 * A new company's first steps (spec areas.md, "Statistics and service wizard"): where it stands, and
 * the first-service wizard. "Get started" sits at the top of the sidebar while the company has steps
 * left (no bookable service yet, or not yet sent for approval).
 */
export const setupAccountPages: PageEntry[] = [
  {
    path: '/setup-account',
    load: () => import('./SetupAccountPage'),
    menu: { group: 'top', label: 'setupAccount.menu', icon: RocketLaunchIcon, useVisible: useGetStartedOpen },
  },
  { path: '/setup-account/create-service', load: () => import('./CreateServicePage') },
];
