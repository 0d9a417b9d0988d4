import OutboxIcon from '@mui/icons-material/MarkEmailRead';
import type { PageEntry } from '../../common/registry';

/**
 * Messages (spec areas.md, Messages): the template editor, the outbox page (every caught mail and
 * SMS), and /messages/log and /messages/templates, which lead to the matching tabs of /bookings
 * (their lists are the `messageLog` and `messageTemplates` embeds).
 */
export const messagePages: PageEntry[] = [
  { path: '/messages/log', load: () => import('./redirects').then((m) => ({ default: m.ToMessageLog })) },
  { path: '/messages/templates', load: () => import('./redirects').then((m) => ({ default: m.ToMessageTemplates })) },
  { path: '/messages/templates/new', load: () => import('./TemplateEditPage') },
  { path: '/messages/templates/:id', load: () => import('./TemplateEditPage') },
  { path: '/messages/outbox', load: () => import('./OutboxPage'), menu: { group: 'settings', label: 'messages.outbox.menu', icon: OutboxIcon, area: 'messages' } },
];
