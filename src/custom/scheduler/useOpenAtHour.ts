import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * A day or week opens at an hour (07:00). The calendar library scrolls once, when it first lays out the
 * grid, which on a phone happens before the hours have their final height: it then lands near 04:00. So
 * the board keeps the hour at the top itself while the grid settles (its size changes), once per `key`
 * (view and date) and grid (the library makes a new grid when the columns change), until the user scrolls.
 */
export function useOpenAtHour(board: RefObject<HTMLElement | null>, active: boolean, key: string, hourIndex: number): void {
  const aligned = useRef<{ content: HTMLElement | null; key: string; stop: () => void }>({ content: null, key: '', stop: () => undefined });
  useLayoutEffect(() => {
    const content = board.current?.querySelector<HTMLElement>('.rbc-time-content') ?? null;
    if (!active || !content || (aligned.current.content === content && aligned.current.key === key)) return;
    aligned.current.stop();
    const align = () => {
      const hour = content.querySelectorAll<HTMLElement>('.rbc-time-gutter .rbc-timeslot-group')[hourIndex];
      if (hour) content.scrollTop += hour.getBoundingClientRect().top - content.getBoundingClientRect().top;
    };
    align();
    let userScrolled = false;
    const byUser = () => {
      userScrolled = true;
    };
    const inputs = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;
    for (const name of inputs) content.addEventListener(name, byUser, { passive: true });
    const settling = new ResizeObserver(() => {
      if (!userScrolled) align();
    });
    settling.observe(content);
    const gutter = content.querySelector('.rbc-time-gutter');
    if (gutter) settling.observe(gutter);
    aligned.current = {
      content,
      key,
      stop: () => {
        settling.disconnect();
        for (const name of inputs) content.removeEventListener(name, byUser);
      },
    };
  });
  useEffect(() => () => aligned.current.stop(), []);
}
