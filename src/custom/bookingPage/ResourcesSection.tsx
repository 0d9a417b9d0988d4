import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useTranslate } from 'react-admin';
import { bookingActions, fetchAvailableResources } from '../../common/bookings/bookingApi';
import { BOOKING_STATUS, type Booking } from '../../common/bookings/bookingTypes';
import { useCan } from '../../auth/roles';
import { apiErrorInfo, useApi } from '../../common/api';
import { Section } from './Section';
import { useBookingAction } from './useBookingAction';

type Mode = { kind: 'add' } | { kind: 'change' | 'move'; resourceTypeId: number; resourceId: number; name: string };

/** Chooses one of the resources free for the booking's time (GET /bookings/{id}/resources/available). */
function ResourceDialog({ booking, mode, onClose }: { booking: Booking; mode: Mode; onClose: () => void }) {
  const api = useApi();
  const translate = useTranslate();
  const { run, busy } = useBookingAction(booking.Id);
  const [chosen, setChosen] = useState('');
  const { data, isPending, error } = useQuery({
    queryKey: ['booking', booking.Id, 'available'],
    queryFn: () => fetchAvailableResources(api, booking.Id),
  });
  const options = (data ?? []).filter((r) => mode.kind === 'add' || r.ResourceTypeId === mode.resourceTypeId);
  const title = mode.kind === 'add' ? translate('custom.bookings.resources.addTitle') : translate(`custom.bookings.resources.${mode.kind}Title`, { name: mode.name });
  const save = async () => {
    const [typeId, resourceId] = chosen.split(':').map(Number);
    const ok = await run(
      () =>
        mode.kind === 'add'
          ? bookingActions.addResource(api, booking.Id, typeId, resourceId)
          : mode.kind === 'change'
            ? bookingActions.changeResource(api, booking.Id, typeId, mode.resourceId, resourceId)
            : bookingActions.move(api, booking.Id, mode.resourceId, resourceId),
      'custom.bookings.notices.updated',
    );
    if (ok) onClose();
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="resource-dialog-title">
      <DialogTitle id="resource-dialog-title">{title}</DialogTitle>
      <DialogContent>
        {isPending ? (
          <CircularProgress aria-label={translate('ra.page.loading')} />
        ) : error ? (
          <Alert severity="error">{apiErrorInfo(error).message}</Alert>
        ) : options.length === 0 ? (
          <Typography>{translate('custom.bookings.resources.noneFree')}</Typography>
        ) : (
          <FormControl>
            <FormLabel id="resource-choice-label">{translate('custom.bookings.resources.free')}</FormLabel>
            <RadioGroup aria-labelledby="resource-choice-label" value={chosen} onChange={(e) => setChosen(e.target.value)}>
              {options.map((r) => (
                <FormControlLabel
                  key={`${r.ResourceTypeId}:${r.ResourceId}`}
                  value={`${r.ResourceTypeId}:${r.ResourceId}`}
                  control={<Radio />}
                  label={mode.kind === 'add' ? `${r.ResourceName} (${r.ResourceTypeName})` : r.ResourceName}
                />
              ))}
            </RadioGroup>
          </FormControl>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" onClick={() => void save()} disabled={!chosen || busy}>
          {translate('ra.action.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The booked resources per type, with change, move and remove, and adding one more. */
export function ResourcesSection({ booking }: { booking: Booking }) {
  const api = useApi();
  const translate = useTranslate();
  const canWrite = useCan('bookings', 'write') && booking.StatusId !== BOOKING_STATUS.Canceled && booking.StatusId !== BOOKING_STATUS.Unbooked;
  const { run, busy } = useBookingAction(booking.Id);
  const [mode, setMode] = useState<Mode | null>(null);
  const types = booking.BookedResourceTypes ?? [];
  return (
    <Section
      title="custom.bookings.page.sections.resources"
      action={
        canWrite ? (
          <Button size="small" startIcon={<AddIcon />} onClick={() => setMode({ kind: 'add' })}>
            {translate('custom.bookings.resources.add')}
          </Button>
        ) : undefined
      }
    >
      {types.every((t) => t.Resources.length === 0) ? (
        <Typography color="text.secondary">{translate('custom.bookings.page.none')}</Typography>
      ) : (
        <Stack spacing={1}>
          {types.flatMap((t) =>
            t.Resources.map((r) => (
              <Box key={`${t.Id}:${r.Id}`} sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
                <Typography sx={{ minWidth: 160 }}>
                  <Box component="span" sx={{ color: 'text.secondary' }}>{`${t.Name}: `}</Box>
                  {r.Name}
                </Typography>
                {canWrite && (
                  <>
                    <Button size="small" onClick={() => setMode({ kind: 'change', resourceTypeId: t.Id, resourceId: r.Id, name: r.Name })} aria-label={translate('custom.bookings.resources.changeTitle', { name: r.Name })}>
                      {translate('custom.bookings.resources.change')}
                    </Button>
                    <Button size="small" onClick={() => setMode({ kind: 'move', resourceTypeId: t.Id, resourceId: r.Id, name: r.Name })} aria-label={translate('custom.bookings.resources.moveTitle', { name: r.Name })}>
                      {translate('custom.bookings.resources.move')}
                    </Button>
                    <Button
                      size="small"
                      color="error"
                      disabled={busy}
                      aria-label={translate('custom.bookings.resources.removeLabel', { name: r.Name })}
                      onClick={() => void run(() => bookingActions.removeResource(api, booking.Id, t.Id, r.Id), 'custom.bookings.notices.updated')}
                    >
                      {translate('custom.bookings.resources.remove')}
                    </Button>
                  </>
                )}
              </Box>
            )),
          )}
        </Stack>
      )}
      {mode && <ResourceDialog booking={booking} mode={mode} onClose={() => setMode(null)} />}
    </Section>
  );
}
