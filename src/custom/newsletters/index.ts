import MailOutlineIcon from '@mui/icons-material/EmailOutlined';
import type { PageEntry } from '../../common/registry';

/**
 * Newsletters (areas.md): /newsletters with the tabs newsletterlog and newslettertemplates,
 * /newsletters/send, and the template editor at /newsletters/new and /newsletters/templates/{id}
 * (unpadded). /newsletters/log and /newsletters/templates redirect to the tabs (shell).
 */
export const newsletterPages: PageEntry[] = [
  { path: '/newsletters', load: () => import('./NewslettersPage'), menu: { group: 'customers', label: 'newsletters.menu', icon: MailOutlineIcon } },
  { path: '/newsletters/send', load: () => import('./SendNewsletterPage') },
  { path: '/newsletters/new', load: () => import('./TemplatePage'), unpadded: true },
  { path: '/newsletters/templates/:id', load: () => import('./TemplatePage'), unpadded: true },
];
