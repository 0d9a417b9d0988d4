import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { ROLE_IDS } from '../../schema/access/permissions';
import type { Booking } from '../../src/common/bookings/bookingTypes';
import BookingPage from '../../src/custom/bookingPage/BookingPage';
import { API, asJson, booking, calls, callsTo, companyHandler, customFieldsHandler, renderBookings, server, statusHandler } from './bookingsHarness';

/** The booking the page reads; a handler may replace it to answer what the server did. */
let current: Booking;

const pages = [{ path: BookingPage.path, element: <BookingPage /> }];

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
beforeEach(() => {
  current = booking(1, {
    StatusId: 7,
    StatusName: 'Booked and paid',
    PaidAmount: 300,
    PaymentLog: [{ Id: 40, Kind: 'Payment', Amount: 300, Refunded: 0, Comment: 'Swish', Created: '2026-11-02T10:00:00' }] as Booking['PaymentLog'],
  });
  server.use(
    statusHandler,
    companyHandler,
    customFieldsHandler,
    http.get(`${API}/bookings`, () => HttpResponse.json({ Offset: 0, Total: 1, Results: asJson([current]) })),
    http.get(`${API}/bookinglog`, () => HttpResponse.json({ Offset: 0, Total: 0, Results: [] })),
    // The booking page's door-code section (src/custom/codelock) asks for the booking's door: none here.
    http.get(`${API}/codelock/bookings/:id`, () => HttpResponse.json({ HasDoor: false, DoorCode: null, Credential: null, CodeLockSystemName: null, Grants: [], LastError: null, LastErrorAt: null })),
  );
});
afterEach(() => {
  server.resetHandlers();
  calls.length = 0;
});
afterAll(() => server.close());

describe('booking page: payments and spots', () => {
  it('keeps at least one spot when the quantity is lowered: the fewer button stops at one, and nothing is saved at zero', async () => {
    server.use(
      http.get(`${API}/services`, () =>
        HttpResponse.json({ Offset: 0, Total: 1, Results: [{ Id: 5, Name: 'Padel', GroupBooking: { Active: true, Min: 1, Max: 3 }, MultipleResource: { Active: false, Min: 1, Max: 1 } }] }),
      ),
    );
    renderBookings('/bookings/1', pages);
    fireEvent.click(await screen.findByRole('button', { name: 'Change quantity' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change quantity' });
    const fewer = within(dialog).getByRole('button', { name: 'Fewer: Adult' });
    fireEvent.click(fewer);
    expect(within(dialog).getByRole('spinbutton', { name: 'Adult' })).toHaveValue(1);
    expect(fewer).toBeDisabled();
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: 'Adult' }), { target: { value: '0' } });
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('refunds part of a payment after asking how much, with a comment; the booking is then no longer shown as paid', async () => {
    server.use(
      http.put(`${API}/bookings/1/refund/40`, () => {
        current = booking(1, {
          StatusId: 1,
          PaidAmount: 200,
          PaymentLog: [
            { Id: 40, Kind: 'Payment', Amount: 300, Refunded: 100, Comment: 'Swish', Created: '2026-11-02T10:00:00' },
            { Id: 41, Kind: 'Refund', Amount: 100, Refunded: 0, Comment: 'Late', Created: '2026-11-03T10:00:00' },
          ] as Booking['PaymentLog'],
        });
        return HttpResponse.json(asJson(current));
      }),
    );
    renderBookings('/bookings/1', pages);
    // Paid: nothing to mark as paid or ask for.
    await screen.findByText(/^Paid/);
    expect(screen.queryByRole('button', { name: 'Mark as paid' })).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund payment' });
    // Nothing is given back until the administrator confirms.
    expect(callsTo('PUT', '/bookings/1/refund/40')).toHaveLength(0);
    const amount = within(dialog).getByRole('textbox', { name: /Amount to refund/ });
    expect(amount).toHaveValue('300');
    fireEvent.change(amount, { target: { value: '301' } });
    expect(within(dialog).getByText(/Between 0 and 300/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: /^Refund/ })).toBeDisabled();
    fireEvent.change(amount, { target: { value: '100' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Comment/ }), { target: { value: 'Late' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /^Refund 100/ }));

    await screen.findByText('The payment was refunded');
    expect(callsTo('PUT', '/bookings/1/refund/40')[0].body).toEqual({ Amount: 100, Comment: 'Late' });
    await waitFor(() => expect(screen.getByText(/^Not paid/)).toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Mark as paid' })).toBeInTheDocument();
  });

  it("says where each refund at the payment provider stands, and what to do when it failed or is not known", async () => {
    current = booking(1, {
      StatusId: 1,
      PaidAmount: 0,
      PaymentLog: [
        { Id: 40, Kind: 'Payment', Amount: 300, Refunded: 300, Comment: 'Billmate', Created: '2026-11-02T10:00:00', RefundOf: null, ProviderRefund: null },
        { Id: 41, Kind: 'Refund', Amount: 100, Refunded: 0, Comment: null, Created: '2026-11-03T10:00:00', RefundOf: 40, ProviderRefund: { Status: 'Succeeded', Message: null } },
        { Id: 42, Kind: 'Refund', Amount: 100, Refunded: 0, Comment: null, Created: '2026-11-03T11:00:00', RefundOf: 40, ProviderRefund: { Status: 'Failed', Message: 'Only a paid payment can be credited' } },
        { Id: 43, Kind: 'Refund', Amount: 100, Refunded: 0, Comment: null, Created: '2026-11-03T12:00:00', RefundOf: 40, ProviderRefund: { Status: 'Unknown', Message: null } },
      ],
    });
    renderBookings('/bookings/1', pages);
    expect(await screen.findByText('Refunded by the payment provider')).toBeInTheDocument();
    expect(screen.getByText('The payment provider refused the refund: Only a paid payment can be credited')).toBeInTheDocument();
    expect(screen.getByText(/It is not known whether the payment provider made this refund: check with the provider before refunding again/)).toBeInTheDocument();
  });

  it('declines a reserved booking with a reason and a message to the customer', async () => {
    current = booking(1, { StatusId: 3, StatusName: 'Reserved' });
    server.use(http.put(`${API}/bookings/1/decline`, () => HttpResponse.json(asJson(booking(1, { StatusId: 2 })))));
    renderBookings('/bookings/1', pages);
    fireEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline' });
    fireEvent.change(within(dialog).getByLabelText('Reason (kept with the booking)'), { target: { value: 'Double booked' } });
    fireEvent.change(within(dialog).getByLabelText('Message to the customer'), { target: { value: 'Sorry, the court is closed.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Decline' }));
    await screen.findByText('The booking was declined');
    expect(callsTo('PUT', '/bookings/1/decline')[0].body).toEqual({ UnbookedComments: 'Double booked', CommentsToCustomer: 'Sorry, the court is closed.', SendEmail: true });
  });
});

describe('booking page: comments and time', () => {
  it('edits the comments without touching anything else', async () => {
    server.use(http.put(`${API}/bookings/1`, () => HttpResponse.json(asJson(booking(1, { BookedComments: 'Aisle seat', CommentsToCustomer: null })))));
    renderBookings('/bookings/1', pages);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit comments' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit comments' });
    expect(within(dialog).getByRole('textbox', { name: 'Comment' })).toHaveValue('Window seat');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Comment' }), { target: { value: 'Aisle seat' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText('The booking was updated');
    expect(callsTo('PUT', '/bookings/1')[0].body).toEqual({ BookedComments: 'Aisle seat', CommentsToCustomer: null });
  });

  it('changes the time outside the schedules when the administrator allows it', async () => {
    current = booking(1);
    server.use(http.put(`${API}/bookings/1`, () => HttpResponse.json(asJson(booking(1)))));
    renderBookings('/bookings/1', pages);
    fireEvent.click(await screen.findByRole('button', { name: 'Change time' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change time' });
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Allow outside the schedules' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText('The booking was updated');
    expect(callsTo('PUT', '/bookings/1')[0].body).toEqual({ From: '2026-11-21T14:00:00', To: '2026-11-21T15:00:00', AllowBookingOutsideSchedules: true });
  });

  it('offers staff no switch to book outside the schedules (only who may change the schedules)', async () => {
    renderBookings('/bookings/1', pages, [ROLE_IDS.Staff]);
    fireEvent.click(await screen.findByRole('button', { name: 'Change time' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change time' });
    expect(within(dialog).queryByRole('switch')).not.toBeInTheDocument();
  });
});
