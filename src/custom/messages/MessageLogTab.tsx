import { useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Chip,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { Loading, useLocale, useNotify, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { QueryResponse } from '../../../schema/common';
import type { MessageLogEntry } from '../../../schema/messages';
import { apiErrorInfo, useApi } from '../../common/api';
import { formatWireDate } from '../../i18n/format';
import { HtmlView } from './HtmlView';
import { EMAIL } from './api';
import { FixedPagination } from '../../common/FixedPagination';
import { ActionsHeaderCell } from '../../common/ActionsHeaderCell';
import { LogRowActions } from '../../common/LogRowActions';
import { ReadOnlyDialog } from '../../common/ReadOnlyDialog';

const PAGE_SIZE = 25;
const STATUS_COLOR = { queued: 'default', sent: 'success', failed: 'error', canceled: 'warning' } as const;
const STATUSES = ['queued', 'sent', 'failed', 'canceled'] as const;

/** One entry as the customer got it (GET /messages/log/{Id}: the sanitized body). */
function ViewDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const api = useApi();
  const translate = useTranslate();
  const { data, error } = useQuery({ queryKey: ['messages', 'log', id], queryFn: () => api.call<MessageLogEntry>('GET', `/messages/log/${id}`) });
  return (
    <ReadOnlyDialog title={data?.Subject || translate('messages.log.view')} onClose={onClose}>
      {error && <Alert severity="error">{apiErrorInfo(error).message}</Alert>}
      {data && (
        <Stack spacing={1}>
          <Typography variant="body2">
            {translate('messages.log.receiver')}: {data.Receiver}
          </Typography>
          {data.IsTest && <Typography variant="body2">{translate('messages.log.testTitle')}</Typography>}
          {data.Status === 'canceled' && <Alert severity="warning">{translate(data.CancelReason ? `messages.cancelReason.${data.CancelReason}` : 'messages.log.notSent')}</Alert>}
          {!data.Body ? (
            data.Status !== 'canceled' && <Typography color="text.secondary">{translate('messages.log.notRendered')}</Typography>
          ) : data.SendMethodId === EMAIL ? (
            <HtmlView html={data.Body} title={translate('messages.log.body')} />
          ) : (
            <Typography sx={{ whiteSpace: 'pre-wrap' }}>{data.Body}</Typography>
          )}
        </Stack>
      )}
    </ReadOnlyDialog>
  );
}

/**
 * The message log (GET /messages/log): filters (status, send method, test sends), 25 a page, newest
 * first; a message that was not sent says why, a test send carries a Test chip; View and Resend,
 * after which the list reloads (a resend the booking no longer fits is refused with the server's reason).
 */
export default function MessageLogTab() {
  const api = useApi();
  const translate = useTranslate();
  const locale = useLocale();
  const notify = useNotify();
  const client = useQueryClient();
  const [page, setPage] = useState(0);
  const [status, setStatus] = useState('');
  const [method, setMethod] = useState('');
  const [tests, setTests] = useState('');
  const [search, setSearch] = useState('');
  const [viewing, setViewing] = useState<number | null>(null);
  const query = { Skip: page * PAGE_SIZE, Take: PAGE_SIZE, OrderBy: '-Id,-ModifiedDate', Status: status || undefined, SendMethodId: method || undefined, IsTest: tests || undefined, Search: search.trim() || undefined };
  const { data, error, isPending } = useQuery({
    queryKey: ['messages', 'log', query],
    queryFn: () => api.call<QueryResponse<MessageLogEntry>>('GET', '/messages/log', { query }),
    placeholderData: keepPreviousData,
  });
  const resend = async (entry: MessageLogEntry) => {
    try {
      await api.call('PUT', `/messages/log/${entry.Id}/resend`);
      notify('messages.log.resent', { type: 'success' });
      await client.invalidateQueries({ queryKey: ['messages', 'log'] });
    } catch (err) {
      notify(apiErrorInfo(err).message || 'ra.notification.http_error', { type: 'error' });
    }
  };
  const filterChanged = (set: (v: string) => void) => (e: { target: { value: string } }) => {
    set(e.target.value);
    setPage(0);
  };
  return (
    <Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <TextField size="small" label={translate('messages.log.search')} value={search} onChange={filterChanged(setSearch)} />
        <TextField size="small" select label={translate('messages.log.status')} value={status} onChange={filterChanged(setStatus)} sx={{ minWidth: 160 }}>
          <MenuItem value="">{translate('messages.all')}</MenuItem>
          {STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {translate(`messages.status.${s}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField size="small" select label={translate('messages.method')} value={method} onChange={filterChanged(setMethod)} sx={{ minWidth: 160 }}>
          <MenuItem value="">{translate('messages.all')}</MenuItem>
          <MenuItem value="1">{translate('messages.methods.1')}</MenuItem>
          <MenuItem value="2">{translate('messages.methods.2')}</MenuItem>
        </TextField>
        <TextField size="small" select label={translate('messages.log.testFilter')} value={tests} onChange={filterChanged(setTests)} sx={{ minWidth: 200 }}>
          <MenuItem value="">{translate('messages.all')}</MenuItem>
          <MenuItem value="false">{translate('messages.log.realOnly')}</MenuItem>
          <MenuItem value="true">{translate('messages.log.testOnly')}</MenuItem>
        </TextField>
      </Stack>
      {error && <Alert severity="error">{apiErrorInfo(error).message}</Alert>}
      {isPending && <Loading />}
      {data && !data.Results.length && <Typography>{translate('messages.log.empty')}</Typography>}
      {data && data.Results.length > 0 && (
        <TableContainer tabIndex={0} role="region" aria-label={translate('messages.log.title')}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{translate('messages.log.receiver')}</TableCell>
                <TableCell>{translate('messages.type')}</TableCell>
                <TableCell>{translate('messages.method')}</TableCell>
                <TableCell>{translate('messages.log.status')}</TableCell>
                <TableCell>{translate('messages.log.created')}</TableCell>
                <TableCell>{translate('messages.log.sent')}</TableCell>
                <TableCell>{translate('messages.log.booking')}</TableCell>
                <ActionsHeaderCell label={translate('messages.actions')} />
              </TableRow>
            </TableHead>
            <TableBody>
              {data.Results.map((e) => (
                <TableRow key={e.Id} data-testid="message-log-row">
                  <TableCell>{e.Receiver}</TableCell>
                  <TableCell>
                    {e.TypeName}
                    {e.IsTest && <Chip size="small" variant="outlined" color="info" sx={{ ml: 1 }} label={translate('messages.log.test')} title={translate('messages.log.testTitle')} />}
                  </TableCell>
                  <TableCell>{translate(`messages.methods.${e.SendMethodId}`)}</TableCell>
                  <TableCell>
                    <Chip size="small" color={STATUS_COLOR[e.Status]} label={translate(`messages.status.${e.Status}`)} title={e.LastError ?? undefined} />
                    {e.Status === 'canceled' && e.CancelReason && (
                      <Typography variant="caption" component="div" color="text.secondary" sx={{ mt: 0.5, maxWidth: 260 }}>
                        {translate(`messages.cancelReason.${e.CancelReason}`)}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatWireDate(e.Created, locale)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{e.Sent ? formatWireDate(e.Sent, locale) : '–'}</TableCell>
                  <TableCell>{e.BookingId ? <Link to={`/bookings/${e.BookingId}`}>{e.BookingId}</Link> : '–'}</TableCell>
                  <LogRowActions viewLabel={translate('messages.log.view')} onView={() => setViewing(e.Id)} resendLabel={translate('messages.log.resend')} onResend={() => void resend(e)} />
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <FixedPagination count={data.Total} page={page} pageSize={PAGE_SIZE} onPage={setPage} />
        </TableContainer>
      )}
      {viewing !== null && <ViewDialog id={viewing} onClose={() => setViewing(null)} />}
    </Box>
  );
}
