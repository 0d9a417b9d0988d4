import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { apiErrorInfo, useApi } from '../../common/api';
import { useCan } from '../../auth/roles';
import type { BookingDoor, ResyncAnswer } from './types';

const at = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'short' });

/**
 * The booking page's door code (issue 34): shown only when the booking's resources have a door with
 * an active lock system: the code (or phone key), its window, each door's state with the lock, a lock
 * that could not be reached, and "Resync door code", which sends it again and shows what the lock answered.
 */
export function DoorCodeSection({ bookingId, canceled }: { bookingId: number; canceled: boolean }) {
  const api = useApi();
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const canWrite = useCan('bookings', 'write');
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<ResyncAnswer | null>(null);
  const { data } = useQuery({ queryKey: ['booking', bookingId, 'doorcode'], queryFn: () => api.call<BookingDoor>('GET', `/codelock/bookings/${bookingId}`) });
  if (!data || (!data.HasDoor && data.Grants.length === 0)) return null;

  const resync = async () => {
    setBusy(true);
    try {
      const result = await api.call<ResyncAnswer>('POST', `/codelock/resync/${bookingId}`, { body: {} });
      setAnswer(result);
      notify(result.Ok ? 'custom.codelock.booking.resynced' : 'custom.codelock.booking.resyncFailed', { type: result.Ok ? 'success' : 'warning' });
    } catch (e) {
      notify(apiErrorInfo(e).message || 'custom.common.unknownError', { type: 'error' });
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: ['booking', bookingId] });
    }
  };

  const grant = data.Grants.find((g) => g.State !== 'revoking');
  return (
    <Box component="section" aria-labelledby="doorcode-heading" sx={{ mt: 2, p: 2, border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Typography id="doorcode-heading" variant="subtitle1" component="h3">
        {translate(data.Credential === 'phone' ? 'custom.codelock.booking.phoneKey' : 'custom.codelock.booking.doorCode')}
        {data.CodeLockSystemName ? ` · ${data.CodeLockSystemName}` : ''}
      </Typography>
      {data.DoorCode && !canceled ? (
        <Typography variant="h5" component="p" sx={{ fontFamily: 'monospace', letterSpacing: 2 }} data-testid="door-code">
          {data.DoorCode}
        </Typography>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {translate(canceled ? 'custom.codelock.booking.revoked' : 'custom.codelock.booking.none')}
        </Typography>
      )}
      {grant && !canceled && (
        <Typography variant="body2">{translate('custom.codelock.booking.valid', { from: at(grant.ValidFrom), to: at(grant.ValidTo) })}</Typography>
      )}
      <Box component="ul" sx={{ m: 0, pl: 2 }}>
        {data.Grants.map((g) => (
          <Typography component="li" variant="body2" key={g.DoorId}>
            {translate('custom.codelock.booking.door', { door: g.DoorId, state: translate(`custom.codelock.booking.states.${g.State}`) })}
          </Typography>
        ))}
      </Box>
      {data.LastError && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {translate('custom.codelock.lastError', { error: data.LastError, at: data.LastErrorAt ? at(data.LastErrorAt) : '' })}
        </Alert>
      )}
      {answer && (
        <Alert severity={answer.Ok ? 'success' : 'error'} sx={{ mt: 1 }} role="status">
          {answer.Message}
        </Alert>
      )}
      {canWrite && !canceled && data.HasDoor && (
        <Stack direction="row" sx={{ mt: 1 }}>
          <Button variant="outlined" size="small" disabled={busy} onClick={() => void resync()}>
            {translate('custom.bookings.actions.resyncDoorCode')}
          </Button>
        </Stack>
      )}
    </Box>
  );
}
