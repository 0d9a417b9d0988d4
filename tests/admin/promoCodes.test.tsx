import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { RebateCode } from '../../schema/rebatecodes';
import type { BookingDataProvider } from '../../src/dataProvider/types';
import { API, asJson, calls, callsTo, code, currencyHandlers, errorResponse, list, renderPromo, server } from './promoHarness';
import { pick } from './pickers';

let records: RebateCode[] = [];

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
beforeEach(() => {
  records = [];
  server.use(
    ...currencyHandlers,
    http.get(`${API}/rebatecodes`, ({ request }) => {
      const ids = new URL(request.url).searchParams.getAll('Id').map(Number);
      return HttpResponse.json(list(ids.length ? records.filter((r) => ids.includes(r.Id)) : records));
    }),
    http.get(`${API}/services`, () => HttpResponse.json(list([{ Id: 5, Name: 'Padel' }, { Id: 6, Name: 'Massage' }]))),
    http.get(`${API}/customers`, () => HttpResponse.json(list([{ Id: 9, Firstname: 'Ann', Lastname: 'Berg', Email: 'ann@example.com' }]))),
  );
});
afterEach(() => {
  server.resetHandlers();
  calls.length = 0;
});
afterAll(() => server.close());

async function chooseOption(label: RegExp, option: string) {
  fireEvent.mouseDown(await screen.findByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

const lastListQuery = () => callsTo('GET', '/rebatecodes').at(-1)!.search;

describe('promo code list', () => {
  it('reads /rebatecodes newest first and shows sign, translated type, value, validity, uses, what is left and status', async () => {
    records = [
      code(1, { RebateCodeSign: 'SOMMAR20', Name: 'Summer', RebateCodeValue: 20, ValidFrom: '2025-06-01', ValidTo: '2025-08-31' }),
      code(2, {
        RebateCodeSign: 'CARD500',
        RebateCodeTypeId: 4,
        RebateCodeTypeName: 'ValueCard',
        RebateCodeValue: 500,
        RemainingAmount: 380,
        NumberOfUsesUsed: 2,
        RebateCodeStatusId: 2,
        StatusName: 'Off',
      }),
      code(3, { RebateCodeSign: 'KLIPP10', RebateCodeTypeId: 3, RebateCodeTypeName: 'PunchTicket', RebateCodeValue: 10, RemainingUsage: 7 }),
    ];
    renderPromo('/promo-codes');
    const summer = (await screen.findByText('SOMMAR20')).closest('tr') as HTMLElement;
    expect(within(summer).getByText('Percent')).toBeInTheDocument();
    expect(within(summer).getByText('20 %')).toBeInTheDocument();
    expect(within(summer).getByText('01/06/2025 – 31/08/2025')).toBeInTheDocument();
    const card = screen.getByText('CARD500').closest('tr') as HTMLElement;
    expect(await within(card).findByText('500 kr')).toBeInTheDocument();
    expect(within(card).getByText('Value card')).toBeInTheDocument();
    expect(within(card).getByText('380 kr left')).toBeInTheDocument();
    expect(within(card).getByText('Off')).toBeInTheDocument();
    expect(within(card).getByText('Always')).toBeInTheDocument();
    const ticket = screen.getByText('KLIPP10').closest('tr') as HTMLElement;
    expect(within(ticket).getByText('Punch ticket')).toBeInTheDocument();
    expect(within(ticket).getByText('10 punches')).toBeInTheDocument();
    expect(within(ticket).getByText('7 punches left')).toBeInTheDocument();
    const query = lastListQuery();
    expect(query.get('OrderBy')).toBe('-Created');
    expect(query.get('Skip')).toBe('0');
    expect(query.get('Take')).toBe('25');
  });

  it('filters by type, status, search and validity with the API names', async () => {
    records = [code(1, { RebateCodeSign: 'SOMMAR20' })];
    renderPromo('/promo-codes');
    await screen.findByText('SOMMAR20');
    await chooseOption(/^Type/, 'Punch ticket');
    await waitFor(() => expect(lastListQuery().get('RebateCodeTypeId')).toBe('3'));
    await chooseOption(/^Status/, 'Off');
    await waitFor(() => expect(lastListQuery().get('RebateCodeStatusId')).toBe('2'));
    fireEvent.change(screen.getByPlaceholderText('Search'), { target: { value: 'summer' } });
    await waitFor(() => expect(lastListQuery().get('Search')).toBe('summer'));
    const query = lastListQuery();
    expect(query.get('RebateCodeTypeId')).toBe('3');
    expect(query.get('RebateCodeStatusId')).toBe('2');
  });
});

describe('promo code form', () => {
  it('validates the value by type: percent at most 100, punches whole and at least 1, money with two decimals', async () => {
    renderPromo('/promo-codes/new');
    const value = await screen.findByLabelText(/^Discount \(%\)/);
    fireEvent.change(value, { target: { value: '120' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Must be 100 or less')).toBeInTheDocument();

    await chooseOption(/^Type/, 'Punch ticket');
    const punches = await screen.findByLabelText(/^Number of punches/);
    fireEvent.change(punches, { target: { value: '2.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a whole number of punches, at least 1')).toBeInTheDocument();

    await chooseOption(/^Type/, 'Fixed amount');
    const amount = await screen.findByLabelText(/^Amount off/);
    fireEvent.change(amount, { target: { value: '99.999' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('At most two decimals')).toBeInTheDocument();
    expect(callsTo('POST', '/rebatecodes')).toHaveLength(0);
  });

  it('holds the sign to more than four letters, digits or dashes, and generates one on request', async () => {
    renderPromo('/promo-codes/new');
    const sign = await screen.findByLabelText(/^Code/);
    expect(screen.getByText(/More than four characters/)).toBeInTheDocument();
    fireEvent.change(sign, { target: { value: 'abcd' } });
    expect(sign).toHaveValue('ABCD');
    fireEvent.change(await screen.findByLabelText(/^Discount/), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The code must have at least 5 characters')).toBeInTheDocument();
    fireEvent.change(sign, { target: { value: 'SUMMER 25' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Use only letters, digits and dashes')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Generate a code' }));
    expect((sign as HTMLInputElement).value).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{8}$/);
    await waitFor(() => expect(screen.queryByText('Use only letters, digits and dashes')).not.toBeInTheDocument());
  });

  it('creates a value card with an empty sign (the server generates it), 9999 uses, and per customer as often as the card allows', async () => {
    server.use(http.post(`${API}/rebatecodes`, async ({ request }) => HttpResponse.json(asJson({ ...code(40), ...((await request.json()) as object), RebateCodeSign: 'K7QWM3PZ' }))));
    const { location } = renderPromo('/promo-codes/new');
    await chooseOption(/^Type/, 'Value card');
    fireEvent.change(await screen.findByLabelText(/^Card value/), { target: { value: '500' } });
    expect(screen.getByLabelText(/^Max uses per customer/)).toHaveValue(9999);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Monday' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Friday' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo('POST', '/rebatecodes')).toHaveLength(1));
    const body = callsTo('POST', '/rebatecodes')[0].body as Record<string, unknown>;
    expect(body).toMatchObject({ RebateCodeTypeId: 4, RebateCodeValue: 500, MaxNumberOfUses: 9999, MaxNumberOfUsesPerCustomer: 9999, RebateCodeStatusId: 1, DaysOfWeek: [1, 5] });
    expect(body.RebateCodeSign ?? '').toBe('');
    await waitFor(() => expect(location().pathname).toBe('/promo-codes/40'));
  });

  it('keeps one use per customer for a percent code, and refuses an end date before the start date', async () => {
    renderPromo('/promo-codes/new');
    fireEvent.change(await screen.findByLabelText(/^Discount/), { target: { value: '15' } });
    expect(screen.getByLabelText(/^Max uses per customer/)).toHaveValue(1);
    // The date fields follow the app language: English shows DD/MM/YYYY.
    pick(/^Valid from/, '10/06/2025');
    pick(/^Valid to/, '01/06/2025');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The end date cannot be before the start date')).toBeInTheDocument();
    expect(callsTo('POST', '/rebatecodes')).toHaveLength(0);
  });

  it('refuses an end time of day before the start time', async () => {
    renderPromo('/promo-codes/new');
    fireEvent.change(await screen.findByLabelText(/^Discount/), { target: { value: '15' } });
    pick(/^From time of day/, '17:00');
    pick(/^To time of day/, '09:00');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The end time must be after the start time')).toBeInTheDocument();
    expect(callsTo('POST', '/rebatecodes')).toHaveLength(0);
  });

  it('sends the times of day picked on the clock fields as HH:mm', async () => {
    renderPromo('/promo-codes/new');
    fireEvent.change(await screen.findByLabelText(/^Discount/), { target: { value: '15' } });
    pick(/^From time of day/, '17:00');
    pick(/^To time of day/, '21:00');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo('POST', '/rebatecodes')).toHaveLength(1));
    expect(callsTo('POST', '/rebatecodes')[0].body).toMatchObject({ FromTime: '17:00', ToTime: '21:00' });
  });

  it('edits a code with its days, services and customers as ids', async () => {
    records = [
      code(7, {
        RebateCodeSign: 'SOMMAR20',
        DaysOfWeek: [{ DayOfWeekId: 6, DotNetDayOfWeekId: 6, DayOfWeek: 'Saturday' }],
        Services: [{ Id: 5, Name: 'Padel' }],
        Customers: [{ Id: 9, Firstname: 'Ann', Lastname: 'Berg', Email: 'ann@example.com' }],
      }),
    ];
    server.use(http.put(`${API}/rebatecodes/7`, async ({ request }) => HttpResponse.json(asJson({ ...records[0], ...((await request.json()) as object) }))));
    renderPromo('/promo-codes/7');
    const name = await screen.findByLabelText(/^Name/);
    await screen.findByDisplayValue('SOMMAR20');
    fireEvent.change(name, { target: { value: 'Summer weekends' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo('PUT', '/rebatecodes/7')).toHaveLength(1));
    expect(callsTo('PUT', '/rebatecodes/7')[0].body).toMatchObject({ Name: 'Summer weekends', DaysOfWeek: [6], Services: [5], Customers: [9], RebateCodeSign: 'SOMMAR20' });
  });
});

describe('deleting a promo code', () => {
  const deleteOf = (id: number) => callsTo('DELETE', `/rebatecodes/${id}`);

  it('sends ForceDelete when the code is Off', async () => {
    records = [code(7, { RebateCodeSign: 'OLDCODE', RebateCodeStatusId: 2, StatusName: 'Off' })];
    server.use(http.delete(`${API}/rebatecodes/7`, () => HttpResponse.json(asJson(records[0]))));
    const { location } = renderPromo('/promo-codes/7');
    await screen.findByDisplayValue('OLDCODE');
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(deleteOf(7)).toHaveLength(1));
    expect(deleteOf(7)[0].search.get('ForceDelete')).toBe('true');
    await waitFor(() => expect(location().pathname).toBe('/promo-codes'));
  });

  it('sends no ForceDelete for an active code, and shows the server message when deleting fails', async () => {
    records = [code(8, { RebateCodeSign: 'USEDCODE' })];
    server.use(
      http.delete(`${API}/rebatecodes/8`, () =>
        errorResponse(409, 'The code has been used and has 3 transactions. Switch the code off (status Off) and then delete it to remove it with its history.'),
      ),
    );
    renderPromo('/promo-codes/8');
    await screen.findByDisplayValue('USEDCODE');
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(/The code has been used and has 3 transactions/)).toBeInTheDocument();
    expect(deleteOf(8)[0].search.has('ForceDelete')).toBe(false);
  });
});

describe('code reports', () => {
  it('sends the report by e-mail (SendReceiptMethod 1) to the code customer and shows the status text when it fails', async () => {
    records = [code(7, { RebateCodeSign: 'CARD500', Customers: [{ Id: 9, Firstname: 'Ann', Lastname: 'Berg', Email: 'ann@example.com' }] })];
    let fail = true;
    server.use(
      http.get(`${API}/rebatecodes/7/reports`, () =>
        fail ? errorResponse(400, 'The report could not be sent: mailbox unavailable') : HttpResponse.json({ Email: 'ann@example.com', MessageId: 'm1' }),
      ),
    );
    renderPromo('/promo-codes/7');
    await screen.findByDisplayValue('CARD500');
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('E-mail address')).toHaveValue('ann@example.com');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('The report could not be sent: mailbox unavailable')).toBeInTheDocument();
    fail = false;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('The report was sent to ann@example.com')).toBeInTheDocument();
    const sent = callsTo('GET', '/rebatecodes/7/reports').at(-1)!.search;
    expect(sent.get('SendReceiptMethod')).toBe('1');
    expect(sent.get('Email')).toBe('ann@example.com');
  });

  it('downloads the PDF (SendReceiptMethod 2) where the data provider can fetch files, and shows the message when it fails', async () => {
    records = [code(7, { RebateCodeSign: 'CARD500' })];
    const downloads: { path: string; query: unknown }[] = [];
    let fail = true;
    const withDownload = (dp: BookingDataProvider) =>
      Object.assign(dp, {
        download: async (path: string, options?: { query?: Record<string, unknown> }) => {
          downloads.push({ path, query: options?.query });
          if (fail) throw new Error('The report could not be made');
          return new Blob(['%PDF-1.7'], { type: 'application/pdf' });
        },
      });
    const saved: Blob[] = [];
    Object.defineProperty(URL, 'createObjectURL', { writable: true, value: (blob: Blob) => (saved.push(blob), 'blob:pdf') });
    Object.defineProperty(URL, 'revokeObjectURL', { writable: true, value: () => undefined });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderPromo('/promo-codes/7', [], withDownload);
    await screen.findByDisplayValue('CARD500');
    fireEvent.click(screen.getByRole('button', { name: 'Download report' }));
    expect(await screen.findByText('The report could not be made')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Download report' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(downloads.at(-1)).toEqual({ path: '/rebatecodes/7/reports', query: { SendReceiptMethod: 2 } });
    expect((click.mock.contexts.at(-1) as HTMLAnchorElement).download).toBe('rebatecode-CARD500.pdf');
    click.mockRestore();
  });

  it('offers both sending and downloading the report with the product\'s data provider', async () => {
    records = [code(7, { RebateCodeSign: 'CARD500' })];
    renderPromo('/promo-codes/7');
    await screen.findByDisplayValue('CARD500');
    expect(screen.getByRole('button', { name: 'Send report' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download report' })).toBeInTheDocument();
  });
});
