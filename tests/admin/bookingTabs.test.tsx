import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { API, asJson, calls, callsTo, companyHandler, customFieldsHandler, listOf, renderBookings, server, statusHandler } from './bookingsHarness';

const entry = (id: number, name: string) =>
  asJson({ Id: id, ServiceId: 5, ServiceName: 'Padel', CustomerId: 20 + id, CustomerName: name, CustomerEmail: null, From: '2026-11-21T14:00:00', To: '2026-11-21T15:00:00', Quantity: 1, Comment: null, Created: '2026-11-01T08:00:00' });
let queue: ReturnType<typeof entry>[] = [];

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
beforeEach(() => {
  queue = [entry(1, 'Cleo Dahl'), entry(2, 'Dan Ek')];
  server.use(
    statusHandler,
    companyHandler,
    customFieldsHandler,
    http.get(`${API}/bookinguserqueue`, () => HttpResponse.json(listOf(queue))),
    http.delete(`${API}/bookinguserqueue/:id`, ({ params }) => {
      const gone = queue.find((q) => (q as { Id: number }).Id === Number(params.id));
      queue = queue.filter((q) => q !== gone);
      return HttpResponse.json(gone ?? null);
    }),
  );
});
afterEach(() => {
  server.resetHandlers();
  calls.length = 0;
});
afterAll(() => server.close());

describe('booking log tab', () => {
  it('writes amounts in the company currency and links each entry to its booking', async () => {
    server.use(
      http.get(`${API}/bookinglog`, () =>
        HttpResponse.json({
          Offset: 0,
          Total: 1,
          Results: asJson([
            { Id: 5, BookingId: 42, Created: '2026-11-02T10:00:00', Event: 'Refunded', ActorType: 'Administrator', UserId: 1, ActorName: 'Demo Admin', Comment: null, Before: { PaidAmount: 360 }, After: { PaidAmount: 0 } },
          ]),
        }),
      ),
    );
    renderBookings('/bookings#booking-log');
    expect(await screen.findByText('Paid: 360 kr → 0 kr')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /42/ })).toHaveAttribute('href', '/bookings/42');
  });
});

describe('queue', () => {
  it('takes a customer off the queue after asking, and keeps them when the administrator thinks again', async () => {
    renderBookings('/bookings#queue');
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Dan Ek from the queue' }));
    let confirm = await screen.findByRole('dialog', { name: 'Remove Dan Ek from the queue?' });
    expect(confirm).toHaveTextContent(/no longer waits for Padel · 21\/11\/2026/);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo('DELETE', '/bookinguserqueue/2')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Remove Dan Ek from the queue' }));
    confirm = await screen.findByRole('dialog', { name: 'Remove Dan Ek from the queue?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await screen.findByText('The customer is taken off the queue');
    expect(callsTo('DELETE', '/bookinguserqueue/2')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText(/Dan Ek/)).not.toBeInTheDocument());
    expect(screen.getByText(/1\. Cleo Dahl/)).toBeInTheDocument();
  });
});
