import { Alert, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, List, ListItem, ListItemText } from '@mui/material';
import { useLocale, useTranslate } from 'react-admin';
import { formatWireSpan } from '../../i18n/format';
import type { CollidingEvent } from '../../../schema/scheduling';

export type ConflictState = { kind: 'closed' } | { kind: 'loading' } | { kind: 'loaded'; events: CollidingEvent[] } | { kind: 'failed'; message: string };

const when = (e: CollidingEvent, locale: string) => formatWireSpan(e.From, e.To, locale);

/**
 * The time-exception-conflict modal: the bookings a time exception would collide with (spec
 * areas.md §8), with the choice to save it anyway.
 */
export function TimeExceptionConflictModal({ state, onClose, onForce, forcing }: { state: ConflictState; onClose: () => void; onForce: () => void; forcing: boolean }) {
  const translate = useTranslate();
  const locale = useLocale();
  return (
    <Dialog open={state.kind !== 'closed'} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="time-exception-conflict-title">
      <DialogTitle id="time-exception-conflict-title">{translate('resources.time-exceptions.conflict.title')}</DialogTitle>
      <DialogContent dividers>
        {state.kind === 'loading' ? <CircularProgress size={24} aria-label={translate('ra.page.loading')} /> : null}
        {state.kind === 'failed' ? <Alert severity="error">{state.message}</Alert> : null}
        {state.kind === 'loaded' ? (
          <>
            <Alert severity="warning" sx={{ mb: 1 }}>
              {translate('resources.time-exceptions.conflict.message', { smart_count: state.events.length })}
            </Alert>
            <List dense aria-label={translate('resources.time-exceptions.conflict.bookings')}>
              {state.events.map((e) => (
                <ListItem key={e.Id} divider>
                  <ListItemText
                    primary={`${when(e, locale)} · ${e.ServiceName}`}
                    secondary={[e.CustomerName ?? translate('resources.time-exceptions.conflict.noCustomer'), e.Resources.map((r) => r.Name).join(', ')].filter(Boolean).join(' · ')}
                  />
                </ListItem>
              ))}
            </List>
          </>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button color="warning" variant="contained" onClick={onForce} disabled={state.kind !== 'loaded' || forcing}>
          {translate('resources.time-exceptions.conflict.saveAnyway')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
