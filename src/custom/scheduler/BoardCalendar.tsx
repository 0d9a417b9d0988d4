/**
 * The adapter between the scheduler and its calendar library (react-big-calendar with its luxon
 * localizer and drag-and-drop addon). Nothing else in the scheduler imports the library: to replace
 * it, write another component with these props.
 */
import { memo, useCallback, useEffect, useMemo, useRef, type ComponentType, type KeyboardEvent as ReactKeyboardEvent, type ReactNode, type SyntheticEvent } from 'react';
import { useOpenAtHour } from './useOpenAtHour';
import { Box } from '@mui/material';
import { alpha, useTheme } from '@mui/material/styles';
import { Calendar, type EventProps, type EventWrapperProps, type ResourceHeaderProps, type SlotInfo } from 'react-big-calendar';
import * as dragAndDrop from 'react-big-calendar/lib/addons/dragAndDrop';
import type { EventInteractionArgs } from 'react-big-calendar/lib/addons/dragAndDrop';
import 'react-big-calendar/lib/css/react-big-calendar.css';
import 'react-big-calendar/lib/addons/dragAndDrop/styles.css';
import { BoardColumn, ColumnShadesContext, queuesByColumn, shadesByColumn, type ColumnShades, type QueueBadge } from './BoardColumn';
import { readableTextOn } from '../../common/readableText';
import { statusLook, type BoardEvent, type BoardResource, type Shade } from './model';
import { FORMATS, localizer } from './localizer';
import { ActiveBooking, ActiveBookingContext, ResizeOnHover } from './resizeHandles';
import { dateLocale } from '../../i18n/format';

/**
 * The library gives every column two selection handlers on the document (a week has 140 columns), and
 * each asks `document.elementFromPoint` for the same point of the same mouse event: a click anywhere
 * on the page cost some 280 hit tests of a board of a thousand bookings. While a board is shown, the
 * answer is kept for the event being dispatched (`window.event`), so a click asks once.
 * Answers a function that puts the document's own method back.
 */
function shareHitTestsPerEvent(): () => void {
  const own = Object.getOwnPropertyDescriptor(document, 'elementFromPoint');
  const ask = Document.prototype.elementFromPoint;
  let last: { event: Event; x: number; y: number; element: Element | null } | null = null;
  document.elementFromPoint = function elementFromPoint(x: number, y: number) {
    const event = window.event;
    if (event && last && last.event === event && last.x === x && last.y === y) return last.element;
    const element = ask.call(document, x, y);
    last = event ? { event, x, y, element } : null;
    return element;
  };
  return () => {
    if (own) Object.defineProperty(document, 'elementFromPoint', own);
    else delete (document as { elementFromPoint?: unknown }).elementFromPoint;
  };
}

const SCROLL_TO = new Date(1970, 0, 1, 7);
const resourceId = (r: BoardResource | null) => r?.id as number;
const resourceTitle = (r: BoardResource | null) => r?.name ?? '';
const eventResource = (e: CalendarItem) => e.resourceId;
const always = () => true;

/** The interface language as the calendar's culture: 24 h everywhere but English. */

/** A booking as the calendar holds it (shaded times are drawn by BoardColumn, not as the library's events). */
interface CalendarItem {
  key: string;
  start: Date;
  end: Date;
  resourceId: number;
  title: string;
  item: BoardEvent;
}

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
  /** Queue counts drawn at their time on their lane, with their short text and accessible name. */
  queue: readonly QueueBadge[];
  /** What a booking says inside its box. */
  renderEvent: (event: BoardEvent) => ReactNode;
  /** The full description (tooltip and accessible name). */
  describe: (event: BoardEvent) => string;
  /** A booking dropped or resized: a new time and perhaps another resource. */
  onMove: (event: BoardEvent, start: Date, end: Date, resourceId: number) => void;
  /** A free range selected on a resource. */
  onSelectRange: (start: Date, end: Date, resourceId: number | undefined) => void;
  onOpen: (event: BoardEvent) => void;
  /** A day of the month view was chosen (also its "+3 more"). */
  onDrillDown: (date: Date) => void;
  /** The month view's "+3 more" of a day whose bookings do not all fit. */
  showMoreLabel: (count: number) => string;
  /** Arrow keys outside a booking: move by a day (or week) back or forth. */
  onStep: (by: number) => void;
  /** The company's wall-clock time now (the current-time line and "today"), not the browser's zone. */
  getNow?: () => Date;
}

/** A resource's heading: plain elements styled by the board's classes (a week heads 140 columns). */
function ResourceHeader({ resource }: ResourceHeaderProps<BoardResource>) {
  return (
    <div className="board-resource" data-resource-id={resource.id}>
      <span className="board-resource-type" style={resource.firstOfType ? undefined : { visibility: 'hidden' }}>
        {resource.typeName}
      </span>
      <span className="board-resource-name">
        <span aria-hidden className="board-resource-dot" style={{ backgroundColor: resource.color }} />
        {resource.name}
      </span>
    </div>
  );
}

/** A day's heading (the library's own claims a table role its markup does not have). */
function DayHeader({ label }: { label: ReactNode }) {
  return <span>{label}</span>;
}

type CoreProps = Omit<BoardCalendarProps, 'shades' | 'queue'>;

/** The calendar itself: drawn again when the bookings or the view change, not when only shades or queue counts do (the columns redraw those). */
const CalendarCore = memo(function CalendarCore(props: CoreProps) {
  const { view, date, locale, resources, events, renderEvent, describe, onMove, onSelectRange, onOpen, onDrillDown, onStep, getNow, showMoreLabel } = props;
  const theme = useTheme();
  // The same item for the same board event, so that a booking a live change left alone is not drawn again.
  const wrapped = useMemo(() => new WeakMap<BoardEvent, CalendarItem>(), []);
  const items = useMemo<CalendarItem[]>(
    () =>
      events.map((e) => {
        let item = wrapped.get(e);
        if (!item) wrapped.set(e, (item = { key: e.key, start: e.start, end: e.end, resourceId: e.resourceId, title: e.title, item: e }));
        return item;
      }),
    [events, wrapped],
  );

  const EventBox = useMemo(
    () =>
      memo(({ event }: EventProps<CalendarItem>) => (
        <span className="board-event-box" data-event-key={event.key} data-booking-id={event.item.booking.Id}>
          {renderEvent(event.item)}
        </span>
      )),
    [renderEvent],
  );
  // The library's own "+3 more" is a bare button inside a row (no cell: an ARIA error) and English only; this one opens the day.
  const ShowMore = useMemo(
    () =>
      function ShowMore({ count, slotDate }: { count: number; slotDate: Date }) {
        return (
          <span role="cell">
            <button type="button" className="rbc-button-link rbc-show-more" onClick={() => onDrillDown(slotDate)}>
              {showMoreLabel(count)}
            </button>
          </span>
        );
      },
    [onDrillDown, showMoreLabel],
  );
  const components = useMemo(
    () => ({
      event: EventBox,
      showMore: ShowMore,
      resourceHeader: ResourceHeader,
      // The library types the event wrapper's props without `resizable`, which it passes.
      eventWrapper: ResizeOnHover as ComponentType<EventWrapperProps<CalendarItem>>,
      // The library types the column wrapper without props; it passes those BoardColumn declares.
      dayColumnWrapper: BoardColumn as ComponentType,
      day: { header: DayHeader },
      week: { header: DayHeader },
    }),
    [EventBox, ShowMore],
  );

  // One look per colour and status (a week has a thousand bookings in a few colours): contrast and alpha are worked out once.
  const eventPropGetter = useMemo(() => {
    const looks = new Map<string, { className: string; style: React.CSSProperties }>();
    return (event: CalendarItem) => {
      const look = statusLook(event.item.booking.StatusId);
      const color = event.item.color;
      const key = `${look}|${color}`;
      let props = looks.get(key);
      if (!props) {
        const text = readableTextOn(color);
        const style: React.CSSProperties = { backgroundColor: color, color: text, borderColor: alpha(theme.palette.common.black, 0.25) };
        if (look === 'reserved') style.backgroundImage = `repeating-linear-gradient(135deg, transparent 0 6px, ${alpha(text, 0.18)} 6px 12px)`;
        if (look === 'awaitingPayment') style.borderLeft = `4px dashed ${theme.palette.error.dark}`;
        if (look === 'canceled') {
          style.backgroundColor = theme.palette.background.paper;
          style.color = theme.palette.text.secondary;
          style.textDecoration = 'line-through';
          style.borderStyle = 'dashed';
        }
        looks.set(key, (props = { className: `board-event board-${look}`, style }));
      }
      return props;
    };
  }, [theme]);

  /** Arrows from a booking: ↑/↓ the one before/after in its column, ←/→ the nearest in the column beside. */
  const onKeyPressEvent = useCallback(
    (event: CalendarItem, e: SyntheticEvent<HTMLElement>) => {
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
    onMove(event.item, new Date(start), new Date(end), resourceId === undefined ? event.resourceId : Number(resourceId));
  };

  useEffect(() => shareHitTestsPerEvent(), []);

  // The time grid scrolls: it takes the focus so that it can be scrolled from the keyboard even on a day without bookings.
  const board = useRef<HTMLDivElement>(null);
  useEffect(() => {
    board.current?.querySelectorAll<HTMLElement>('.rbc-time-content').forEach((el) => {
      el.tabIndex = 0;
    });
  });

  const active = useMemo(() => new ActiveBooking(), []);
  const timeGrid = view !== 'month';
  const columnList = useMemo(() => [...resources], [resources]);

  useOpenAtHour(board, timeGrid && columnList.length > 0, `${view}:${date.toDateString()}`, SCROLL_TO.getHours());
  const tooltip = useCallback((e: CalendarItem) => describe(e.item), [describe]);
  const onSelectEvent = useCallback((e: CalendarItem) => onOpen(e.item), [onOpen]);
  return (
    <Box
      ref={board}
      className={view === 'week' ? 'scheduler-board board-week' : 'scheduler-board'}
      onKeyDown={onBoardKey}
      onMouseOver={active.track}
      sx={{
        height: '100%',
        
        '& .rbc-addons-dnd-drag-preview, & .rbc-addons-dnd-dragged-event': { animation: 'boardFadeIn 500ms ease-in' },
        '@keyframes boardFadeIn': { from: { opacity: 0 }, to: { opacity: 1 } },
        // No all-day bookings (multi-day ones are drawn across the time grid): the library's empty all-day row, whose ARIA roles lack a grid, is left out.
        '& .rbc-allday-cell': { display: 'none' },
        '& .rbc-event': { fontSize: 12, borderRadius: 1 },
        '& .rbc-time-header .rbc-header': { height: 'auto', minHeight: 20, whiteSpace: 'normal', overflow: 'visible' },
        '& .rbc-event:focus-visible': { outline: `3px solid ${theme.palette.primary.main}`, outlineOffset: 1 },
        '& .board-resource': { display: 'grid', lineHeight: 1.2, py: 0.5, minWidth: 0 },
        '& .board-resource-type': { fontSize: 11, color: theme.palette.text.secondary, overflow: 'hidden', textOverflow: 'ellipsis' },
        '& .board-resource-name': { fontWeight: 600, overflow: 'hidden', textOverflow: 'ellipsis' },
        '& .board-resource-dot': { display: 'inline-block', width: 8, height: 8, borderRadius: '50%', mr: 0.5 },
        '& .board-event-box': { display: 'block', overflow: 'hidden' },
        '& .board-event-line': { display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
        '& .board-event-status': { display: 'block', fontStyle: 'italic' },
        // The month counts how many bookings fit a day by measuring a one-line booking: each shows its first line there, so "+3 more" is not cut off.
        '& .rbc-month-view .board-event-box > :not(:first-child)': { display: 'none' },
        '& .board-shade': { position: 'absolute', left: 0, right: 0, overflow: 'hidden', pointerEvents: 'none', fontSize: 11, fontStyle: 'italic', p: 0.25, color: theme.palette.text.primary },
        '& .board-queue': {
          position: 'absolute',
          right: 2,
          zIndex: 2,
          mt: '1px',
          px: 0.5,
          borderRadius: 1,
          fontSize: 11,
          fontWeight: 600,
          lineHeight: '16px',
          whiteSpace: 'nowrap',
          pointerEvents: 'none',
          bgcolor: theme.palette.warning.light,
          color: theme.palette.common.black,
          border: `1px solid ${theme.palette.warning.dark}`,
          boxShadow: 1,
        },
        '& .board-shade-closed': { bgcolor: theme.palette.action.hover },
        '& .board-shade-exception': {
          background: `repeating-linear-gradient(135deg, ${alpha(theme.palette.warning.main, 0.18)} 0 6px, ${alpha(theme.palette.warning.main, 0.06)} 6px 12px)`,
        },
        // Week: the columns draw their hour and quarter lines as a background (BoardColumn leaves out the slot boxes), so they
        // and the gutter are the height of the library's 24 hour boxes of 40 px each, whatever the window's height.
        '&.board-week .rbc-time-gutter, & .board-light-slots': { minHeight: 24 * 40 },
        '& .board-light-slots': {
          backgroundImage: `linear-gradient(to bottom, transparent calc(100% - 1px), ${theme.palette.divider} calc(100% - 1px)), linear-gradient(to bottom, transparent calc(100% - 1px), #f7f7f7 calc(100% - 1px))`,
          backgroundSize: '100% calc(100% / 24), 100% calc(100% / 96)',
        },
        // Only the columns in sight are laid out and painted (a week has 140, a wide screen shows about ten); the others keep their size.
        '& .rbc-time-content > .rbc-day-slot': { contentVisibility: 'auto', containIntrinsicSize: 'auto 140px auto 960px' },
        '& .rbc-today': { bgcolor: alpha(theme.palette.secondary.main, 0.08) },
        '& .rbc-header, & .rbc-time-header-content, & .rbc-time-content, & .rbc-month-view, & .rbc-day-bg + .rbc-day-bg': { borderColor: theme.palette.divider },
        '& .rbc-off-range-bg': { bgcolor: theme.palette.grey[50] },
        '& .rbc-off-range': { color: theme.palette.text.secondary },
        '& .rbc-time-slot': { color: theme.palette.text.secondary },
        '& .rbc-current-time-indicator': { bgcolor: theme.palette.error.main },
        fontFamily: theme.typography.fontFamily,
        // Dragging a booking or a range must not select the text of the bookings it passes (the drawer shows it to copy).
        userSelect: 'none',
        WebkitUserSelect: 'none',
      }}
    >
      <ActiveBookingContext.Provider value={active}>
        <DnDCalendar
          localizer={localizer}
          formats={FORMATS}
          culture={dateLocale(locale)}
          toolbar={false}
          getNow={getNow}
          view={view}
          onView={() => undefined}
          date={date}
          onNavigate={() => undefined}
          events={items}
          resources={timeGrid && columnList.length ? columnList : undefined}
          resourceIdAccessor={resourceId}
          resourceTitleAccessor={resourceTitle}
          resourceAccessor={eventResource}
          resourceGroupingLayout={view === 'week'}
          tooltipAccessor={tooltip}
          components={components}
          eventPropGetter={eventPropGetter}
          onKeyPressEvent={onKeyPressEvent}
          onSelectEvent={onSelectEvent}
          selectable
          onSelectSlot={(slot: SlotInfo) => onSelectRange(slot.start, slot.end, slot.resourceId === undefined ? undefined : Number(slot.resourceId))}
          onEventDrop={move}
          onEventResize={move}
          draggableAccessor={always}
          resizableAccessor={always}
          resizable
          onDrillDown={(d: Date) => onDrillDown(d)}
          drilldownView="day"
          step={15}
          timeslots={4}
          scrollToTime={SCROLL_TO}
          showMultiDayTimes
          popup
        />
      </ActiveBookingContext.Provider>
    </Box>
  );
});

/** The board: day and week with a column per resource (grouped by type), and the month overview. */
export const BoardCalendar = memo(function BoardCalendar({ shades, queue, ...core }: BoardCalendarProps) {
  const { view } = core;
  // Shaded times and queue counts are drawn by each column (BoardColumn), through the context; the week view's 140 columns also leave out the slot boxes.
  const columns = useMemo<ColumnShades>(
    () => ({ byColumn: view === 'month' ? new Map() : shadesByColumn(shades), lightSlots: view === 'week', queues: view === 'month' ? new Map() : queuesByColumn(queue) }),
    [shades, queue, view],
  );
  return (
    <ColumnShadesContext.Provider value={columns}>
      <CalendarCore {...core} />
    </ColumnShadesContext.Provider>
  );
});
