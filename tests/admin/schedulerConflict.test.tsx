/**
 * The scheduler's move dialog says every reason a move is refused in one dialog, titled by what stops
 * it: before, a time outside the schedules was titled "Resource conflict", and the booking already
 * there was only named in a second dialog after "Book outside schedules".
 */
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { AdminContext } from 'react-admin';
import { englishMessages } from '../../src/i18n';
import { ConflictDialogs } from '../../src/custom/scheduler/ConflictDialogs';
import type { MoveConflict } from '../../src/custom/scheduler/useBoardMoves';
import type { BoardEvent } from '../../src/custom/scheduler/model';
import type { Booking } from '../../src/common/bookings/bookingTypes';

const booking = (id: number, name: string) => ({ Id: id, ServiceName: 'Padel 60 min', Customer: { Firstname: name, Lastname: 'Lund' }, From: '2030-01-14T21:00:00', To: '2030-01-14T22:00:00', StatusId: 1 }) as unknown as Booking;
const event = { key: '5:3', title: 'Elsa Lund', booking: booking(5, 'Elsa'), resourceId: 3, start: new Date(2030, 0, 14, 10), end: new Date(2030, 0, 14, 11) } as unknown as BoardEvent;
const move = { event, start: new Date(2030, 0, 14, 21), end: new Date(2030, 0, 14, 22), resourceId: 4 };
const exception = { start: new Date(2030, 0, 14, 21), end: new Date(2030, 0, 14, 23), resourceId: 4, reason: 'Floor polishing', kind: 'exception' as const, blocks: false };

function show(conflict: MoveConflict) {
  const chosen: string[] = [];
  render(
    <AdminContext i18nProvider={polyglotI18nProvider(() => englishMessages, 'en')}>
      <ConflictDialogs conflict={conflict} onResolve={(c) => chosen.push(c)} />
    </AdminContext>,
  );
  return chosen;
}

describe('the move conflict dialog', () => {
  it('a time outside the schedules is titled so, and names the booking already there and the exception in the same dialog', async () => {
    const chosen = show({ move, refused: 'outside', message: 'The time is outside the schedule.', colliding: [booking(9, 'Anna')], closed: true, exceptions: [exception], choice: 'outside' });
    const dialog = await screen.findByRole('dialog', { name: 'Outside the schedule' });
    expect(within(dialog).getByText('The time is outside the schedule.')).toBeTruthy();
    expect(within(dialog).getByRole('list', { name: 'Colliding bookings' }).textContent).toContain('#9 Anna Lund · Padel 60 min');
    expect(within(dialog).getByRole('list', { name: 'Time exceptions' }).textContent).toContain('Floor polishing');
    within(dialog).getByRole('button', { name: 'Book outside schedules' }).click();
    expect(chosen).toEqual(['outside']);
  });

  it('a taken time is a resource conflict, and says when the time is also outside the opening hours', async () => {
    show({ move, refused: 'taken', message: '', colliding: [booking(9, 'Anna')], closed: true, exceptions: [], choice: null });
    const dialog = await screen.findByRole('dialog', { name: 'Resource conflict' });
    expect(dialog.textContent).toContain('The time is already booked on the resource.');
    expect(dialog.textContent).toContain("The new time is outside the resource's opening hours.");
    expect(within(dialog).queryByRole('button', { name: 'Book outside schedules' })).toBeNull();
  });

  it('a drop on a time exception asks first, naming what else is there, and going on books outside the schedules when the time is closed', async () => {
    const chosen = show({ move, message: '', colliding: [], closed: true, exceptions: [exception], choice: 'outside' });
    const dialog = await screen.findByRole('dialog', { name: 'Time exception conflict' });
    expect(dialog.textContent).toContain('Floor polishing');
    expect(dialog.textContent).toContain("The new time is outside the resource's opening hours.");
    within(dialog).getByRole('button', { name: 'Book outside schedules' }).click();
    expect(chosen).toEqual(['outside']);
  });
});
