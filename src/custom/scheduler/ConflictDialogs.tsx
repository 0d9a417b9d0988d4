import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, List, ListItem, ListItemText } from '@mui/material';
import { useLocale, useTranslate } from 'react-admin';
import { bookingCustomerName } from '../../common/bookings/bookingTypes';
import { formatRange } from '../../common/bookings/formatRange';
import { toWire } from './model';
import type { MoveConflict } from './useBoardMoves';

/**
 * The resource-conflict and time-exception-conflict modals of a move: what collides, and the choices
 * (keep the old time; book outside the schedules where the server allows it; move onto the
 * exception anyway).
 */
export function ConflictDialogs({ conflict, onResolve }: { conflict: MoveConflict | null; onResolve: (choice: 'proceed' | 'outside' | 'keep') => void }) {
  const translate = useTranslate();
  const locale = useLocale();
  const open = conflict !== null;
  const keep = () => onResolve('keep');
  const span = (start: Date, end: Date) => formatRange(toWire(start), toWire(end), locale);
  return (
    <Dialog open={open} onClose={keep} aria-labelledby="scheduler-conflict-title" maxWidth="sm" fullWidth>
      {conflict?.kind === 'resource' ? (
        <>
          <DialogTitle id="scheduler-conflict-title">{translate('scheduler.conflict.resourceTitle')}</DialogTitle>
          <DialogContent>
            <Alert severity="warning" sx={{ mb: 2 }}>
              {conflict.message || translate('scheduler.conflict.resourceText')}
            </Alert>
            <DialogContentText>{translate('scheduler.conflict.wanted', { time: span(conflict.move.start, conflict.move.end), booking: conflict.move.event.title })}</DialogContentText>
            {conflict.colliding.length > 0 ? (
              <List dense aria-label={translate('scheduler.conflict.colliding')}>
                {conflict.colliding.map((b) => (
                  <ListItem key={b.Id} disableGutters>
                    <ListItemText primary={`#${b.Id} ${[bookingCustomerName(b), b.ServiceName].filter(Boolean).join(' · ')}`} secondary={formatRange(b.From, b.To, locale)} />
                  </ListItem>
                ))}
              </List>
            ) : null}
          </DialogContent>
          <DialogActions>
            {conflict.outsideAllowed ? <Button onClick={() => onResolve('outside')}>{translate('scheduler.conflict.bookOutside')}</Button> : null}
            <Button variant="contained" onClick={keep} autoFocus>
              {translate('scheduler.conflict.keep')}
            </Button>
          </DialogActions>
        </>
      ) : conflict?.kind === 'exception' ? (
        <>
          <DialogTitle id="scheduler-conflict-title">{translate('scheduler.conflict.exceptionTitle')}</DialogTitle>
          <DialogContent>
            <DialogContentText>{translate('scheduler.conflict.exceptionText', { time: span(conflict.move.start, conflict.move.end) })}</DialogContentText>
            <List dense>
              {conflict.shades.map((s, i) => (
                <ListItem key={i} disableGutters>
                  <ListItemText primary={s.reason || translate('scheduler.exception')} secondary={span(s.start, s.end)} />
                </ListItem>
              ))}
            </List>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => onResolve('proceed')}>{translate('scheduler.conflict.moveAnyway')}</Button>
            <Button variant="contained" onClick={keep} autoFocus>
              {translate('scheduler.conflict.keep')}
            </Button>
          </DialogActions>
        </>
      ) : null}
    </Dialog>
  );
}
