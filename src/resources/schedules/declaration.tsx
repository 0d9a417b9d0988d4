import { Navigate } from 'react-router-dom';
import { withViews } from '../../engine/define';
import { DateScheduleCreate, DateScheduleEdit } from './DateSchedule';
import { schedulesMeta } from './index';
import { RecurringScheduleCreate, RecurringScheduleEdit } from './RecurringSchedule';
import { ScheduleList } from './ScheduleList';

export { dateSchedules, recurringSchedules } from './index';

/** The list of both kinds of schedule and their create/edit routes. */
export const schedules = withViews(schedulesMeta, {
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
});
