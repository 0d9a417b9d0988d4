import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Booking } from '../../src/common/bookings/bookingTypes';
import BookingPage from '../../src/custom/bookingPage/BookingPage';
import { API, asJson, booking, calls, callsTo, companyHandler, customFieldsHandler, renderBookings, server, statusHandler } from './bookingsHarness';

/** The booking the page reads; the no-show handler replaces it with what the server did. */
let current: Booking;

const pages = [{ path: BookingPage.path, element: <BookingPage /> }];

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
beforeEach(() => {
  // Started: 2020 is before any day these tests run on.
  current = booking(1, { From: '2020-11-21T14:00:00', To: '2020-11-21T15:00:00' });
  server.use(
    statusHandler,
    companyHandler,
    customFieldsHandler,
    http.get(`${API}/bookings`, () => HttpResponse.json({ Offset: 0, Total: 1, Results: asJson([current]) })),
    http.get(`${API}/bookinglog`, () => HttpResponse.json({ Offset: 0, Total: 0, Results: [] })),
    http.get(`${API}/codelock/bookings/:id`, () => HttpResponse.json({ HasDoor: false, DoorCode: null, Credential: null, CodeLockSystemName: null, Grants: [], LastError: null, LastErrorAt: null })),
    http.put(`${API}/bookings/1/noshow`, async ({ request }) => {
      const body = (await request.json()) as { NoShow: boolean };
      current = { ...current, NoShow: body.NoShow };
      return HttpResponse.json(asJson(current));
    }),
  );
});
afterEach(() => {
  server.resetHandlers();
  calls.length = 0;
});
afterAll(() => server.close());

describe('booking page: no-show', () => {
  it('marks a started booking as a no-show, shows it on the booking, and undoes it', async () => {
    renderBookings('/bookings/1', pages);
    const toolbar = await screen.findByRole('toolbar', { name: /actions/i });
    expect(screen.queryByText('No-show')).not.toBeInTheDocument();
    fireEvent.click(within(toolbar).getByRole('button', { name: 'Mark as no-show' }));
    await screen.findByText('The booking is marked as a no-show');
    expect(callsTo('PUT', '/bookings/1/noshow')[0].body).toEqual({ NoShow: true });
    expect(await screen.findByText('No-show')).toBeInTheDocument();

    fireEvent.click(await within(toolbar).findByRole('button', { name: 'Undo no-show' }));
    await screen.findByText('The booking is no longer marked as a no-show');
    expect(callsTo('PUT', '/bookings/1/noshow')[1].body).toEqual({ NoShow: false });
    expect(await within(toolbar).findByRole('button', { name: 'Mark as no-show' })).toBeInTheDocument();
    expect(screen.queryByText('No-show')).not.toBeInTheDocument();
  });

  it('offers no mark for a booking that has not started yet', async () => {
    current = booking(1, { From: '2099-11-21T14:00:00', To: '2099-11-21T15:00:00' });
    renderBookings('/bookings/1', pages);
    const toolbar = await screen.findByRole('toolbar', { name: /actions/i });
    expect(within(toolbar).getByRole('button', { name: 'Change time' })).toBeInTheDocument();
    expect(within(toolbar).queryByRole('button', { name: 'Mark as no-show' })).not.toBeInTheDocument();
  });

  it('offers no mark for a canceled booking', async () => {
    current = booking(1, { From: '2020-11-21T14:00:00', To: '2020-11-21T15:00:00', StatusId: 4, StatusName: 'Canceled' });
    renderBookings('/bookings/1', pages);
    const toolbar = await screen.findByRole('toolbar', { name: /actions/i });
    expect(within(toolbar).getByRole('button', { name: 'Edit comments' })).toBeInTheDocument();
    expect(within(toolbar).queryByRole('button', { name: 'Mark as no-show' })).not.toBeInTheDocument();
  });
});
