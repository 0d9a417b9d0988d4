import { useEffect, useState } from 'react';
import { Button, Checkbox, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, FormControlLabel, MenuItem, TextField } from '@mui/material';
import { useLocale, useStore, useTranslate } from 'react-admin';
import { bookingCustomerName } from '../../common/bookings/bookingTypes';
import { formatRange } from '../../common/bookings/formatRange';
import { toWire, type BoardResource } from './model';
import { TELL_ON_MOVE_KEY, type TellOnMove, type TellQuestion } from './useBoardMoves';

/**
 * Asks whether the customer of a moved booking is told of the new time (issue 30): tell, do not
 * tell, or keep the old time (Escape); "remember my choice" stops the asking, and the toolbar's
 * choice (TellOnMoveChoice) brings it back.
 */
export function TellDialog({
  question,
  onAnswer,
  resources,
}: {
  question: TellQuestion | null;
  onAnswer: (tell: boolean | null, remember: boolean) => void;
  /** The board's resources, to name the one a booking moves to. */
  resources: readonly BoardResource[];
}) {
  const translate = useTranslate();
  const locale = useLocale();
  const [remember, setRemember] = useState(false);
  useEffect(() => {
    if (question) setRemember(false);
  }, [question]);
  const q = question;
  return (
    <Dialog open={q !== null} onClose={() => onAnswer(null, false)} aria-labelledby="scheduler-tell-title" aria-describedby="scheduler-tell-text" maxWidth="sm" fullWidth>
      {q ? (
        <>
          <DialogTitle id="scheduler-tell-title">{translate('scheduler.tell.title')}</DialogTitle>
          <DialogContent>
            <DialogContentText id="scheduler-tell-text">
              {translate('scheduler.tell.text', {
                customer: bookingCustomerName(q.move.event.booking) || q.move.event.title,
                time: [
                  q.move.resourceId !== q.move.event.resourceId ? resources.find((r) => r.id === q.move.resourceId)?.name : undefined,
                  formatRange(toWire(q.move.start), toWire(q.move.end), locale),
                ]
                  .filter(Boolean)
                  .join(', '),
              })}
            </DialogContentText>
            <DialogContentText sx={{ mt: 1 }}>{translate('scheduler.tell.undoNote')}</DialogContentText>
            <FormControlLabel sx={{ mt: 1 }} control={<Checkbox checked={remember} onChange={(e) => setRemember(e.target.checked)} />} label={translate('scheduler.tell.remember')} />
          </DialogContent>
          <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Button onClick={() => onAnswer(null, false)}>{translate('scheduler.conflict.keep')}</Button>
            <Button variant="outlined" onClick={() => onAnswer(false, remember)}>
              {translate('scheduler.tell.silent')}
            </Button>
            <Button variant="contained" onClick={() => onAnswer(true, remember)} autoFocus>
              {translate('scheduler.tell.tell')}
            </Button>
          </DialogActions>
        </>
      ) : null}
    </Dialog>
  );
}

/** The toolbar's choice of what a move does about the customer: ask each time, always tell, never tell. */
export function TellOnMoveChoice() {
  const translate = useTranslate();
  const [value, setValue] = useStore<TellOnMove>(TELL_ON_MOVE_KEY, 'ask');
  return (
    <TextField
      select
      size="small"
      name="tellOnMove"
      label={translate('scheduler.tell.choice')}
      value={value}
      onChange={(e) => setValue(e.target.value as TellOnMove)}
      sx={{ minWidth: 160, maxWidth: { xs: '100%', sm: 240 }, flex: { xs: '1 1 140px', sm: 'none' } }}
      slotProps={{ inputLabel: { shrink: true } }}
    >
      {(['ask', 'tell', 'silent'] as const).map((v) => (
        <MenuItem key={v} value={v}>
          {translate(`scheduler.tell.choices.${v}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}
