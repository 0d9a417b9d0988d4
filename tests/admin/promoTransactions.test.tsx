import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import ExcelJS from 'exceljs';
import type { RebateCodeTransaction } from '../../schema/rebatecodes';
import PromoCodesPage, { PromoCodeTransactionsPage } from '../../src/custom/promoCodes/PromoCodesPage';
import { API, asJson, calls, callsTo, code, currencyHandlers, errorResponse, renderPromo, server } from './promoHarness';
import { pick } from './pickers';
import { formatWireDate } from '../../src/i18n/format';

const transaction = (id: number, over: Partial<RebateCodeTransaction> = {}): RebateCodeTransaction => ({
  Id: id,
  RebateCodeId: 8,
  RebateCodeSign: 'CARD500',
  RebateCodeTypeId: 4,
  Amount: 100,
  Usage: 1,
  ChangeType: 'Decrease',
  BookingId: 1000 + id,
  CustomerId: 9,
  CustomerName: 'Ann Berg',
  ServiceId: 5,
  ServiceName: 'Massage',
  Comment: null,
  Created: '2025-06-02T10:15:00',
  ...over,
});

let rows: RebateCodeTransaction[] = [];
let saved: Blob[] = [];

beforeAll(() => {
  server.listen({ onUnhandledFrame: 'error' });
  Object.defineProperty(URL, 'createObjectURL', { writable: true, value: (blob: Blob) => (saved.push(blob), 'blob:export') });
  Object.defineProperty(URL, 'revokeObjectURL', { writable: true, value: () => undefined });
});
beforeEach(() => {
  rows = [];
  saved = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  server.use(
    ...currencyHandlers,
    http.get(`${API}/rebatecodes/transactions`, ({ request }) => {
      const q = new URL(request.url).searchParams;
      const skip = Number(q.get('Offset') ?? q.get('Skip') ?? 0);
      const take = Number(q.get('Take') ?? 25);
      return HttpResponse.json({ Offset: skip, Total: rows.length, Results: rows.slice(skip, skip + take) as never });
    }),
    http.get(`${API}/rebatecodes/usages`, () => HttpResponse.json({ Offset: 0, Total: 1, Results: [asJson(transaction(1))] })),
    http.get(`${API}/rebatecodes`, () =>
      HttpResponse.json({ Offset: 0, Total: 1, Results: [asJson(code(8, { RebateCodeSign: 'CARD500', RebateCodeTypeId: 4, RebateCodeTypeName: 'ValueCard', RebateCodeValue: 500, RemainingAmount: 380 }))] }),
    ),
    http.get(`${API}/customers`, () => HttpResponse.json({ Offset: 0, Total: 1, Results: [asJson({ Id: 9, Firstname: 'Ann', Lastname: 'Berg' })] })),
  );
});
afterEach(() => {
  vi.restoreAllMocks();
  server.resetHandlers();
  calls.length = 0;
});
afterAll(() => server.close());

const reportPage = [{ path: PromoCodeTransactionsPage.path, element: <PromoCodeTransactionsPage /> }];

async function sheetOf(blob: Blob): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await blob.arrayBuffer());
  return workbook.worksheets[0];
}

describe('transactions report', () => {
  it('exports to Excel in pages of Take 300 with the filters, after a please-wait message', async () => {
    rows = Array.from({ length: 650 }, (_, i) => transaction(i + 1, { Amount: i + 1 }));
    renderPromo(PromoCodeTransactionsPage.path, reportPage);
    await screen.findByText(/of 650/);
    pick('Created from', '01/06/2025');
    await waitFor(() => expect(callsTo('GET', '/rebatecodes/transactions').at(-1)!.search.get('CreatedFrom')).toBe('2025-06-01'));
    await screen.findByText(/of 650/);
    calls.length = 0;

    fireEvent.click(screen.getByRole('button', { name: 'Excel' }));
    expect(await screen.findByText('Please wait: exporting 650 transactions…')).toBeInTheDocument();
    await waitFor(() => expect(saved).toHaveLength(1), { timeout: 15000 });
    const pages = callsTo('GET', '/rebatecodes/transactions').map((c) => [c.search.get('Take'), c.search.get('Offset'), c.search.get('CreatedFrom')]);
    expect(pages).toEqual([
      ['300', '0', '2025-06-01'],
      ['300', '300', '2025-06-01'],
      ['300', '600', '2025-06-01'],
    ]);
    const sheet = await sheetOf(saved[0]);
    expect(sheet.rowCount).toBe(651);
    expect(sheet.getRow(1).values).toEqual(expect.arrayContaining(['Created', 'Code', 'Change', 'Amount', 'Customer', 'Service']));
    expect(sheet.getRow(2).values).toEqual(expect.arrayContaining([formatWireDate('2025-06-02T10:15', 'en'), 'CARD500', 'Value card', 'Decrease', -1, 'Ann Berg', 'Massage']));
  });

  it('exports the same rows to CSV without a please-wait message when there are 300 or fewer', async () => {
    rows = [transaction(1, { Comment: 'Kaffe, och "bulle"' }), transaction(2, { ChangeType: 'Increase', Amount: 50, BookingId: null, Comment: null })];
    renderPromo(PromoCodeTransactionsPage.path, reportPage);
    await screen.findByText('Kaffe, och "bulle"');
    calls.length = 0;
    fireEvent.click(screen.getByRole('button', { name: 'CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1), { timeout: 15000 });
    expect(screen.queryByText(/Please wait/)).not.toBeInTheDocument();
    expect(callsTo('GET', '/rebatecodes/transactions').map((c) => c.search.get('Take'))).toEqual(['300']);
    const text = await saved[0].text();
    const lines = text.replace(/^\ufeff/, '').trim().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('"Kaffe, och ""bulle"""');
    expect(lines[2]).toContain('Increase');
  });

  it('records a manual decrease of a value card with POST /rebatecodes/transactions and shows a refusal as a toast', async () => {
    rows = [transaction(1)];
    let refuse = true;
    server.use(
      http.post(`${API}/rebatecodes/transactions`, async ({ request }) =>
        refuse
          ? errorResponse(400, 'The card has 380 kr left.', [{ FieldName: 'Amount', Message: 'The card has 380 kr left.' }])
          : HttpResponse.json(asJson(transaction(2, { ...((await request.json()) as object) }))),
      ),
    );
    renderPromo(PromoCodeTransactionsPage.path, reportPage);
    await screen.findByText('Ann Berg');
    fireEvent.click(screen.getByRole('button', { name: 'Add transaction' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('combobox', { name: /Punch ticket, value card or gift card/ }), { target: { value: 'CARD' } });
    fireEvent.click(await screen.findByRole('option', { name: /CARD500/ }));
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Decrease' }));
    fireEvent.change(await within(dialog).findByLabelText(/^Amount/), { target: { value: '400' } });
    expect(within(dialog).getByText('Now: 380 kr left')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save transaction' }));
    expect(await screen.findAllByText('The card has 380 kr left.')).not.toHaveLength(0);
    refuse = false;
    fireEvent.change(within(dialog).getByLabelText(/^Amount/), { target: { value: '120' } });
    // jsdom does not submit a form twice from its submit button; the browser test covers the click.
    fireEvent.submit(dialog.querySelector('form') as HTMLFormElement);
    await waitFor(() => expect(callsTo('POST', '/rebatecodes/transactions')).toHaveLength(2));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo('POST', '/rebatecodes/transactions').map((c) => c.body)).toEqual([
      { RebateCodeId: 8, ChangeType: 'Decrease', Amount: 400 },
      { RebateCodeId: 8, ChangeType: 'Decrease', Amount: 120 },
    ]);
  });
});

describe('promo codes and value cards page', () => {
  it('shows the tab named by the hash: usages with customer, service and created date', async () => {
    renderPromo('/promo-codes-value-cards#promoCodesUsage', [{ path: PromoCodesPage.path, element: <PromoCodesPage /> }]);
    expect(await screen.findByRole('tab', { name: 'Usages', selected: true })).toBeInTheDocument();
    const row = (await screen.findByText('Ann Berg')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Massage')).toBeInTheDocument();
    expect(within(row).getByText(formatWireDate('2025-06-02T10:15', 'en').replace(/\s+/g, ' '))).toBeInTheDocument();
    expect(callsTo('GET', '/rebatecodes/usages')).toHaveLength(1);
  });

  it('turns activeTab into the hash and falls back to the first tab for an unknown one', async () => {
    const { location } = renderPromo('/promo-codes-value-cards?activeTab=transactionsReport', [{ path: PromoCodesPage.path, element: <PromoCodesPage /> }]);
    expect(await screen.findByRole('tab', { name: 'Transactions report', selected: true })).toBeInTheDocument();
    await waitFor(() => expect(location().hash).toBe('#transactionsReport'));
    fireEvent.click(screen.getByRole('tab', { name: 'Promo codes' }));
    await waitFor(() => expect(location().hash).toBe('#promoCodes'));
    expect(await screen.findByText('CARD500')).toBeInTheDocument();
  });
});
