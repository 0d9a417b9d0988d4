import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { BookingPrintout } from '../../schema/printouts';
import { bookingPrintouts } from '../../src/resources/bookingPrintouts/declaration';
import { API, calls, callsTo, errorResponse, listHandler, renderAdmin, server } from './engineHarness';

const PATH = '/reports/booking/printout';
const receipt: BookingPrintout = {
  Id: 7,
  Name: 'Receipt',
  Header: '<h2>Welcome</h2>',
  Body: '<p>Thank you</p><img src="x" onerror="window.__pwned = true">',
  Active: true,
  Created: '2025-01-01T10:00:00',
  Updated: '2025-02-03T09:30:00',
};

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  server.resetHandlers();
  calls.length = 0;
});
afterAll(() => server.close());

describe('booking printouts (a plain declared entity)', () => {
  it('lists the printouts from /reports/booking/printout by name', async () => {
    server.use(listHandler(PATH, [receipt, { ...receipt, Id: 8, Name: 'Work order', Active: false }]));
    renderAdmin([bookingPrintouts], '/booking-printout');
    expect(await screen.findByText('Work order')).toBeInTheDocument();
    expect(screen.getByText('Receipt')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Updated/ })).toBeInTheDocument();
    expect(callsTo('GET', PATH)[0].search.get('OrderBy')).toBe('Name');
  });

  it('edits a printout with PUT, keeps its rich text and runs none of its markup', async () => {
    server.use(
      listHandler(PATH, [receipt]),
      http.put(`${API}${PATH}/7`, async ({ request }) => HttpResponse.json({ ...receipt, ...((await request.json()) as object) })),
    );
    renderAdmin([bookingPrintouts], '/booking-printout/7');
    fireEvent.change(await screen.findByDisplayValue('Receipt'), { target: { value: 'Booking receipt' } });
    expect(await screen.findByText('Welcome')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo('PUT', `${PATH}/7`)).toHaveLength(1));
    const body = callsTo('PUT', `${PATH}/7`)[0].body as Record<string, unknown>;
    expect(body).toMatchObject({ Name: 'Booking receipt', Active: true });
    expect(body.Header).toContain('Welcome');
    expect(body.Body).toContain('Thank you');
    expect((window as { __pwned?: boolean }).__pwned).toBeUndefined();
  });

  it("shows the server's field error under Name and sends nothing more", async () => {
    server.use(http.post(`${API}${PATH}`, () => errorResponse(400, "'Name' must not be empty.", [{ FieldName: 'Name', Message: "'Name' must not be empty." }])));
    renderAdmin([bookingPrintouts], '/booking-printout/new');
    fireEvent.change(await screen.findByLabelText(/^Name/), { target: { value: ' ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getAllByText("'Name' must not be empty.").length).toBeGreaterThan(0));
    expect(callsTo('POST', PATH)).toHaveLength(1);
    expect(callsTo('POST', PATH)[0].body).toMatchObject({ Name: ' ', Active: true });
  });
});
