import TuneIcon from '@mui/icons-material/SettingsApplicationsOutlined';
import type { PageEntry } from '../../common/registry';

/** /system-settings (issue 36): time zone, currency, formats, the customers' language, mail and SMS sender; in the settings group. */
export const systemSettingsPages: PageEntry[] = [
  { path: '/system-settings', load: () => import('./SystemSettingsPage'), menu: { group: 'settings', label: 'custom.systemSettings.menu', icon: TuneIcon } },
];
