import { memo, useState } from 'react';
import { Box, Button, Checkbox, IconButton, ListItemText, MenuItem, Popover, Stack, TextField, ToggleButton, ToggleButtonGroup, Tooltip, Typography } from '@mui/material';
import EventIcon from '@mui/icons-material/Event';
import { DateCalendar } from '@mui/x-date-pickers/DateCalendar';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import UndoIcon from '@mui/icons-material/Undo';
import { useLocale, useTranslate } from 'react-admin';
import { DateTime } from 'luxon';
import type { Service } from '../../../schema/services';
import { BOARD_VIEWS, type BoardResource, type BoardView } from './model';
import { PickerLocalization } from '../../common/inputs/DateTimeInputs';
import { TellOnMoveChoice } from './TellDialog';
import { dateLocale } from '../../i18n/format';


export interface ToolbarProps {
  view: BoardView;
  day: string;
  range: { start: Date; end: Date };
  resources: readonly BoardResource[];
  resourceIds: number[];
  services: readonly Service[];
  serviceIds: number[];
  canUndo: boolean;
  onView: (view: BoardView) => void;
  onDay: (day: string) => void;
  onStep: (by: number) => void;
  onToday: () => void;
  onResources: (ids: number[]) => void;
  onServices: (ids: number[]) => void;
  onUndo: () => void;
}

/** The range the view shows, in the interface language. */
function rangeTitle(view: BoardView, range: { start: Date; end: Date }, locale: string): string {
  const lang = dateLocale(locale);
  const start = DateTime.fromJSDate(range.start).setLocale(lang);
  const last = DateTime.fromJSDate(range.end).minus({ days: 1 }).setLocale(lang);
  if (view === 'day') return start.toLocaleString({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
  if (view === 'month') return start.plus({ days: 15 }).toLocaleString({ month: 'long', year: 'numeric' });
  return `${start.toLocaleString({ day: 'numeric', month: 'short' })} – ${last.toLocaleString({ day: 'numeric', month: 'short', year: 'numeric' })}`;
}

/**
 * The date choice: a button that opens a month calendar. Not the pickers' typed field: that field
 * reads the document's selection after each of its renders, which forced a layout of the whole
 * board (a week draws a thousand bookings) while the board's data arrived.
 */
const DateChoice = memo(function DateChoice({ day, label, onDay }: { day: string; label: string; onDay: (day: string) => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Tooltip title={label}>
        <IconButton aria-label={label} aria-haspopup="dialog" aria-expanded={anchor !== null} onClick={(e) => setAnchor(e.currentTarget)}>
          <EventIcon />
        </IconButton>
      </Tooltip>
      <Popover open={anchor !== null} anchorEl={anchor} onClose={() => setAnchor(null)} anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }} slotProps={{ paper: { role: 'dialog', 'aria-label': label } as object }}>
        <PickerLocalization>
          <DateCalendar
            value={DateTime.fromISO(day)}
            onChange={(v: DateTime | null) => {
              if (!v?.isValid) return;
              setAnchor(null);
              onDay(v.toFormat('yyyy-MM-dd'));
            }}
          />
        </PickerLocalization>
      </Popover>
    </>
  );
});

/** Navigation (back, today, forth, a date), the view, the shown resources and services, what a move tells the customer, and undo. */
export function SchedulerToolbar(p: ToolbarProps) {
  const translate = useTranslate();
  const locale = useLocale();
  const multi = (label: string, options: { id: number; name: string }[], value: number[], onChange: (ids: number[]) => void, name: string) => (
    <TextField
      select
      size="small"
      label={label}
      name={name}
      value={value}
      sx={{ minWidth: 160, maxWidth: { xs: '100%', sm: 260 }, flex: { xs: '1 1 140px', sm: 'none' } }}
      slotProps={{
        select: {
          multiple: true,
          displayEmpty: true,
          renderValue: (ids) => ((ids as number[]).length ? options.filter((o) => (ids as number[]).includes(o.id)).map((o) => o.name).join(', ') : translate('scheduler.all')),
          onChange: (e) => onChange((e.target.value as unknown as number[]).map(Number)),
        },
        inputLabel: { shrink: true },
      }}
    >
      {options.map((o) => (
        <MenuItem key={o.id} value={o.id}>
          <Checkbox size="small" checked={value.includes(o.id)} sx={{ p: 0.5, mr: 1 }} />
          <ListItemText primary={o.name} />
        </MenuItem>
      ))}
    </TextField>
  );
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', alignItems: 'center', gap: 1, p: { xs: 1, sm: 1.5 }, borderBottom: 1, borderColor: 'divider' }}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5 }}>
        <IconButton onClick={() => p.onStep(-1)} aria-label={translate('scheduler.previous')}>
          <ChevronLeftIcon />
        </IconButton>
        <Button variant="outlined" size="small" onClick={p.onToday}>
          {translate('scheduler.today')}
        </Button>
        <IconButton onClick={() => p.onStep(1)} aria-label={translate('scheduler.next')}>
          <ChevronRightIcon />
        </IconButton>
      </Stack>
      <Typography variant="h6" component="h2" sx={{ fontSize: { xs: 16, sm: 20 }, mr: 1, '&::first-letter': { textTransform: 'uppercase' } }} aria-live="polite">
        {rangeTitle(p.view, p.range, locale)}
      </Typography>
      <DateChoice day={p.day} label={translate('scheduler.pickDate')} onDay={p.onDay} />
      <ToggleButtonGroup size="small" exclusive value={p.view} sx={{ '& .MuiToggleButton-root': { color: 'text.primary' } }} onChange={(_e, v: BoardView | null) => v && p.onView(v)} aria-label={translate('scheduler.view')}>
        {BOARD_VIEWS.map((v) => (
          <ToggleButton key={v} value={v}>
            {translate(`scheduler.views.${v}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {multi(translate('scheduler.resources'), p.resources.map((r) => ({ id: r.id, name: r.name })), p.resourceIds, p.onResources, 'resources')}
      {multi(translate('scheduler.services'), p.services.map((s) => ({ id: s.Id, name: s.Name })), p.serviceIds, p.onServices, 'services')}
      <TellOnMoveChoice />
      <Box sx={{ flex: 1 }} />
      <Tooltip title={translate('scheduler.undoHint')}>
        <span>
          <Button size="small" startIcon={<UndoIcon />} disabled={!p.canUndo} onClick={p.onUndo}>
            {translate('scheduler.undo')}
          </Button>
        </span>
      </Tooltip>
    </Stack>
  );
}
