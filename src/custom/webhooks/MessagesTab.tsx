import { Fragment, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Collapse, IconButton, Stack, Table, TableBody, TableCell, TableHead, TablePagination, TableRow, Typography } from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import { Loading, useNotify, useTranslate } from 'react-admin';
import type { WebhookMessage, WebhookMessageList, WebhookResend } from '../../../schema/webhooks';
import { useCan } from '../../auth/roles';
import { apiErrorInfo, useApi } from '../../common/api';

const PAGE = 25;
/** The server answers times in the company's zone (LocalDateTime); shown as they are, date and time. */
const shown = (local: string) => local.replace('T', ' ');

/** The messages tab: the delivery log, newest first; a row opens to its attempts; Resend per message. */
export function MessagesTab() {
  const api = useApi();
  const translate = useTranslate();
  const [page, setPage] = useState(0);
  const [open, setOpen] = useState<number | null>(null);
  const key = ['webhooks', 'messages', page] as const;
  const { data, isPending, error } = useQuery({
    queryKey: key,
    queryFn: () => api.call<WebhookMessageList>('GET', '/webhook/messages', { query: { Skip: page * PAGE, Take: PAGE } }),
    retry: false,
  });
  if (isPending) return <Loading />;
  if (error) return <Alert severity="error">{apiErrorInfo(error).message || translate('custom.common.loadError')}</Alert>;
  if (data.Data.length === 0) return <Alert severity="info">{translate('custom.webhooks.noMessages')}</Alert>;
  const field = (name: string) => translate(`custom.webhooks.fields.${name}`);
  return (
    <>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{field('Attempts')}</TableCell>
            <TableCell>{field('EventId')}</TableCell>
            <TableCell>{field('EventType')}</TableCell>
            <TableCell>{field('Channels')}</TableCell>
            <TableCell>{field('Timestamp')}</TableCell>
            <TableCell>{field('Status')}</TableCell>
            <TableCell>{translate('custom.webhooks.resend')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {data.Data.map((m) => (
            <MessageRow key={m.Id} message={m} open={open === m.Id} onToggle={() => setOpen(open === m.Id ? null : m.Id)} />
          ))}
        </TableBody>
      </Table>
      <TablePagination component="div" count={data.Total} page={page} rowsPerPage={PAGE} rowsPerPageOptions={[PAGE]} onPageChange={(_, p) => setPage(p)} />
    </>
  );
}

function MessageRow({ message: m, open, onToggle }: { message: WebhookMessage; open: boolean; onToggle: () => void }) {
  const api = useApi();
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const canWrite = useCan('settings', 'write');
  const [busy, setBusy] = useState(false);
  const field = (name: string) => translate(`custom.webhooks.fields.${name}`);
  const resend = async () => {
    setBusy(true);
    try {
      await api.call<WebhookResend>('POST', `/webhook/messages/${m.Id}/resend`);
      notify('custom.webhooks.resent', { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['webhooks', 'messages'] });
    } catch (e) {
      const info = apiErrorInfo(e);
      if (info.status !== 402 && info.status !== 426) notify(info.message || 'custom.common.unknownError', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Fragment>
      <TableRow>
        <TableCell>
          <IconButton size="small" onClick={onToggle} aria-expanded={open} aria-label={`${translate('custom.webhooks.showAttempts')} ${m.EventId}`}>
            {open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
          </IconButton>
          {m.Attempts.length}
        </TableCell>
        <TableCell sx={{ fontFamily: 'monospace' }}>{m.EventId}</TableCell>
        <TableCell>{m.EventType}</TableCell>
        <TableCell sx={{ wordBreak: 'break-all' }}>{m.Channels.map((c) => c.Url).join(', ')}</TableCell>
        <TableCell sx={{ whiteSpace: 'nowrap' }}>{shown(m.Timestamp)}</TableCell>
        <TableCell>{translate(`custom.webhooks.status.${m.Status}`, { _: m.Status })}</TableCell>
        <TableCell>
          {canWrite && (
            <Button size="small" onClick={() => void resend()} disabled={busy}>
              {translate('custom.webhooks.resend')}
            </Button>
          )}
        </TableCell>
      </TableRow>
      <TableRow>
        <TableCell colSpan={7} sx={{ py: 0, borderBottom: open ? undefined : 'none' }}>
          <Collapse in={open} unmountOnExit>
            <Stack sx={{ py: 1 }}>
              {m.Attempts.length === 0 ? (
                <Typography variant="body2">{translate('custom.webhooks.noAttempts')}</Typography>
              ) : (
                <Table size="small" aria-label={`${field('Attempts')} ${m.EventId}`}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{field('Timestamp')}</TableCell>
                      <TableCell>{field('HttpStatus')}</TableCell>
                      <TableCell>{field('DurationMs')}</TableCell>
                      <TableCell>{field('ResponseExcerpt')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {m.Attempts.map((a, i) => (
                      <TableRow key={i}>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>{shown(a.Timestamp)}</TableCell>
                        <TableCell>{a.HttpStatus ?? translate('custom.webhooks.noAnswer')}</TableCell>
                        <TableCell>{a.DurationMs}</TableCell>
                        <TableCell sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>{a.ResponseExcerpt}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              )}
            </Stack>
          </Collapse>
        </TableCell>
      </TableRow>
    </Fragment>
  );
}
