import { Alert, Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { formatWireDate } from '../../i18n/format';
import { Loading, useGetList, useLocaleState, useRecordContext, useTranslate, type RaRecord } from 'react-admin';
import type { HistoryEntry } from '../../../schema/history';
import { useDeclaration } from '../api';
import { HistoryChanges } from './HistoryChanges';

/** The react-admin resource of GET /history (src/resources/history declares its list). */
export const HISTORY_RESOURCE = 'history';

/** Whose history a tab shows, when it is not the declaration in context's (a page editing another resource's records). */
export interface HistoryOf {
  /** The react-admin resource (its field labels). */
  name: string;
  /** Its API path, as the history names it. */
  path: string;
}

/** How many entries of one record the tab shows; older ones are in the audit list. */
const SHOWN = 100;

/**
 * The History tab of an edit page: who created and changed the record, when, and what changed,
 * newest first (GET /history?Resource=<the declaration's API path>&RecordId=<id>).
 * @example <HistoryTab of={{ name: 'dateSchedules', path: '/schedules/date' }} />
 */
export function HistoryTab({ of }: { of?: HistoryOf }) {
  const record = useRecordContext<RaRecord>();
  const declaration = useDeclaration();
  const { name, path } = of ?? { name: declaration.name, path: declaration.api.path };
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { data, isPending, error } = useGetList<HistoryEntry & { id: number }>(
    HISTORY_RESOURCE,
    { filter: { Resource: path, RecordId: record?.id }, pagination: { page: 1, perPage: SHOWN }, sort: { field: 'Id', order: 'DESC' } },
    { enabled: record?.id !== undefined },
  );
  if (isPending) return <Loading />;
  if (error) return <Alert severity="error">{(error as Error).message || translate('ra.notification.http_error')}</Alert>;
  if (!data?.length) return <Typography sx={{ p: 2 }}>{translate('engine.history.empty')}</Typography>;
  return (
    <Box sx={{ overflowX: 'auto', p: 1 }} tabIndex={0} role="region" aria-label={translate('engine.tabs.history')}>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{translate('engine.history.at')}</TableCell>
            <TableCell>{translate('engine.history.actor')}</TableCell>
            <TableCell>{translate('engine.history.action')}</TableCell>
            <TableCell>{translate('engine.history.changes')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {data.map((entry) => (
            <TableRow key={entry.id}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatWireDate(entry.At, locale)}</TableCell>
              <TableCell>{entry.Actor || '—'}</TableCell>
              <TableCell>{translate(`engine.history.actions.${entry.Action}`)}</TableCell>
              <TableCell>
                <HistoryChanges resource={name} changes={entry.Changes} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
