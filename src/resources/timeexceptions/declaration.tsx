import { withViews } from '../../engine/define';
import { timeExceptionsMeta } from './index';
import { ReportButton, TimeExceptionReason, TimeExceptionWhen } from './TimeExceptionCells';
import { TimeExceptionCreate, TimeExceptionEdit } from './TimeExceptionForm';

/** The time exception list (with the report button) and the hand-written forms. */
export const timeExceptions = withViews(timeExceptionsMeta, {
  schema: 'TimeExceptionWrite',
  recordSchema: 'TimeException',
  list: {
    columns: [
      { source: 'From', render: (r) => <TimeExceptionWhen record={r} /> },
      { source: 'ReasonTextPublic', sortable: false, render: (r) => <TimeExceptionReason record={r} /> },
      'IsRecurring',
      'BlockTime',
      'Private',
    ],
    sort: { field: 'From', order: 'DESC' },
    bulk: { delete: true },
    filters: [{ source: 'From', toSource: 'To', kind: 'dateRange', alwaysOn: true }],
    actions: <ReportButton />,
  },
  create: TimeExceptionCreate,
  edit: TimeExceptionEdit,
});
