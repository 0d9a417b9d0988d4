/**
 * One day column of one resource on the board, as the calendar's column wrapper: it draws the
 * column's shaded times (closed hours, time exceptions) as plain boxes under the bookings instead of
 * the library's background events (a few hundred in a week, each a full event with drag handles),
 * and the number of customers waiting in the booking queue at a time (a small badge at its start),
 * and in the week view (140 columns) it leaves out the library's 120 slot boxes per column: the
 * hour and quarter lines are then the column's CSS background (the `board-light-slots` rules in
 * BoardCalendar). Selection and dropping do not need the slot boxes: they measure the column.
 */
import { Children, createContext, isValidElement, useContext, type CSSProperties, type ReactNode, type Ref } from 'react';
import { dayOf, type QueueMark, type Shade } from './model';

export interface ColumnShades {
  /** Shades by `${resourceId}|yyyy-MM-dd`, and those of every resource by `*|yyyy-MM-dd`. */
  byColumn: ReadonlyMap<string, readonly Shade[]>;
  /** Leave out the slot boxes (the column's background draws the lines). */
  lightSlots: boolean;
  /** Queue counts by `${laneId}|yyyy-MM-dd` of their start, with their short text and accessible name. */
  queues: ReadonlyMap<string, readonly QueueBadge[]>;
}

/** A queue count as a column draws it. */
export interface QueueBadge {
  mark: QueueMark;
  text: string;
  label: string;
}

export const ColumnShadesContext = createContext<ColumnShades>({ byColumn: new Map(), lightSlots: false, queues: new Map() });

/** The queue counts grouped by the lane and day they start on. */
export function queuesByColumn(badges: readonly QueueBadge[]): Map<string, QueueBadge[]> {
  const out = new Map<string, QueueBadge[]>();
  for (const b of badges) {
    if (b.mark.laneId === null) continue;
    const key = `${b.mark.laneId}|${dayOf(b.mark.start)}`;
    const list = out.get(key);
    if (list) list.push(b);
    else out.set(key, [b]);
  }
  return out;
}

/** The shades grouped by the resource column and day they cover. */
export function shadesByColumn(shades: readonly Shade[]): Map<string, Shade[]> {
  const out = new Map<string, Shade[]>();
  for (const s of shades) {
    const owner = s.resourceId === null ? '*' : String(s.resourceId);
    for (let d = new Date(s.start.getFullYear(), s.start.getMonth(), s.start.getDate()); d < s.end; d = new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1)) {
      const key = `${owner}|${dayOf(d)}`;
      const list = out.get(key);
      if (list) list.push(s);
      else out.set(key, [s]);
    }
  }
  return out;
}

interface SlotMetrics {
  getRange: (start: Date, end: Date) => { top: number; height: number };
}

export interface BoardColumnProps {
  children?: ReactNode;
  className?: string;
  style?: CSSProperties;
  date: Date;
  resource?: number | string | null;
  slotMetrics: SlotMetrics;
  ref?: Ref<HTMLDivElement>;
}

/** A slot box of the library (it alone has a `group` prop). */
const isSlotGroup = (child: ReactNode) => isValidElement(child) && (child.props as { group?: unknown }).group !== undefined;

export function BoardColumn({ children, className, style, date, resource, slotMetrics, ref }: BoardColumnProps) {
  const { byColumn, lightSlots, queues } = useContext(ColumnShadesContext);
  const day = dayOf(date);
  const shades = resource === undefined || resource === null ? [] : [...(byColumn.get(`*|${day}`) ?? []), ...(byColumn.get(`${resource}|${day}`) ?? [])];
  const waiting = resource === undefined || resource === null ? undefined : queues.get(`${resource}|${day}`);
  return (
    <div ref={ref} className={lightSlots ? `${className ?? ''} board-light-slots` : className} style={style}>
      {shades.map((s, i) => {
        const { top, height } = slotMetrics.getRange(s.start, s.end);
        return (
          <div key={i} className={`board-shade board-shade-${s.kind}`} style={{ top: `${top}%`, height: `${height}%` }}>
            {s.reason}
          </div>
        );
      })}
      {waiting?.map((q) => (
        <div key={q.mark.key} className="board-queue" role="note" aria-label={q.label} title={q.label} style={{ top: `${slotMetrics.getRange(q.mark.start, q.mark.end).top}%` }}>
          {q.text}
        </div>
      ))}
      {lightSlots ? Children.toArray(children).filter((c) => !isSlotGroup(c)) : children}
    </div>
  );
}
