/**
 * The adapter between the scheduler and its calendar library (react-big-calendar with its luxon
 * localizer and drag-and-drop addon). Nothing else in the scheduler imports the library: to replace
 * it, write another component with these props.
 */
import { memo, useCallback, useMemo, type KeyboardEvent as ReactKeyboardEvent, type ReactNode, type SyntheticEvent } from 'react';
import { Box } from '@mui/material';
import { alpha, useTheme } from '@mui/material/styles';
import { DateTime } from 'luxon';
import { Calendar, luxonLocalizer, type EventProps, type ResourceHeaderProps, type SlotInfo } from 'react-big-calendar';
import * as dragAndDrop from 'react-big-calendar/lib/addons/dragAndDrop';
import type { EventInteractionArgs } from 'react-big-calendar/lib/addons/dragAndDrop';
import 'react-big-calendar/lib/css/react-big-calendar.css';
import 'react-big-calendar/lib/addons/dragAndDrop/styles.css';
import { statusLook, type BoardEvent, type BoardResource, type Shade } from './model';

/** Weeks start on Monday (luxon numbers weekdays 1–7 from Monday). */
const localizer = luxonLocalizer(DateTime, { firstDayOfWeek: 1 });

/** The interface language as the calendar's culture: 24 h everywhere but English. */
const CULTURES: Record<string, string> = { sv: 'sv', en: 'en-US', fi: 'fi', no: 'nb' };

type CalendarItem =
  | { kind: 'booking'; key: string; start: Date; end: Date; resourceId: number; title: string; item: BoardEvent }
  | { kind: 'shade'; key: string; start: Date; end: Date; resourceId: number; title: string; shade: Shade };

/** The addon is CommonJS only: its default export may arrive wrapped once more by the bundler's interop. */
type WithDnD = typeof dragAndDrop.default;
const unwrap = (m: unknown): WithDnD => (typeof m === 'function' ? (m as WithDnD) : unwrap((m as { default: unknown }).default));
const withDragAndDrop = unwrap(dragAndDrop);
const DnDCalendar = withDragAndDrop<CalendarItem, BoardResource>(Calendar);

export interface BoardCalendarProps {
  view: 'day' | 'week' | 'month';
  date: Date;
  locale: string;
  resources: readonly BoardResource[];
  events: readonly BoardEvent[];
  shades: readonly Shade[];
  /** What a booking says inside its box. */
  renderEvent: (event: BoardEvent) => ReactNode;
  /** The full description (tooltip and accessible name). */
  describe: (event: BoardEvent) => string;
  /** A booking dropped or resized: a new time and perhaps another resource. */
  onMove: (event: BoardEvent, start: Date, end: Date, resourceId: number) => void;
  /** A free range selected on a resource. */
  onSelectRange: (start: Date, end: Date, resourceId: number | undefined) => void;
  onOpen: (event: BoardEvent) => void;
  /** A day of the month view was chosen. */
  onDrillDown: (date: Date) => void;
  /** Arrow keys outside a booking: move by a day (or week) back or forth. */
  onStep: (by: number) => void;
}

function ResourceHeader({ resource }: ResourceHeaderProps<BoardResource>) {
  return (
    <Box sx={{ display: 'grid', lineHeight: 1.2, py: 0.5, minWidth: 0 }} data-resource-id={resource.id}>
      <Box component="span" sx={{ fontSize: 11, color: 'text.secondary', visibility: resource.firstOfType ? 'visible' : 'hidden', overflow: 'hidden', textOverflow: 'ellipsis' }}>
        {resource.typeName}
      </Box>
      <Box component="span" sx={{ fontWeight: 600, overflow: 'hidden', textOverflow: 'ellipsis' }}>
        <Box component="span" aria-hidden sx={{ display: 'inline-block', width: 8, height: 8, borderRadius: '50%', bgcolor: resource.color, mr: 0.5 }} />
        {resource.name}
      </Box>
    </Box>
  );
}

/** A day's heading (the library's own claims a table role its markup does not have). */
function DayHeader({ label }: { label: ReactNode }) {
  return <span>{label}</span>;
}

function BoardCalendarInner(props: BoardCalendarProps) {
  const { view, date, locale, resources, events, shades, renderEvent, describe, onMove, onSelectRange, onOpen, onDrillDown, onStep } = props;
  const theme = useTheme();
  const items = useMemo<CalendarItem[]>(
    () => events.map((e) => ({ kind: 'booking', key: e.key, start: e.start, end: e.end, resourceId: e.resourceId, title: e.title, item: e })),
    [events],
  );
  const background = useMemo<CalendarItem[]>(() => {
    if (view === 'month') return [];
    const out: CalendarItem[] = [];
    shades.forEach((s, i) => {
      for (const r of s.resourceId === null ? resources : resources.filter((x) => x.id === s.resourceId)) {
        out.push({ kind: 'shade', key: `s${i}:${r.id}`, start: s.start, end: s.end, resourceId: r.id, title: s.reason, shade: s });
      }
    });
    return out;
  }, [shades, resources, view]);

  const EventBox = useCallback(
    ({ event }: EventProps<CalendarItem>) =>
      event.kind === 'booking' ? (
        <Box component="span" data-event-key={event.key} data-booking-id={event.item.booking.Id} sx={{ display: 'block', overflow: 'hidden' }}>
          {renderEvent(event.item)}
        </Box>
      ) : (
        <Box component="span" sx={{ display: 'block', fontSize: 11, fontStyle: 'italic', p: 0.25 }}>
          {event.title}
        </Box>
      ),
    [renderEvent],
  );
  const components = useMemo(() => ({ event: EventBox, resourceHeader: ResourceHeader, day: { header: DayHeader }, week: { header: DayHeader } }), [EventBox]);

  const eventPropGetter = useCallback(
    (event: CalendarItem) => {
      if (event.kind === 'shade') {
        const blocking = event.shade.kind === 'exception';
        return {
          className: `board-shade board-shade-${event.shade.kind}`,
          style: {
            background: blocking
              ? `repeating-linear-gradient(135deg, ${alpha(theme.palette.warning.main, 0.18)} 0 6px, ${alpha(theme.palette.warning.main, 0.06)} 6px 12px)`
              : theme.palette.action.hover,
            border: 'none',
            color: theme.palette.text.primary,
            pointerEvents: 'none' as const,
          },
        };
      }
      const look = statusLook(event.item.booking.StatusId);
      const color = event.item.color;
      const text = theme.palette.getContrastText(color);
      const style: React.CSSProperties = { backgroundColor: color, color: text, borderColor: alpha(theme.palette.common.black, 0.25) };
      if (look === 'reserved') style.backgroundImage = `repeating-linear-gradient(135deg, transparent 0 6px, ${alpha(text, 0.18)} 6px 12px)`;
      if (look === 'awaitingPayment') style.borderLeft = `4px dashed ${theme.palette.error.dark}`;
      if (look === 'canceled') {
        style.backgroundColor = theme.palette.background.paper;
        style.color = theme.palette.text.secondary;
        style.textDecoration = 'line-through';
        style.borderStyle = 'dashed';
      }
      return { className: `board-event board-${look}`, style };
    },
    [theme],
  );

  /** Arrows from a booking: ↑/↓ the one before/after in its column, ←/→ the nearest in the column beside. */
  const onKeyPressEvent = useCallback(
    (event: CalendarItem, e: SyntheticEvent<HTMLElement>) => {
      if (event.kind !== 'booking') return;
      const key = (e as ReactKeyboardEvent<HTMLElement>).key;
      if (key === 'Enter' || key === ' ') {
        e.preventDefault();
        onOpen(event.item);
        return;
      }
      if (!key.startsWith('Arrow')) return;
      e.preventDefault();
      e.stopPropagation();
      const columns = resources.map((r) => r.id);
      let target: BoardEvent | undefined;
      if (key === 'ArrowUp' || key === 'ArrowDown') {
        const same = events.filter((x) => x.resourceId === event.resourceId).sort((a, b) => a.start.getTime() - b.start.getTime());
        target = same[same.findIndex((x) => x.key === event.key) + (key === 'ArrowDown' ? 1 : -1)];
      } else {
        const at = columns.indexOf(event.resourceId) + (key === 'ArrowRight' ? 1 : -1);
        const near = events.filter((x) => x.resourceId === columns[at]);
        target = near.sort((a, b) => Math.abs(a.start.getTime() - event.start.getTime()) - Math.abs(b.start.getTime() - event.start.getTime()))[0];
      }
      const el = target && document.querySelector<HTMLElement>(`[data-event-key="${target.key}"]`)?.closest<HTMLElement>('.rbc-event');
      el?.focus();
    },
    [events, resources, onOpen],
  );

  const onBoardKey = (e: ReactKeyboardEvent<HTMLElement>) => {
    if (e.target !== e.currentTarget) return;
    if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
      e.preventDefault();
      onStep(e.key === 'ArrowRight' ? 1 : -1);
    }
  };

  const move = ({ event, start, end, resourceId }: EventInteractionArgs<CalendarItem>) => {
    if (event.kind !== 'booking') return;
    onMove(event.item, new Date(start), new Date(end), resourceId === undefined ? event.resourceId : Number(resourceId));
  };

  const timeGrid = view !== 'month';
  return (
    <Box
      className="scheduler-board"
      onKeyDown={onBoardKey}
      sx={{
        height: '100%',
        
        '& .rbc-addons-dnd-drag-preview, & .rbc-addons-dnd-dragged-event': { animation: 'boardFadeIn 500ms ease-in' },
        '@keyframes boardFadeIn': { from: { opacity: 0 }, to: { opacity: 1 } },
        // No all-day bookings (multi-day ones are drawn across the time grid): the library's empty all-day row, whose ARIA roles lack a grid, is left out.
        '& .rbc-allday-cell': { display: 'none' },
        '& .rbc-event': { fontSize: 12, borderRadius: 1 },
        '& .rbc-time-header .rbc-header': { height: 'auto', minHeight: 20, whiteSpace: 'normal', overflow: 'visible' },
        '& .rbc-event:focus-visible': { outline: `3px solid ${theme.palette.primary.main}`, outlineOffset: 1 },
        '& .rbc-background-event': { opacity: 1 },
        '& .board-shade .rbc-event-label': { display: 'none' },
        '& .rbc-today': { bgcolor: alpha(theme.palette.secondary.main, 0.08) },
        '& .rbc-header, & .rbc-time-header-content, & .rbc-time-content, & .rbc-month-view, & .rbc-day-bg + .rbc-day-bg': { borderColor: theme.palette.divider },
        '& .rbc-off-range-bg': { bgcolor: theme.palette.grey[50] },
        '& .rbc-off-range': { color: theme.palette.text.secondary },
        '& .rbc-time-slot': { color: theme.palette.text.secondary },
        '& .rbc-current-time-indicator': { bgcolor: theme.palette.error.main },
        fontFamily: theme.typography.fontFamily,
      }}
    >
      <DnDCalendar
        localizer={localizer}
        culture={CULTURES[locale] ?? locale}
        toolbar={false}
        view={view}
        onView={() => undefined}
        date={date}
        onNavigate={() => undefined}
        events={items}
        backgroundEvents={background}
        resources={timeGrid && resources.length ? [...resources] : undefined}
        resourceIdAccessor={(r: BoardResource | null) => r?.id as number}
        resourceTitleAccessor={(r: BoardResource | null) => r?.name ?? ''}
        resourceAccessor={(e: CalendarItem) => e.resourceId}
        resourceGroupingLayout={view === 'week'}
        tooltipAccessor={(e: CalendarItem) => (e.kind === 'booking' ? describe(e.item) : e.title)}
        components={components}
        eventPropGetter={eventPropGetter}
        onKeyPressEvent={onKeyPressEvent}
        onSelectEvent={(e: CalendarItem) => e.kind === 'booking' && onOpen(e.item)}
        selectable
        onSelectSlot={(slot: SlotInfo) => onSelectRange(slot.start, slot.end, slot.resourceId === undefined ? undefined : Number(slot.resourceId))}
        onEventDrop={move}
        onEventResize={move}
        draggableAccessor={(e: CalendarItem) => e.kind === 'booking'}
        resizableAccessor={(e: CalendarItem) => e.kind === 'booking'}
        resizable
        onDrillDown={(d: Date) => onDrillDown(d)}
        drilldownView="day"
        step={15}
        timeslots={4}
        scrollToTime={new Date(1970, 0, 1, 7)}
        showMultiDayTimes
        popup
      />
    </Box>
  );
}

/** The board: day and week with a column per resource (grouped by type), and the month overview. */
export const BoardCalendar = memo(BoardCalendarInner);
