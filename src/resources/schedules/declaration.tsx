import ScheduleIcon from '@mui/icons-material/Schedule';
import { Navigate } from 'react-router-dom';
import type { DateSchedule, RecurringSchedule } from '../../../schema/availability';
import type { ResourceDeclaration, WireRecord } from '../engine/types';
import { DateScheduleCreate, DateScheduleEdit } from './DateSchedule';
import { RecurringScheduleCreate, RecurringScheduleEdit } from './RecurringSchedule';
import { ScheduleList } from './ScheduleList';

/**
 * Schedules: /schedules lists both kinds; /schedules/recurring/new|{id} and /schedules/date/new|{id}
 * edit them (the shell redirects /schedules/recurring and /schedules/date to /schedules).
 */
export const schedules: ResourceDeclaration = {
  name: 'schedules',
  api: { path: '/schedules/recurring' },
  group: 'schedules',
  icon: ScheduleIcon,
  list: ScheduleList,
  create: false,
  edit: false,
  routes: [
    { path: 'recurring/new', element: <RecurringScheduleCreate /> },
    { path: 'recurring/:id', element: <RecurringScheduleEdit /> },
    { path: 'date/new', element: <DateScheduleCreate /> },
    { path: 'date/:id', element: <DateScheduleEdit /> },
    { path: 'recurring', element: <Navigate to="/schedules" replace /> },
    { path: 'date', element: <Navigate to="/schedules" replace /> },
  ],
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
