import { useId, useMemo, useState } from 'react';
import { Alert, Box, Button, IconButton, LinearProgress, Stack, ToggleButton, ToggleButtonGroup, Tooltip, Typography } from '@mui/material';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { useQuery } from '@tanstack/react-query';
import { useLocale, useTranslate } from 'react-admin';
import type { AvailableTime, AvailableTimesResource, AvailableTimesResponse } from '../../../schema/availability';
import type { Id, LocalDate } from '../../../schema/common';
import { useApi } from '../../common/api';
import { daysOf, formatClock, formatDay, searchRange, stepDay, type CalendarView } from './calendar';
import { DayField } from './DayField';

export interface TimeSlotsProps {
  serviceId: Id;
  /** Minutes, for services with a flexible duration. */
  duration?: number;
  resources: AvailableTimesResource[];
  /** Full times can be chosen too: the customer then goes to the queue. */
  queueEnabled: boolean;
  day: LocalDate;
  view: CalendarView;
  /** The company's today: the picker does not go before it. */
  today: LocalDate;
  onNavigate: (day: LocalDate, view: CalendarView) => void;
  selected: AvailableTime | null;
  onSelect: (time: AvailableTime) => void;
}

const sameTime = (a: AvailableTime | null, b: AvailableTime) => !!a && a.From === b.From && a.To === b.To;

/**
 * The free times of a service (GET /services/{Id}/availabletimes) for one day or one week, with
 * day and week navigation; each time is a toggle button saying how many spots are free.
 * @example
 * <TimeSlots serviceId={3} resources={[]} queueEnabled={false} day="2030-06-03" view="day" today="2030-06-01" onNavigate={go} selected={null} onSelect={pick} />
 */
export function TimeSlots({ serviceId, duration, resources, queueEnabled, day, view, today, onNavigate, selected, onSelect }: TimeSlotsProps) {
  const translate = useTranslate();
  const locale = useLocale();
  const api = useApi();
  const days = useMemo(() => daysOf(day, view), [day, view]);
  // Days before the company's today have no times to offer: they are shown as past, not asked for.
  const open = days.filter((d) => d >= today);
  const range = searchRange(open.length ? open : days);
  const times = useQuery({
    queryKey: ['newBooking', 'availabletimes', serviceId, range.From, range.To, duration ?? null, resources],
    queryFn: () =>
      api.call<AvailableTimesResponse>('GET', `/services/${serviceId}/availabletimes`, {
        query: { From: range.From, To: range.To, Duration: duration, Resources: resources.length ? resources : undefined },
      }),
  });
  const byDay = useMemo(() => {
    const map = new Map<string, AvailableTime[]>(days.map((d) => [d, []]));
    for (const time of times.data?.Times ?? []) map.get(time.From.slice(0, 10))?.push(time);
    return map;
  }, [days, times.data]);

  // Today (or an arrow) while the field holds a partial or past date on the day shown: the field shows the day again.
  const [fieldKey, setFieldKey] = useState(0);
  const go = (next: LocalDate, nextView: CalendarView) => {
    if (next === day) setFieldKey((k) => k + 1);
    onNavigate(next, nextView);
  };

  const unit = view === 'day' ? 'Day' : 'Week';
  const atStart = days[0] <= today;
  const heading = view === 'day' ? formatDay(days[0], locale) : `${formatDay(days[0], locale)} – ${formatDay(days[days.length - 1], locale)}`;

  return (
    <Box sx={{ display: 'grid', gap: 1.5, minWidth: 0 }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Tooltip title={translate(`newBookingForm.previous${unit}`)}>
          <span>
            <IconButton aria-label={translate(`newBookingForm.previous${unit}`)} disabled={atStart} onClick={() => go(stepDay(day, view, -1) < today ? today : stepDay(day, view, -1), view)}>
              <ChevronLeftIcon />
            </IconButton>
          </span>
        </Tooltip>
        <Button size="small" variant="outlined" onClick={() => go(today, view)}>
          {translate('newBookingForm.today')}
        </Button>
        <Tooltip title={translate(`newBookingForm.next${unit}`)}>
          <IconButton aria-label={translate(`newBookingForm.next${unit}`)} onClick={() => go(stepDay(day, view, 1), view)}>
            <ChevronRightIcon />
          </IconButton>
        </Tooltip>
        <Box sx={{ width: 180 }}>
          <DayField key={fieldKey} label={translate('newBookingForm.date')} day={day} minDay={today} onDay={(d) => onNavigate(d, view)} />
        </Box>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={view}
          aria-label={translate('newBookingForm.view')}
          onChange={(_, next: CalendarView | null) => next && onNavigate(day, next)}
        >
          <ToggleButton value="day">{translate('newBookingForm.dayView')}</ToggleButton>
          <ToggleButton value="week">{translate('newBookingForm.weekView')}</ToggleButton>
        </ToggleButtonGroup>
      </Stack>
      <Typography variant="subtitle2" component="p" aria-live="polite">
        {heading}
      </Typography>
      <Box sx={{ minHeight: 4 }}>{times.isFetching ? <LinearProgress aria-label={translate('newBookingForm.loadingTimes')} /> : null}</Box>
      {times.error ? <Alert severity="error">{(times.error as Error).message}</Alert> : null}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: view === 'week' ? { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(7, minmax(0, 1fr))' } : '1fr',
        }}
      >
        {days.map((d) => (
          <DayTimes
            key={d}
            day={d}
            times={d < today ? [] : (byDay.get(d) ?? [])}
            loaded={times.isSuccess}
            past={d < today}
            queueEnabled={queueEnabled}
            selected={selected}
            onSelect={onSelect}
            compact={view === 'week'}
            showHeading={view === 'week'}
          />
        ))}
      </Box>
    </Box>
  );
}

function DayTimes({
  day,
  times,
  loaded,
  past,
  queueEnabled,
  selected,
  onSelect,
  compact,
  showHeading,
}: {
  day: LocalDate;
  times: AvailableTime[];
  loaded: boolean;
  /** Before the company's today: shown as past, nothing to choose. */
  past: boolean;
  queueEnabled: boolean;
  selected: AvailableTime | null;
  onSelect: (time: AvailableTime) => void;
  compact: boolean;
  showHeading: boolean;
}) {
  const translate = useTranslate();
  const locale = useLocale();
  const headingId = useId();
  const name = formatDay(day, locale);
  const dayName = name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
  return (
    <Box
      role="group"
      aria-labelledby={showHeading ? headingId : undefined}
      aria-label={showHeading ? undefined : dayName}
      aria-disabled={past || undefined}
      sx={{ minWidth: 0, color: past ? 'text.secondary' : undefined }}
    >
      {showHeading ? (
        <Typography id={headingId} variant="body2" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
          {dayName}
        </Typography>
      ) : null}
      {past ? (
        <Typography variant="body2" sx={{ color: 'text.secondary', fontStyle: 'italic' }}>
          {translate('newBookingForm.pastDay')}
        </Typography>
      ) : loaded && !times.length ? (
        <Typography variant="body2" color="text.secondary">
          {translate('newBookingForm.noTimes')}
        </Typography>
      ) : null}
      <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: compact ? { xs: 'repeat(2, minmax(0, 1fr))', sm: '1fr' } : 'repeat(auto-fill, minmax(116px, 1fr))' }}>
        {times.map((time) => {
          const full = !time.Free || time.FreeSpots <= 0;
          const pressed = sameTime(selected, time);
          const status = full
            ? translate(queueEnabled ? 'newBookingForm.fullQueue' : 'newBookingForm.full')
            : translate('newBookingForm.freeSpots', { smart_count: time.FreeSpots });
          return (
            <Button
              key={`${time.From}|${time.To}`}
              variant={pressed ? 'contained' : 'outlined'}
              color={full ? 'warning' : 'primary'}
              aria-pressed={pressed}
              disabled={full && !queueEnabled}
              onClick={() => onSelect(time)}
              sx={{ display: 'flex', flexDirection: 'column', lineHeight: 1.2, py: 0.75, minWidth: 0, textTransform: 'none' }}
            >
              <span>{`${formatClock(time.From, locale)}–${formatClock(time.To, locale)}`}</span>
              <Typography component="span" variant="caption">
                {status}
              </Typography>
            </Button>
          );
        })}
      </Box>
    </Box>
  );
}
