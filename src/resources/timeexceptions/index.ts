import EventBusyIcon from '@mui/icons-material/EventBusy';
import type { TimeException } from '../../../schema/availability';
import type { LazyResource, WireRecord } from '../../engine/types';

/** Time exceptions: /time-exceptions, /time-exceptions/new, /time-exceptions/{id} (409 → colliding bookings). */
export const timeExceptionsMeta: LazyResource<WireRecord<TimeException>> = {
  name: 'time-exceptions',
  api: { path: '/timeexceptions' },
  group: 'schedules',
  icon: EventBusyIcon,
  recordRepresentation: (r) => `${r.From.slice(0, 10)} ${r.ReasonTextPublic ?? r.ReasonText ?? ''}`.trim(),
  load: () => import('./declaration').then((m) => m.timeExceptions),
};
