import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Booking } from '../../src/common/bookings/bookingTypes';
import BookingsReport from '../../src/custom/bookingsReport/BookingsReport';
import { API, asJson, booking, calls, callsTo, companyHandler, customFieldsHandler, listOf, renderBookings, server, statusHandler, bookingsHandler } from './bookingsHarness';

let rows: Booking[] = [];
let saved: Blob[] = [];

const pages = [{ path: BookingsReport.path, element: <BookingsReport /> }];

beforeAll(() => {
  server.listen({ onUnhandledFrame: 'error' });
  Object.defineProperty(URL, 'createObjectURL', { writable: true, value: (blob: Blob) => (saved.push(blob), 'blob:export') });
  Object.defineProperty(URL, 'revokeObjectURL', { writable: true, value: () => undefined });
});
beforeEach(() => {
  rows = Array.from({ length: 30 }, (_, i) => booking(i + 1, { From: `2026-11-${String(30 - Math.floor(i / 2)).padStart(2, '0')}T10:00:00` }));
  saved = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  server.use(
    statusHandler,
    companyHandler,
    customFieldsHandler,
    bookingsHandler(() => rows),
    http.get(`${API}/services`, () => HttpResponse.json(listOf([]))),
    http.get(`${API}/customers`, () => HttpResponse.json(listOf([]))),
    http.get(`${API}/resource`, () => HttpResponse.json(listOf([asJson({ Id: 11, Name: 'Court 1' }), asJson({ Id: 12, Name: 'Court 2' })]))),
  );
});
afterEach(() => {
  vi.restoreAllMocks();
  server.resetHandlers();
  calls.length = 0;
});
afterAll(() => server.close());

/** The booking numbers of an exported CSV file, in its order. */
async function exportedIds(blob: Blob): Promise<number[]> {
  const text = new TextDecoder().decode(new Uint8Array(await blob.arrayBuffer()).slice(3));
  return text
    .split('\r\n')
    .slice(1)
    .filter(Boolean)
    .map((line) => Number(line.split(/[,;]/)[0]));
}

describe('bookings list selection', () => {
  it('says how many are selected and exports every selected booking, also those selected on another page', async () => {
    renderBookings('/bookings#bookings');
    const table = await screen.findByRole('table');
    await within(table).findByRole('checkbox', { name: 'Select booking 1' });
    fireEvent.click(within(table).getByRole('checkbox', { name: 'Select booking 1' }));
    fireEvent.click(within(table).getByRole('checkbox', { name: 'Select booking 2' }));
    await screen.findByText('2 bookings selected');

    fireEvent.click(screen.getByRole('button', { name: 'Go to page 2' }));
    fireEvent.click(await within(table).findByRole('checkbox', { name: 'Select booking 27' }));
    await screen.findByText('3 bookings selected');
    expect(within(table).queryByRole('checkbox', { name: 'Select booking 1' })).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'CSV' }));
    await screen.findByText('3 bookings exported');
    // The two not on this page are fetched by id; the file lists all three by time.
    const byId = callsTo('GET', '/bookings').filter((c) => c.search.getAll('Id').length);
    expect(byId.map((c) => c.search.getAll('Id').sort())).toEqual([['1', '2']]);
    expect(await exportedIds(saved[0])).toEqual([27, 1, 2]);
  });

  it('counts a single selected booking in the singular', async () => {
    renderBookings('/bookings#bookings');
    const table = await screen.findByRole('table');
    fireEvent.click(await within(table).findByRole('checkbox', { name: 'Select booking 3' }));
    await screen.findByText('1 booking selected');
    expect(screen.getByRole('button', { name: 'Cancel selected' })).toBeEnabled();
  });
});

describe('bookings report filters', () => {
  it('offers the filters of the list, the resource and created dates behind Add filter, and filters and exports through them', async () => {
    renderBookings('/bookings-report', pages);
    await screen.findByText(/of 30/);
    expect(screen.queryByRole('combobox', { name: 'Resource' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Add filter' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitemcheckbox', { name: 'Created from' })).toBeInTheDocument();
    expect(within(menu).getByRole('menuitemcheckbox', { name: 'Created to' })).toBeInTheDocument();
    fireEvent.click(within(menu).getByRole('menuitemcheckbox', { name: 'Resource' }));

    rows = rows.map((r) => (r.Id <= 4 ? { ...r, Resources: [{ ...r.Resources[0], ResourceId: 12, ResourceName: 'Court 2' }] } : r));
    const resource = await screen.findByRole('combobox', { name: 'Resource' });
    fireEvent.change(resource, { target: { value: 'Court' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Court 2' }));
    await screen.findByText(/of 4/);
    expect(callsTo('GET', '/bookings').at(-1)!.search.getAll('ResourceIds')).toEqual(['12']);

    fireEvent.click(screen.getByRole('button', { name: 'CSV' }));
    await screen.findByText('4 bookings exported');
    expect((await exportedIds(saved[0])).sort((a, b) => a - b)).toEqual([1, 2, 3, 4]);
    expect(callsTo('GET', '/bookings').filter((c) => c.search.get('Take') === '300').every((c) => c.search.getAll('ResourceIds').join() === '12')).toBe(true);
  });

  it('keeps the table in a labelled region of its own that scrolls, beside the toolbar', async () => {
    renderBookings('/bookings-report', pages);
    const region = await screen.findByRole('region', { name: 'Report' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(await within(region).findByRole('table')).toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: 'Excel' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Excel' })).toBeInTheDocument();
  });
});
