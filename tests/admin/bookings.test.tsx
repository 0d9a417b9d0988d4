import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import ExcelJS from 'exceljs';
import { ROLE_IDS } from '../../schema/access/permissions';
import type { Booking } from '../../src/common/bookings/bookingTypes';
import BookingPage from '../../src/custom/bookingPage/BookingPage';
import BookingsReport from '../../src/custom/bookingsReport/BookingsReport';
import BookingSettingsPage from '../../src/custom/bookingSettings/BookingSettingsPage';
import { API, asJson, booking, listOf, calls, callsTo, companyHandler, customFieldsHandler, errorResponse, renderBookings, server, statusHandler, bookingsHandler } from './bookingsHarness';

let rows: Booking[] = [];
let saved: Blob[] = [];

const pages = [
  { path: BookingPage.path, element: <BookingPage /> },
  { path: BookingsReport.path, element: <BookingsReport /> },
  { path: BookingSettingsPage.path, element: <BookingSettingsPage /> },
];

beforeAll(() => {
  server.listen({ onUnhandledFrame: 'error' });
  Object.defineProperty(URL, 'createObjectURL', { writable: true, value: (blob: Blob) => (saved.push(blob), 'blob:export') });
  Object.defineProperty(URL, 'revokeObjectURL', { writable: true, value: () => undefined });
});
beforeEach(() => {
  rows = [booking(1), booking(2, { ServiceName: 'Yoga', StatusId: 3, StatusName: 'Reserved', Customer: { Id: 10, Firstname: 'Bo', Lastname: 'Ek', Email: null, Phone: null }, CustomerName: 'Bo Ek' })];
  saved = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  server.use(
    statusHandler,
    companyHandler,
    customFieldsHandler,
    bookingsHandler(() => rows),
    http.get(`${API}/services`, () => HttpResponse.json({ Offset: 0, Total: 0, Results: [] })),
    http.get(`${API}/customers`, () => HttpResponse.json({ Offset: 0, Total: 0, Results: [] })),
    http.get(`${API}/resources`, () => HttpResponse.json({ Offset: 0, Total: 0, Results: [] })),
    // The booking page's door-code section (src/custom/codelock) asks for the booking's door: none here.
    http.get(`${API}/codelock/bookings/:id`, () => HttpResponse.json({ HasDoor: false, DoorCode: null, Credential: null, CodeLockSystemName: null, Grants: [], LastError: null, LastErrorAt: null })),
  );
});
afterEach(() => {
  vi.restoreAllMocks();
  server.resetHandlers();
  calls.length = 0;
});
afterAll(() => server.close());

async function sheetOf(blob: Blob): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await blob.arrayBuffer());
  return workbook.worksheets[0];
}

describe('bookings list', () => {
  it('shows each booking with its status named by /bookings/status, sorts and filters through the API', async () => {
    renderBookings('/bookings#bookings');
    const table = await screen.findByRole('table');
    await within(table).findByText('Reserved');
    expect(within(table).getByText('Ann Berg')).toBeInTheDocument();
    expect(within(table).getAllByText('Court 1').length).toBe(2);
    expect(within(table).getAllByText('300 kr').length).toBeGreaterThan(0);
    expect(callsTo('GET', '/bookings').at(-1)!.search.get('OrderBy')).toBe('-From');

    fireEvent.click(within(table).getByText('Service'));
    await waitFor(() => expect(callsTo('GET', '/bookings').at(-1)!.search.get('OrderBy')).toBe('ServiceName'));
  });

  it('cancels the selected bookings with the message to the customer', async () => {
    const bodies: Record<string, unknown>[] = [];
    server.use(
      http.post(`${API}/bookings/bulk`, async ({ request }) => {
        const body = (await request.json()) as { Ids: number[] };
        bodies.push(body);
        return HttpResponse.json(asJson({ Succeeded: body.Ids, Failed: [], LastId: null, More: false }));
      }),
    );
    renderBookings('/bookings#bookings');
    const table = await screen.findByRole('table');
    await within(table).findByText('Yoga');
    fireEvent.click(within(table).getAllByRole('checkbox')[0]);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel 2 bookings' });
    fireEvent.change(within(dialog).getByLabelText('Message to the customer'), { target: { value: 'The hall is closed' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel 2 bookings' }));
    await screen.findByText('2 bookings canceled');
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatchObject({ Action: 'Cancel', CommentsToCustomer: 'The hall is closed', SendEmail: true });
    expect((bodies[0].Ids as number[]).sort()).toEqual([1, 2]);
  });

  it('marks everything the filter matches as paid through the bulk call, page after page, and reports refusals', async () => {
    rows = Array.from({ length: 320 }, (_, i) => booking(i + 1, { StatusId: i % 2 ? 1 : 3 }));
    const bodies: { AfterId: number; Filter: unknown }[] = [];
    server.use(
      http.post(`${API}/bookings/bulk`, async ({ request }) => {
        const body = (await request.json()) as { AfterId: number; Filter: unknown };
        bodies.push(body);
        const ids = rows.map((r) => r.Id).filter((id) => id > body.AfterId).slice(0, 200);
        const failed = ids.includes(5) ? [{ Id: 5, Message: 'The booking is already paid.' }] : [];
        return HttpResponse.json(asJson({ Succeeded: ids.filter((id) => id !== 5), Failed: failed, LastId: ids.at(-1), More: ids.at(-1)! < 320 }));
      }),
    );
    renderBookings('/bookings#bookings');
    await screen.findByText(/of 320/);
    fireEvent.click(screen.getByRole('button', { name: 'Mark all matching as paid' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark 320 bookings as paid' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark as paid' }));
    await screen.findByText('319 bookings marked as paid', {}, { timeout: 30000 });
    await screen.findByText(/#5: The booking is already paid\./);
    expect(bodies.map((b) => b.AfterId)).toEqual([0, 200]);
    expect(bodies[0]).toMatchObject({ Action: 'MarkAsPaid', Filter: {} });
  });
});

describe('queue', () => {
  it('lists queued customers per time and turns one into a booking', async () => {
    const entry = (id: number, name: string, created: string) =>
      asJson({ Id: id, ServiceId: 5, ServiceName: 'Padel', CustomerId: 20 + id, CustomerName: name, CustomerEmail: null, From: '2026-11-21T14:00:00', To: '2026-11-21T15:00:00', Quantity: 1, Comment: null, Created: created });
    let queue = [entry(1, 'Cleo Dahl', '2026-11-02T08:00:00'), entry(2, 'Dan Ek', '2026-11-01T08:00:00')];
    server.use(
      http.get(`${API}/bookinguserqueue`, () => HttpResponse.json(listOf(queue))),
      http.post(`${API}/bookinguserqueue/:id/book`, ({ params }) => {
        queue = queue.filter((q) => (q as { Id: number }).Id !== Number(params.id));
        return HttpResponse.json(asJson(booking(77)));
      }),
    );
    const view = renderBookings('/bookings#queue', pages);
    const group = await screen.findByRole('region', { name: /Padel · 21\/11\/2026, 14:00/u });
    const items = within(group).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('1. Dan Ek');
    expect(items[1]).toHaveTextContent('2. Cleo Dahl');
    fireEvent.click(within(items[0]).getByRole('button', { name: 'Book' }));
    await screen.findByText('The customer is booked and taken off the queue');
    expect(callsTo('POST', '/bookinguserqueue/2/book')).toHaveLength(1);
    await waitFor(() => expect(view.location().pathname).toBe('/bookings/77'));
  });

  it('a time still full keeps the customer queued and shows the server message', async () => {
    const queued = asJson({ Id: 3, ServiceId: 5, ServiceName: 'Padel', CustomerId: 23, CustomerName: 'Eva Fors', CustomerEmail: null, From: '2026-11-21T14:00:00', To: '2026-11-21T15:00:00', Quantity: 1, Comment: null, Created: '2026-11-01T08:00:00' });
    server.use(
      http.get(`${API}/bookinguserqueue`, () => HttpResponse.json(listOf([queued]))),
      http.post(`${API}/bookinguserqueue/:id/book`, () =>
        HttpResponse.json({ ResponseStatus: { ErrorCode: 'BookingTaken', Message: 'Court 1 is already booked 14:00–15:00.', Errors: [] } }, { status: 409 }),
      ),
    );
    renderBookings('/bookings#queue', pages);
    fireEvent.click(await screen.findByRole('button', { name: 'Book' }));
    await screen.findByText('Court 1 is already booked 14:00–15:00.');
    expect(screen.getByText(/1\. Eva Fors/)).toBeInTheDocument();
  });
});

describe('booking page', () => {
  it('shows time, customer, quantities, codes, resources, custom fields, comments and invoice address', async () => {
    renderBookings('/bookings/1', pages);
    await screen.findByRole('heading', { name: 'Padel #1' });
    expect(screen.getByText('21/11/2026, 14:00 – 15:00')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ann Berg' })).toHaveAttribute('href', '/customers/9');
    expect(screen.getByTestId('quantity-71')).toHaveTextContent('2');
    expect(screen.getByTestId('booking-total')).toHaveTextContent('300 kr');
    expect(screen.getByRole('link', { name: 'SUMMER25' })).toBeInTheDocument();
    expect(screen.getByText('Court 1')).toBeInTheDocument();
    expect(screen.getByText('Large')).toBeInTheDocument();
    expect(screen.getByText('Window seat')).toBeInTheDocument();
    expect(screen.getByText('Storgatan 1')).toBeInTheDocument();
  });

  it('says None in a section whose values are all blank, instead of a lone heading', async () => {
    rows = [booking(1, { CustomFieldValues: [{ Id: 5, Value: '' }], BookedComments: '', CommentsToCustomer: null, UnbookedComments: null })];
    renderBookings('/bookings/1', pages);
    for (const name of ['Custom fields', 'Comments']) {
      const section = (await screen.findByRole('heading', { name })).closest('section')!;
      expect(section.textContent, name).toBe(`${name}None`);
    }
  });

  it('changes the quantity and shows the success notice; the server message on failure', async () => {
    let body: unknown;
    server.use(
      http.put(`${API}/bookings/1/quantity`, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(asJson(booking(1)));
      }),
    );
    renderBookings('/bookings/1', pages);
    fireEvent.click(await screen.findByRole('button', { name: 'Change quantity' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change quantity' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'More: Adult' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText('The booking was updated');
    expect(body).toEqual({ Quantities: [{ PriceId: 4, Quantity: 3 }] });

    server.use(http.put(`${API}/bookings/1/quantity`, () => errorResponse(400, 'Only 1 spot is free at this time.', [{ FieldName: 'Quantities', Message: 'Only 1 spot is free at this time.' }])));
    fireEvent.click(await screen.findByRole('button', { name: 'Change quantity' }));
    const again = await screen.findByRole('dialog', { name: 'Change quantity' });
    fireEvent.click(within(again).getByRole('button', { name: 'More: Adult' }));
    fireEvent.click(within(again).getByRole('button', { name: 'Save' }));
    await screen.findByText('Only 1 spot is free at this time.');
    expect(screen.getByRole('dialog', { name: 'Change quantity' })).toBeInTheDocument();
  });

  it('stops the quantity steppers at what one booking of the service may take', async () => {
    server.use(
      http.get(`${API}/services`, () =>
        HttpResponse.json({ Offset: 0, Total: 1, Results: [{ Id: 3, Name: 'Padel', GroupBooking: { Active: true, Min: 1, Max: 3 }, MultipleResource: { Active: false, Min: 1, Max: 1 } }] }),
      ),
    );
    renderBookings('/bookings/1', pages);
    fireEvent.click(await screen.findByRole('button', { name: 'Change quantity' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change quantity' });
    const more = within(dialog).getByRole('button', { name: 'More: Adult' });
    await waitFor(() => expect(more).toBeEnabled());
    fireEvent.click(more);
    expect(within(dialog).getByRole('spinbutton', { name: 'Adult' })).toHaveValue(3);
    await waitFor(() => expect(more).toBeDisabled());
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: 'Adult' }), { target: { value: '25' } });
    expect(within(dialog).getByRole('spinbutton', { name: 'Adult' })).toHaveValue(3);
  });

  it('approves a reserved booking; without a door there is no door-code resync (tests/admin/codelock.test.tsx has the door)', async () => {
    rows = [booking(1, { StatusId: 3 })];
    server.use(
      http.put(`${API}/bookings/1/approve`, () => HttpResponse.json(asJson(booking(1)))),
      http.get(`${API}/codelock/bookings/1`, () => HttpResponse.json({ HasDoor: false, DoorCode: null, Credential: null, CodeLockSystemName: null, Grants: [], LastError: null, LastErrorAt: null })),
    );
    renderBookings('/bookings/1', pages);
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    await screen.findByText('The booking was approved');
    expect(callsTo('PUT', '/bookings/1/approve')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Resync door code' })).toBeNull();
  });

  it('cancels with a reason, and changes a resource to one that is free', async () => {
    server.use(
      http.delete(`${API}/bookings/1`, () => HttpResponse.json(asJson(booking(1, { StatusId: 4 })))),
      http.get(`${API}/bookings/1/resources/available`, () => HttpResponse.json(
          listOf([
            asJson({ ResourceTypeId: 2, ResourceTypeName: 'Court', ResourceId: 11, ResourceName: 'Court 1', Available: true, Booked: true }),
            asJson({ ResourceTypeId: 2, ResourceTypeName: 'Court', ResourceId: 12, ResourceName: 'Court 2', Available: true, Booked: false }),
            asJson({ ResourceTypeId: 2, ResourceTypeName: 'Court', ResourceId: 13, ResourceName: 'Court 3', Available: false, Booked: false }),
          ]),
        )),
      http.put(`${API}/bookings/1/resource`, () => HttpResponse.json(asJson(booking(1)))),
    );
    renderBookings('/bookings/1', pages);
    fireEvent.click(await screen.findByRole('button', { name: 'Change Court 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change Court 1' });
    fireEvent.click(await within(dialog).findByRole('radio', { name: 'Court 2' }));
    expect(within(dialog).queryByRole('radio', { name: 'Court 1' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('radio', { name: 'Court 3' })).not.toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText('The booking was updated');
    expect(callsTo('PUT', '/bookings/1/resource')[0].body).toEqual({ ResourceTypeId: 2, ResourceId: 12, OldResourceId: 11 });

    fireEvent.click(screen.getByRole('button', { name: 'Cancel booking' }));
    const cancel = await screen.findByRole('dialog', { name: 'Cancel booking 1' });
    fireEvent.change(within(cancel).getByLabelText('Reason (kept with the booking)'), { target: { value: 'Ill' } });
    fireEvent.click(within(cancel).getByRole('button', { name: 'Cancel the booking' }));
    await screen.findByText('The booking was unbooked');
    expect(callsTo('DELETE', '/bookings/1')[0].search.get('UnbookedComments')).toBe('Ill');
  });

  it('sends the receipt: the PDF downloaded, or e-mailed to the customer', async () => {
    server.use(
      http.get(`${API}/bookings/reports`, () => HttpResponse.json(listOf([asJson({ Id: 1, Name: 'Receipt', IsPrintout: false })]))),
      http.get(`${API}/bookings/1/reports/1`, ({ request }) =>
        new URL(request.url).searchParams.get('SendReceiptMethod') === '2'
          ? new HttpResponse(new Blob(['%PDF-1.4'], { type: 'application/pdf' }), { headers: { 'content-type': 'application/pdf' } })
          : HttpResponse.json({ Email: 'ann@example.com', MessageId: 'm1' }),
      ),
    );
    renderBookings('/bookings/1', pages);
    fireEvent.click(await screen.findByRole('button', { name: 'Send receipt' }));
    let dialog = await screen.findByRole('dialog', { name: 'Send receipt' });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Download PDF' })).toBeEnabled());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Download PDF' }));
    await screen.findByText('The receipt was downloaded');
    expect(saved).toHaveLength(1);
    expect(saved[0].type).toBe('application/pdf');

    fireEvent.click(await screen.findByRole('button', { name: 'Send receipt' }));
    dialog = await screen.findByRole('dialog', { name: 'Send receipt' });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'E-mail to the customer ann@example.com' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send by e-mail' }));
    await screen.findByText('The receipt was sent');
    expect(callsTo('GET', '/bookings/1/reports/1').map((c) => c.search.get('SendReceiptMethod'))).toEqual(['2', '1']);
  });

  it('offers the company printouts as receipts and sends the one chosen', async () => {
    server.use(
      http.get(`${API}/bookings/reports`, () => HttpResponse.json(listOf([asJson({ Id: 4, Name: 'Club receipt', IsPrintout: true }), asJson({ Id: 9, Name: 'Plain receipt', IsPrintout: true })]))),
      http.get(`${API}/bookings/1/reports/:option`, () => new HttpResponse(new Blob(['%PDF-1.4'], { type: 'application/pdf' }), { headers: { 'content-type': 'application/pdf' } })),
    );
    renderBookings('/bookings/1', pages);
    fireEvent.click(await screen.findByRole('button', { name: 'Send receipt' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send receipt' });
    fireEvent.click(await within(dialog).findByRole('radio', { name: 'Plain receipt' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Download PDF' }));
    await screen.findByText('The receipt was downloaded');
    expect(callsTo('GET', '/bookings/1/reports/9')).toHaveLength(1);
  });

  it('shows the booking log: who changed what, before and after', async () => {
    server.use(
      http.get(`${API}/bookinglog`, () =>
        HttpResponse.json({
          Offset: 0,
          Total: 2,
          Results: asJson([
            { Id: 2, BookingId: 1, Created: '2026-11-02T10:00:00', Event: 'QuantityChanged', ActorType: 'Administrator', UserId: 1, ActorName: 'Demo Admin', Comment: null, Before: { Spots: 2 }, After: { Spots: 3 } },
            { Id: 1, BookingId: 1, Created: '2026-11-01T09:30:00', Event: 'Created', ActorType: 'Customer', UserId: null, ActorName: 'Ann Berg', Comment: null, Before: null, After: null },
          ]),
        }),
      ),
    );
    renderBookings('/bookings/1#log', pages);
    const rowsShown = await screen.findAllByTestId('booking-log-row');
    expect(rowsShown).toHaveLength(2);
    expect(within(rowsShown[0]).getByText('Quantity changed')).toBeInTheDocument();
    expect(within(rowsShown[0]).getByText('Administrator: Demo Admin')).toBeInTheDocument();
    expect(within(rowsShown[0]).getByText('Spots: 2 → 3')).toBeInTheDocument();
    expect(callsTo('GET', '/bookinglog')[0].search.get('BookingId')).toBe('1');
  });

  it('offers an Accountant no actions', async () => {
    renderBookings('/bookings/1', pages, [ROLE_IDS.Accountant]);
    await screen.findByRole('heading', { name: 'Padel #1' });
    expect(screen.queryByRole('button', { name: 'Cancel booking' })).not.toBeInTheDocument();
    expect(screen.queryByRole('toolbar', { name: 'Booking actions' })).not.toBeInTheDocument();
  });
});

describe('bookings report', () => {
  it('exports every matching booking to Excel in pages of 300, after a please-wait message, with translated headers', async () => {
    rows = Array.from({ length: 650 }, (_, i) => booking(i + 1));
    renderBookings('/bookings-report', pages);
    await screen.findByText(/of 650/);
    fireEvent.click(screen.getByRole('button', { name: 'Excel' }));
    await screen.findByText('Please wait: exporting 650 bookings…');
    await screen.findByText('650 bookings exported', {}, { timeout: 30000 });
    const fetched = callsTo('GET', '/bookings').filter((c) => c.search.get('Take') === '300');
    expect(fetched.map((c) => c.search.get('Skip'))).toEqual(['0', '300', '600']);
    const sheet = await sheetOf(saved[0]);
    expect(sheet.getRow(1).getCell(1).value).toBe('Booking');
    expect(sheet.getRow(1).getCell(2).value).toBe('Time');
    // Times are dates and prices numbers, so the sheet sorts and sums.
    expect(sheet.getRow(2).getCell(2).value).toEqual(new Date(Date.UTC(2026, 10, 21, 14, 0)));
    expect(sheet.getRow(2).getCell(2).numFmt).toBe('yyyy-mm-dd hh:mm');
    const price = sheet.getRow(1).values as unknown[];
    const priceColumn = price.indexOf('Total');
    expect(sheet.getRow(2).getCell(priceColumn).value).toBe(300);
    expect(sheet.getRow(2).getCell(priceColumn).numFmt).toBe('#,##0.00 "kr"');
    expect(sheet.rowCount).toBe(651);
  });

  it('exports CSV with a byte-order mark', async () => {
    renderBookings('/bookings-report', pages);
    await screen.findByText(/of 2/);
    fireEvent.click(screen.getByRole('button', { name: 'CSV' }));
    await screen.findByText('2 bookings exported');
    const bytes = new Uint8Array(await saved[0].arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    expect(text.split('\r\n')[0]).toMatch(/^Booking,Time,Ends,Service,Customer/);
    expect(text).toContain('Ann Berg');
  });
});

describe('booking settings', () => {
  const settings = {
    DefaultStatusId: 1,
    ReservationHoldMinutes: 30,
    PaymentHoldMinutes: 20,
    CancellationDeadlineHours: 24,
    CustomersMayChooseResources: false,
    SendEmailConfirmation: true,
    SendSmsConfirmation: false,
    SendEmailReminder: true,
    SendSmsReminder: false,
    QueueEnabled: false,
  };

  it('saves the settings, and says when a setting is beyond the plan', async () => {
    server.use(
      http.get(`${API}/settings`, () => HttpResponse.json(settings)),
      http.put(`${API}/settings`, async ({ request }) => HttpResponse.json(asJson(await request.json()))),
    );
    renderBookings('/booking-settings', pages);
    const queue = await screen.findByRole('switch', { name: 'Queue when full' });
    fireEvent.click(queue);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('The booking settings were saved');
    expect(callsTo('PUT', '/settings')[0].body).toMatchObject({ QueueEnabled: true, ReservationHoldMinutes: 30 });

    server.use(http.put(`${API}/settings`, () => HttpResponse.json({ Header: 'Upgrade', Body: 'The queue needs a larger plan.' }, { status: 402 })));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText(/This setting is not included in your plan/);
  });
});
