import ScheduleIcon from '@mui/icons-material/Schedule';
import type { DateSchedule, RecurringSchedule } from '../../../schema/availability';
import type { LazyResource, ResourceDeclaration, WireRecord } from '../../engine/types';

/**
 * Schedules: /schedules lists both kinds; /schedules/recurring/new|{id} and /schedules/date/new|{id}
 * edit them (the shell redirects /schedules/recurring and /schedules/date to /schedules).
 */
export const schedulesMeta: LazyResource = {
  name: 'schedules',
  api: { path: '/schedules/recurring' },
  group: 'schedules',
  icon: ScheduleIcon,
  screens: { create: false, edit: false, routes: ['recurring/new', 'recurring/:id', 'date/new', 'date/:id', 'recurring', 'date'] },
  load: () => import('./declaration').then((m) => m.schedules),
};

/** Data only (no screens of its own): GET/POST /schedules/recurring, PUT/DELETE /schedules/recurring/{Id}. */
export const recurringSchedules: ResourceDeclaration<WireRecord<RecurringSchedule>> = {
  name: 'recurringSchedules',
  api: { path: '/schedules/recurring', manyIdsParam: 'Id' },
  schema: 'RecurringScheduleWrite',
  recordSchema: 'RecurringSchedule',
  group: null,
  recordRepresentation: 'Name',
};

/** Data only: GET/POST /schedules/date, PUT/DELETE /schedules/date/{Id}. */
export const dateSchedules: ResourceDeclaration<WireRecord<DateSchedule>> = {
  name: 'dateSchedules',
  api: { path: '/schedules/date', manyIdsParam: 'Id' },
  schema: 'DateScheduleWrite',
  recordSchema: 'DateSchedule',
  group: null,
  recordRepresentation: 'Name',
};
