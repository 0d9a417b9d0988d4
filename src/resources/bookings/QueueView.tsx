import { useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Box, Button, List as MuiList, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import RemoveIcon from '@mui/icons-material/PersonRemove';
import { Confirm, Loading, useLocale, useNotify, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { QueryResponse } from '../../../schema/common';
import { apiErrorInfo, useApi } from '../../common/api';
import { formatWireDate } from '../../i18n/format';
import { formatRange } from '../../common/bookings/formatRange';
import { bookingActions } from '../../common/bookings/bookingApi';
import type { BookingUserQueueEntry as BookingQueueEntry } from '../../common/bookings/bookingTypes';

/** Queue entries grouped per service and time, earliest first. */
function groupByTime(entries: readonly BookingQueueEntry[]) {
  const groups = new Map<string, BookingQueueEntry[]>();
  for (const e of [...entries].sort((a, b) => a.From.localeCompare(b.From) || a.Created.localeCompare(b.Created))) {
    const key = `${e.ServiceId}|${e.From}|${e.To}`;
    groups.set(key, [...(groups.get(key) ?? []), e]);
  }
  return [...groups.values()];
}

/**
 * Customers waiting for a full time (GET /bookinguserqueue), per time; "Book" turns one into a booking
 * when a spot has freed up and takes them off the queue, in one call (POST /bookinguserqueue/{Id}/book);
 * a time still full answers with the server's message and the customer stays queued. "Remove" takes a
 * customer off the queue after a confirmation (DELETE /bookinguserqueue/{Id}).
 */
export function QueueView() {
  const api = useApi();
  const translate = useTranslate();
  const locale = useLocale();
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<number | null>(null);
  const [removing, setRemoving] = useState<BookingQueueEntry | null>(null);
  const { data, isPending, error } = useQuery({
    queryKey: ['bookings', 'queue'],
    queryFn: async () => (await api.call<QueryResponse<BookingQueueEntry>>('GET', '/bookinguserqueue', { query: { OrderBy: 'From', Take: 1000 } })).Results,
  });
  const groups = useMemo(() => groupByTime(data ?? []), [data]);

  const book = async (entry: BookingQueueEntry) => {
    setBusy(entry.Id);
    try {
      const created = await bookingActions.bookQueued(api, entry.Id);
      notify('custom.bookings.queue.booked', { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['bookings', 'queue'] });
      if (created?.Id) navigate(`/bookings/${created.Id}`);
    } catch (e) {
      notify(apiErrorInfo(e).message || 'ra.notification.http_error', { type: 'error' });
    } finally {
      setBusy(null);
    }
  };

  const remove = async (entry: BookingQueueEntry) => {
    setBusy(entry.Id);
    try {
      await bookingActions.removeQueued(api, entry.Id);
      notify('custom.bookings.queue.removed', { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['bookings', 'queue'] });
    } catch (e) {
      notify(apiErrorInfo(e).message || 'ra.notification.http_error', { type: 'error' });
    } finally {
      setBusy(null);
      setRemoving(null);
    }
  };

  if (isPending) return <Loading />;
  if (error) return <Alert severity="error">{apiErrorInfo(error).message}</Alert>;
  if (!groups.length) return <Typography>{translate('custom.bookings.queue.empty')}</Typography>;
  return (
    <Stack spacing={2}>
      {groups.map((entries) => {
        const first = entries[0];
        return (
          <Box key={`${first.ServiceId}-${first.From}`} component="section" aria-labelledby={`queue-${first.Id}`}>
            <Typography id={`queue-${first.Id}`} variant="subtitle1" component="h2">
              {`${first.ServiceName ?? ''} · ${formatRange(first.From, first.To, locale)}`}
            </Typography>
            <MuiList dense>
              {entries.map((entry, index) => (
                <ListItem
                  key={entry.Id}
                  divider
                  secondaryAction={
                    <Stack direction="row" spacing={1}>
                      <Button size="small" startIcon={<EventAvailableIcon />} disabled={busy !== null} onClick={() => void book(entry)}>
                        {translate('custom.bookings.queue.book')}
                      </Button>
                      <Button
                        size="small"
                        color="error"
                        startIcon={<RemoveIcon />}
                        disabled={busy !== null}
                        aria-label={translate('custom.bookings.queue.removeLabel', { name: entry.CustomerName })}
                        onClick={() => setRemoving(entry)}
                      >
                        {translate('custom.bookings.queue.remove')}
                      </Button>
                    </Stack>
                  }
                >
                  <ListItemText
                    primary={`${index + 1}. ${entry.CustomerName}${entry.CustomerEmail ? ` (${entry.CustomerEmail})` : ''}`}
                    secondary={[
                      entry.Quantity ? translate('custom.bookings.queue.quantity', { smart_count: entry.Quantity }) : null,
                      translate('custom.bookings.queue.since', { date: formatWireDate(entry.Created, locale) }),
                      entry.Comment,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  />
                </ListItem>
              ))}
            </MuiList>
          </Box>
        );
      })}
      <Confirm
        isOpen={removing !== null}
        loading={busy !== null}
        title={translate('custom.bookings.queue.removeTitle', { name: removing?.CustomerName ?? '' })}
        content={removing ? translate('custom.bookings.queue.removeText', { time: `${removing.ServiceName ?? ''} · ${formatRange(removing.From, removing.To, locale)}` }) : ''}
        confirm="custom.bookings.queue.remove"
        confirmColor="warning"
        onConfirm={() => removing && void remove(removing)}
        onClose={() => setRemoving(null)}
      />
    </Stack>
  );
}
