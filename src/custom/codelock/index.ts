import LockIcon from '@mui/icons-material/LockOutlined';
import type { PageEntry } from '../../common/registry';

/** /codelock-settings (door locks: the lock system, its fields, the doors of each resource, the margins) in the settings group. */
export const codelockPages: PageEntry[] = [
  { path: '/codelock-settings', load: () => import('./CodelockSettingsPage'), menu: { group: 'settings', label: 'custom.codelock.menu', icon: LockIcon } },
];
