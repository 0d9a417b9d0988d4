import SupportIcon from '@mui/icons-material/SupportAgentOutlined';
import type { PageEntry } from '../../common/registry';

/**
 * Support (issue 36): /support (start), /support/manuals, /support/tickets (the cases, 25 a page),
 * /support/tickets/new, /support/tickets/{id} (thread and attachments), /support/tickets/{id}/edit;
 * the older /support/cases leads to the tickets. The support desk sees every company's cases here.
 */
export const supportPages: PageEntry[] = [
  { path: '/support', load: () => import('./SupportPage'), menu: { group: 'top', label: 'custom.support.menu', icon: SupportIcon } },
  { path: '/support/manuals', load: () => import('./ManualsPage') },
  { path: '/support/tickets', load: () => import('./TicketsPage') },
  { path: '/support/tickets/new', load: () => import('./TicketEditPage') },
  { path: '/support/tickets/:id', load: () => import('./TicketPage') },
  { path: '/support/tickets/:id/edit', load: () => import('./TicketEditPage') },
  { path: '/support/cases', load: () => import('./CasesRedirect') },
  { path: '/support/cases/*', load: () => import('./CasesRedirect') },
];
