import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useLocale, useTranslate } from 'react-admin';
import { bookingCustomerName } from '../../common/bookings/bookingTypes';
import { formatRange } from '../../common/bookings/formatRange';
import { toWire } from './model';
import type { MoveConflict } from './useBoardMoves';

/**
 * The move's conflict dialog (the spec's resource-conflict and time-exception-conflict modals in one):
 * titled by what stops the move (a taken time, a time outside the schedules, or a time exception the
 * board asks about first), it lists every reason at once: the server's message, the bookings already
 * there, the closed hours, the time exceptions. The choices: keep the old time; book outside the
 * schedules where the server allows it; move onto the exception anyway.
 */
export function ConflictDialogs({ conflict, onResolve }: { conflict: MoveConflict | null; onResolve: (choice: 'proceed' | 'outside' | 'keep') => void }) {
  const translate = useTranslate();
  const locale = useLocale();
  const keep = () => onResolve('keep');
  const span = (start: Date, end: Date) => formatRange(toWire(start), toWire(end), locale);
  const c = conflict;
  const title = !c
    ? ''
    : c.refused === 'taken'
      ? translate('scheduler.conflict.resourceTitle')
      : c.refused === 'outside'
        ? translate('scheduler.conflict.outsideTitle')
        : translate('scheduler.conflict.exceptionTitle');
  return (
    <Dialog open={c !== null} onClose={keep} aria-labelledby="scheduler-conflict-title" maxWidth="sm" fullWidth>
      {c ? (
        <>
          <DialogTitle id="scheduler-conflict-title">{title}</DialogTitle>
          <DialogContent>
            {c.refused ? (
              <Alert severity="warning" sx={{ mb: 2 }}>
                {c.message || translate(c.refused === 'taken' ? 'scheduler.conflict.resourceText' : 'scheduler.conflict.outsideText')}
              </Alert>
            ) : null}
            <DialogContentText>
              {c.refused
                ? translate('scheduler.conflict.wanted', { time: span(c.move.start, c.move.end), booking: c.move.event.title })
                : translate('scheduler.conflict.exceptionText', { time: span(c.move.start, c.move.end) })}
            </DialogContentText>
            {c.exceptions.length > 0 ? (
              <>
                {c.refused ? (
                  <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
                    {translate('scheduler.conflict.exceptions')}
                  </Typography>
                ) : null}
                <List dense aria-label={translate('scheduler.conflict.exceptions')}>
                  {c.exceptions.map((s, i) => (
                    <ListItem key={i} disableGutters>
                      <ListItemText primary={s.reason || translate('scheduler.exception')} secondary={span(s.start, s.end)} />
                    </ListItem>
                  ))}
                </List>
              </>
            ) : null}
            {c.closed && c.refused !== 'outside' ? (
              <Alert severity="info" sx={{ mt: 2 }}>
                {translate('scheduler.conflict.outsideText')}
              </Alert>
            ) : null}
            {c.colliding.length > 0 ? (
              <>
                <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
                  {translate('scheduler.conflict.colliding')}
                </Typography>
                <List dense aria-label={translate('scheduler.conflict.colliding')}>
                  {c.colliding.map((b) => (
                    <ListItem key={b.Id} disableGutters>
                      <ListItemText primary={`#${b.Id} ${[bookingCustomerName(b), b.ServiceName].filter(Boolean).join(' · ')}`} secondary={formatRange(b.From, b.To, locale)} />
                    </ListItem>
                  ))}
                </List>
              </>
            ) : null}
          </DialogContent>
          <DialogActions>
            {c.choice === 'outside' ? <Button onClick={() => onResolve('outside')}>{translate('scheduler.conflict.bookOutside')}</Button> : null}
            {c.choice === 'anyway' ? <Button onClick={() => onResolve('proceed')}>{translate('scheduler.conflict.moveAnyway')}</Button> : null}
            <Button variant="contained" onClick={keep} autoFocus>
              {translate('scheduler.conflict.keep')}
            </Button>
          </DialogActions>
        </>
      ) : null}
    </Dialog>
  );
}
