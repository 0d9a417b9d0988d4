import { Link } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { withViews } from '../../engine/define';
import { HistoryChanges } from '../../engine/history/HistoryChanges';
import { declarations } from '../../registry';
import { historyMeta, type HistoryRow } from './index';

type Entry = HistoryRow;

/** The admin resource of each API path a history entry names (the first one declared, when two share a path). */
function resourceOf(path: string): { name: string; edit: boolean } | undefined {
  const found = declarations.find((d) => d.api.path === path && d.name !== historyMeta.name);
  return found ? { name: found.name, edit: !('screens' in found) || found.screens?.edit !== false } : undefined;
}

const ACTIONS = ['create', 'update', 'delete', 'erase'].map((id) => ({ id, name: `engine.history.actions.${id}` }));

function ResourceName({ record }: { record: Entry }) {
  const translate = useTranslate();
  const resource = resourceOf(record.Resource);
  return <span>{resource ? translate(`resources.${resource.name}.name`, { smart_count: 1 }) : record.Resource}</span>;
}

/** The record's number, a link to its page while it exists. */
function RecordLink({ record }: { record: Entry }) {
  const resource = resourceOf(record.Resource);
  if (!resource?.edit || record.Action === 'delete') return <span>{record.RecordId}</span>;
  return <Link to={`/${resource.name}/${record.RecordId}`}>{record.RecordId}</Link>;
}

/** The audit list's columns and filters. */
export const history = withViews(historyMeta, {
  recordSchema: 'HistoryEntry',
  fields: { Action: { kind: 'enum', choices: ACTIONS } },
  list: {
    columns: [
      { source: 'At', sortable: true },
      { source: 'Actor', sortable: false },
      { source: 'Action', sortable: false },
      { source: 'Resource', sortable: false, render: (r) => <ResourceName record={r} /> },
      { source: 'RecordId', sortable: false, render: (r) => <RecordLink record={r} /> },
      { source: 'Changes', sortable: false, render: (r) => <HistoryChanges resource={resourceOf(r.Resource)?.name} changes={r.Changes} /> },
    ],
    sort: { field: 'At', order: 'DESC' },
    rowClick: false,
    filters: [
      {
        source: 'Resource',
        kind: 'select',
        alwaysOn: true,
        choices: [...new Map(declarations.filter((d) => d.name !== historyMeta.name).map((d) => [d.api.path, { id: d.api.path, name: `resources.${d.name}.name` }])).values()],
      },
      { source: 'Action', kind: 'select', choices: ACTIONS, alwaysOn: true },
      { source: 'From', toSource: 'To', kind: 'dateRange', alwaysOn: true },
    ],
  },
});
