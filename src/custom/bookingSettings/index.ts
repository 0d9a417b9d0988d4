import TuneIcon from '@mui/icons-material/Tune';
import type { PageEntry } from '../../common/registry';

/** /booking-settings, in the settings group of the sidebar. */
export const bookingSettingsPages: PageEntry[] = [
  { path: '/booking-settings', load: () => import('./BookingSettingsPage'), menu: { group: 'settings', label: 'custom.bookingSettings.title', icon: TuneIcon } },
];
