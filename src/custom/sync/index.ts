import EventIcon from '@mui/icons-material/Event';
import MailIcon from '@mui/icons-material/MarkEmailRead';
import type { PageEntry } from '../../common/registry';

/** /sync (calendar feeds) and /mailchimp-settings (mailing list) in the settings group. */
export const syncPages: PageEntry[] = [
  { path: '/sync', load: () => import('./SyncPage'), menu: { group: 'settings', label: 'custom.sync.menu', icon: EventIcon } },
  { path: '/mailchimp-settings', load: () => import('./MailchimpSettingsPage'), menu: { group: 'settings', label: 'custom.sync.mailchimp.menu', icon: MailIcon } },
];
