import { useEffect, useRef, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  LinearProgress,
  Stack,
  TableCell,
  TableRow,
  Typography,
} from '@mui/material';
import SendIcon from '@mui/icons-material/Send';
import { Link as RouterLink } from 'react-router-dom';
import { useLocale, useNotify, useTranslate } from 'react-admin';
import type { Newsletter, NewsletterSend } from '../../../schema/newsletters';
import { apiErrorInfo, useApi } from '../../common/api';
import { formatWireDate } from '../../i18n/format';
import { SafeHtml } from './SafeHtml';
import { OutlinedTable } from '../../common/OutlinedTable';
import { SendMethodIcon } from './SendMethodIcon';
import { PAGE_SIZE, useNewsletterList, type ListState } from './useNewsletterApi';
import { FixedPagination } from '../../common/FixedPagination';
import { ActionsHeaderCell } from '../../common/ActionsHeaderCell';
import { LogRowActions } from '../../common/LogRowActions';
import { ReadOnlyDialog } from '../../common/ReadOnlyDialog';

/** How often the log is read again while a newsletter is scheduled or being sent. */
const POLL_MS = 3000;

const dateTime = (value: string | null, locale: string) => (value ? formatWireDate(value, locale) : '');

/** The sends not done yet: when, how far the queue has come, and Cancel. */
function PendingSends({ sends, onCancel }: { sends: NewsletterSend[]; onCancel: (send: NewsletterSend) => void }) {
  const translate = useTranslate();
  const locale = useLocale();
  if (!sends.length) return null;
  return (
    <Stack spacing={1} sx={{ mb: 2 }} aria-live="polite">
      {sends.map((send) => (
        <Alert
          key={send.Id}
          severity="info"
          icon={<SendMethodIcon id={send.SendMethodId} />}
          action={
            <Button color="inherit" size="small" onClick={() => onCancel(send)}>
              {translate('newsletters.log.cancel')}
            </Button>
          }
        >
          <Typography variant="body2">
            {translate(send.State === 'sending' ? 'newsletters.log.sending' : 'newsletters.log.scheduled', {
              heading: send.Heading,
              date: dateTime(send.ToSendDate, locale),
              sent: send.SentCount,
              total: send.Total,
            })}
          </Typography>
          {send.State === 'sending' && (
            <LinearProgress
              variant="determinate"
              value={send.Total ? (100 * (send.SentCount + send.FailedCount)) / send.Total : 0}
              aria-label={translate('newsletters.log.progress')}
              sx={{ mt: 1 }}
            />
          )}
        </Alert>
      ))}
    </Stack>
  );
}

function ViewDialog({ entry, onClose }: { entry: Newsletter | null; onClose: () => void }) {
  const translate = useTranslate();
  return (
    <ReadOnlyDialog open={entry !== null} title={entry?.MessageTitle} onClose={onClose} dividers>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        {translate('newsletters.log.to', { receiver: entry?.Receiver ?? '' })}
      </Typography>
      {entry?.ImageUrl && <Box component="img" src={entry.ImageUrl} alt="" sx={{ maxWidth: '100%', mb: 2 }} />}
      <SafeHtml html={entry?.MessageBody ?? ''} />
    </ReadOnlyDialog>
  );
}

/** The status of a log entry as a chip: sent, scheduled, failed (with the reason) or cancelled. */
function StatusChip({ entry }: { entry: Newsletter }) {
  const translate = useTranslate();
  const color = entry.Sent ? 'success' : entry.Status === 'failed' ? 'error' : entry.Status === 'canceled' ? 'default' : 'info';
  return <Chip size="small" color={color} label={translate(`newsletters.status.${entry.Status}`)} title={entry.Error ?? undefined} />;
}

/**
 * The newsletter log tab: sends waiting or under way (progress, Cancel), then one row per receiver
 * with the spec's columns (send method, created, receiver, title, sent, to-send date) and the row
 * actions Resend and View (the sanitised body). Read again every 3 s while something is pending.
 */
export function LogTab({ list, page, onPage }: { list: ListState<Newsletter>; page: number; onPage: (page: number) => void }) {
  const translate = useTranslate();
  const locale = useLocale();
  const notify = useNotify();
  const api = useApi();
  const [viewing, setViewing] = useState<Newsletter | null>(null);
  const pending = useNewsletterList<NewsletterSend>('/newsletter/sends', { Pending: true, Take: 10, OrderBy: '-Id' }, POLL_MS);
  const hasPending = pending.rows.length > 0;
  const { reload } = list;
  useEffect(() => {
    if (!hasPending) return undefined;
    const timer = setInterval(reload, POLL_MS);
    return () => clearInterval(timer);
  }, [hasPending, reload]);
  // The last batch ends what was pending: read the log once more so it shows every entry sent.
  const hadPending = useRef(false);
  useEffect(() => {
    if (hadPending.current && !hasPending) reload();
    hadPending.current = hasPending;
  }, [hasPending, reload]);

  const act = async (action: () => Promise<unknown>, success: string) => {
    try {
      await action();
      notify(success, { type: 'success' });
    } catch (error) {
      notify(apiErrorInfo(error).message || 'custom.common.unknownError', { type: 'error' });
    }
    pending.reload();
    reload();
  };

  return (
    <Box>
      <Stack direction="row" sx={{ justifyContent: 'flex-end', mb: 2 }}>
        <Button variant="contained" component={RouterLink} to="/newsletters/send" startIcon={<SendIcon />}>
          {translate('newsletters.log.send')}
        </Button>
      </Stack>
      <PendingSends sends={pending.rows} onCancel={(send) => void act(() => api.call('DELETE', `/newsletter/send/${send.Id}`), 'newsletters.log.canceled')} />
      {list.error && <Alert severity="error">{translate(list.error, { _: list.error })}</Alert>}
      {!list.loading && !list.error && list.rows.length === 0 ? (
        <Typography sx={{ py: 3 }} color="text.secondary">
          {translate('newsletters.log.empty')}
        </Typography>
      ) : (
        <OutlinedTable
          aria-label={translate('newsletters.tabs.newsletterlog')}
          head={
              <TableRow>
                <TableCell>{translate('newsletters.fields.SendMethodId')}</TableCell>
                <TableCell>{translate('newsletters.fields.Created')}</TableCell>
                <TableCell>{translate('newsletters.fields.Receiver')}</TableCell>
                <TableCell>{translate('newsletters.fields.MessageTitle')}</TableCell>
                <TableCell>{translate('newsletters.fields.Sent')}</TableCell>
                <TableCell>{translate('newsletters.fields.ToSendDate')}</TableCell>
                <ActionsHeaderCell label={translate('newsletters.fields.actions')} />
              </TableRow>
          }
        >
              {list.rows.map((entry) => (
                <TableRow key={entry.Id}>
                  <TableCell>
                    <SendMethodIcon id={entry.SendMethodId} />
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{dateTime(entry.Created, locale)}</TableCell>
                  <TableCell>{entry.Receiver}</TableCell>
                  <TableCell sx={{ minWidth: 160 }}>{entry.MessageTitle}</TableCell>
                  <TableCell>
                    <StatusChip entry={entry} />
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{dateTime(entry.ToSendDate, locale)}</TableCell>
                  <LogRowActions
                    viewLabel={translate('newsletters.log.view')}
                    onView={() => setViewing(entry)}
                    resendLabel={translate('newsletters.log.resend')}
                    onResend={() => void act(() => api.call('PUT', `/newsletter/log/${entry.Id}/resend`), 'newsletters.log.resent')}
                  />
                </TableRow>
              ))}
        </OutlinedTable>
      )}
      <FixedPagination count={list.total} page={page} pageSize={PAGE_SIZE} onPage={onPage} />
      <ViewDialog entry={viewing} onClose={() => setViewing(null)} />
    </Box>
  );
}
