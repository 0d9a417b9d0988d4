import EventBusyIcon from '@mui/icons-material/EventBusy';
import type { TimeException } from '../../../schema/availability';
import type { ResourceDeclaration, WireRecord } from '../engine/types';
import { ReportButton, TimeExceptionReason, TimeExceptionWhen } from './TimeExceptionCells';
import { TimeExceptionCreate, TimeExceptionEdit } from './TimeExceptionForm';

type TimeExceptionRecord = WireRecord<TimeException>;

/** Time exceptions: /time-exceptions, /time-exceptions/new, /time-exceptions/{id} (409 → colliding bookings). */
export const timeExceptions: ResourceDeclaration<TimeExceptionRecord> = {
  name: 'time-exceptions',
  api: { path: '/timeexceptions' },
  schema: 'TimeExceptionWrite',
  recordSchema: 'TimeException',
  group: 'schedules',
  icon: EventBusyIcon,
  recordRepresentation: (r) => `${r.From.slice(0, 10)} ${r.ReasonTextPublic ?? r.ReasonText ?? ''}`.trim(),
  list: {
    columns: [
      { source: 'From', render: (r) => <TimeExceptionWhen record={r} /> },
      { source: 'ReasonTextPublic', sortable: false, render: (r) => <TimeExceptionReason record={r} /> },
      'IsRecurring',
      'BlockTime',
      'Private',
    ],
    sort: { field: 'From', order: 'DESC' },
    actions: <ReportButton />,
  },
  create: TimeExceptionCreate,
  edit: TimeExceptionEdit,
};
