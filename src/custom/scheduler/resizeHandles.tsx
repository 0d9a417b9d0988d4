/**
 * The drag-and-drop addon draws two resize handles in every booking (five elements each: a week of a
 * thousand bookings carried 5,000 of them, a third of the board). Here only the booking under the
 * pointer has them: the board tells which one that is, and each booking's wrapper asks for its own
 * key only, so a change of pointer redraws two bookings.
 */
import { cloneElement, createContext, isValidElement, useContext, useMemo, useSyncExternalStore, type MouseEvent, type ReactNode } from 'react';

/** Which booking (by its event key) shows its handles, and who listens for which key. */
export class ActiveBooking {
  private key: string | null = null;
  private readonly listeners = new Map<string, Set<() => void>>();

  get(): string | null {
    return this.key;
  }

  set(key: string | null): void {
    if (key === this.key) return;
    const before = this.key;
    this.key = key;
    for (const k of [before, key]) if (k !== null) this.listeners.get(k)?.forEach((l) => l());
  }

  subscribe(key: string, listener: () => void): () => void {
    let set = this.listeners.get(key);
    if (!set) this.listeners.set(key, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (!set.size) this.listeners.delete(key);
    };
  }

  /** For the board's onMouseOver: the booking under the pointer, if any, becomes the active one. */
  readonly track = (e: MouseEvent<HTMLElement>): void => {
    const box = (e.target as Element).closest?.('.rbc-event')?.querySelector('[data-event-key]');
    if (box) this.set(box.getAttribute('data-event-key'));
  };
}

export const ActiveBookingContext = createContext<ActiveBooking>(new ActiveBooking());

/** The calendar's event wrapper, around the addon's: its handles only while the booking is the active one. */
export function ResizeOnHover({ event, resizable, children }: { event: { key: string }; resizable?: boolean; children?: ReactNode }) {
  const active = useContext(ActiveBookingContext);
  const subscribe = useMemo(() => (l: () => void) => active.subscribe(event.key, l), [active, event.key]);
  const isActive = useSyncExternalStore(subscribe, () => active.get() === event.key);
  return isValidElement(children) ? cloneElement(children as React.ReactElement<{ resizable?: boolean }>, { resizable: Boolean(resizable) && isActive }) : children;
}
