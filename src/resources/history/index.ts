import HistoryIcon from '@mui/icons-material/History';
import type { HistoryEntry, HistoryQuery } from '../../../schema/history';
import { HISTORY_RESOURCE } from '../../engine/history/HistoryTab';
import type { LazyResource, WireRecord } from '../../engine/types';

/**
 * The audit list (GET /history): every create, change and delete of a declared record, newest
 * first, filtered by kind of record, action and days; each record's own entries are its History tab.
 */
/** An entry, and the query's day range its list filters by. */
export type HistoryRow = WireRecord<HistoryEntry & Pick<HistoryQuery, 'From' | 'To'>>;

export const historyMeta: LazyResource<HistoryRow> = {
  name: HISTORY_RESOURCE,
  api: { path: '/history' },
  group: 'settings',
  icon: HistoryIcon,
  area: 'history',
  recordRepresentation: (r) => `${r.Resource} ${r.RecordId}`,
  screens: { list: true, create: false, edit: false },
  load: () => import('./declaration').then((m) => m.history),
};
