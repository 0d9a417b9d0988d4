import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import type { PageEntry } from '../../common/registry';

/** The scheduler (/scheduler, unpadded): every resource's day and week on one board. */
export const schedulerPages: PageEntry[] = [
  { path: '/scheduler', load: () => import('./SchedulerPage'), unpadded: true, menu: { group: 'top', label: 'shell.screens.scheduler', icon: CalendarMonthIcon, area: 'scheduler' } },
];
