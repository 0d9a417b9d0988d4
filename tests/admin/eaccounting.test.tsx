import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import EAccountingSettingsPage from '../../src/custom/eaccounting/EAccountingSettingsPage';
import PriceMappingsPage from '../../src/custom/eaccounting/PriceMappingsPage';
import { InvoiceModal } from '../../src/custom/eaccounting/InvoiceModal';
import type { EAccountingInvoice as Invoice } from '../../schema/eaccounting';
import { API, calls, renderPage, server, startMockApi } from './customHarness';

startMockApi();

const check = (over: Record<string, unknown>) => ({ IsAuthenticated: false, State: 'none', Message: null, AuthorizeUrl: 'https://identity.example/connect/authorize?state=s', ConnectedDate: null, ...over });
const articles = {
  Offset: 0,
  Total: 3,
  Results: [
    { ArticleId: 'a6', ArticleNumber: '10', ArticleName: 'Banhyra padel', VatRate: 6, VatRatePercent: 0.06, ArticlePrice: 0, CurrencySign: 'kr' },
    { ArticleId: 'a25', ArticleNumber: '12', ArticleName: 'Massage', VatRate: 25, VatRatePercent: 0.25, ArticlePrice: 0, CurrencySign: 'kr' },
    { ArticleId: 'b6', ArticleNumber: '11', ArticleName: 'Gruppträning', VatRate: 6, VatRatePercent: 0.06, ArticlePrice: 0, CurrencySign: 'kr' },
  ],
};

describe('accounting settings', () => {
  it('shows a revoked connection with Authenticate, and opens the provider in a new window', async () => {
    server.use(http.get(`${API}/eaccounting/check`, () => HttpResponse.json(check({ State: 'revoked', Message: 'refresh refused' }))));
    const open = vi.spyOn(window, 'open').mockReturnValue({ close: vi.fn() } as unknown as Window);
    renderPage(<EAccountingSettingsPage />, '/eaccounting/settings');
    expect(await screen.findByText('Visma eAccounting no longer accepts the connection. Authenticate again.')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Authenticate' }));
    expect(open).toHaveBeenCalledWith('https://identity.example/connect/authorize?state=s', 'eaccounting', expect.any(String));
    expect(await screen.findByRole('status')).toHaveTextContent('Waiting for you to sign in');
    open.mockRestore();
  });
});

describe('price mappings', () => {
  it('links to the settings while not authenticated', async () => {
    server.use(http.get(`${API}/eaccounting/check`, () => HttpResponse.json(check({}))));
    renderPage(<PriceMappingsPage />, '/eaccounting/service-price-mappings');
    expect(await screen.findByRole('link', { name: 'Go to the accounting settings' })).toHaveAttribute('href', '/eaccounting/settings');
  });

  it("offers only articles with the price's VAT, flags a change until Save and puts the server's error on its row", async () => {
    let put: unknown;
    server.use(
      http.get(`${API}/eaccounting/check`, () => HttpResponse.json(check({ IsAuthenticated: true, State: 'connected' }))),
      http.get(`${API}/eaccounting/articles`, () => HttpResponse.json(articles)),
      http.get(`${API}/services/prices/mappings`, () => HttpResponse.json({ Offset: 0, Total: 0, Results: [] })),
      http.get(`${API}/services`, () =>
        HttpResponse.json({ Offset: 0, Total: 1, Results: [{ Id: 1, Name: 'Padel 60 min', Prices: [{ Id: 7, Price: 280, PriceSign: 'kr', VAT: 6, PriceText: 'Helg', Category: '' }] }] }),
      ),
      http.put(`${API}/eaccounting/article/mappings`, async ({ request }) => {
        put = await request.json();
        return HttpResponse.json(
          { ResponseStatus: { ErrorCode: 'EAccountingArticleVat', Message: 'Choose an article with the price VAT.', Errors: [{ ErrorCode: 'EAccountingArticleVat', FieldName: 'Mappings[0].ExternalReference', Message: 'Choose an article with the price VAT.' }] } },
          { status: 400 },
        );
      }),
    );
    const user = userEvent.setup();
    renderPage(<PriceMappingsPage />, '/eaccounting/service-price-mappings');
    const box = await screen.findByRole('combobox', { name: 'Article for price 7' });
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.click(box);
    const options = within(await screen.findByRole('listbox')).getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['10 Banhyra padel', '11 Gruppträning']);
    await user.click(screen.getByRole('option', { name: '11 Gruppträning' }));
    expect(screen.getByText('Changed')).toBeInTheDocument();
    expect(screen.getByText('1 unsaved change')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText('Choose an article with the price VAT.')).not.toHaveLength(0);
    expect(put).toEqual({ Mappings: [{ PriceId: 7, ExternalReference: 'b6' }] });
    // Still unsaved: the change stays flagged.
    expect(screen.getByText('Changed')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT' && c.path === '/eaccounting/article/mappings')).toBe(true);
  });
});

describe('the invoice modal', () => {
  it('shows the invoice with subtotal, the first VAT percent and the total with its sign; OK closes it', async () => {
    const invoice: Invoice = {
      Id: 'i1',
      IsDraft: false,
      InvoiceNumber: '17',
      InvoiceCustomerName: 'Elsa Lund',
      InvoiceAddress: { InvoiceAddress1: 'Storgatan 1', InvoiceAddress2: null, InvoiceCity: 'Malmö', InvoicePostalCode: '211 22', InvoiceCountryCode: 'SE' },
      CustomerEmail: 'elsa@example.com',
      CreatedDate: '2026-03-01',
      DueDate: '2026-03-31',
      PaymentStatus: 'Unpaid',
      TermsOfPaymentId: 't30',
      TermsOfPaymentName: '30 dagar netto',
      CustomerIsPrivatePerson: true,
      TotalAmount: 69500,
      TotalVatAmount: 13900,
      PriceSign: 'kr',
      VatSpecification: [{ VatPercent: 0.25, Amount: 55600, VatAmount: 13900 }],
      Rows: [
        { IsTextRow: true, Text: 'Massage, 2026-03-02 10:00', Quantity: null, UnitPrice: null, TotalAmount: null },
        { IsTextRow: false, Text: 'Massage', Quantity: 1, UnitPrice: 55600, TotalAmount: 55600 },
      ],
      InvoiceUri: 'https://eaccounting.example/#/customerinvoice/i1',
    };
    const onClose = vi.fn();
    renderPage(<InvoiceModal invoice={invoice} onClose={onClose} />, '/bookings/1');
    const dialog = await screen.findByRole('dialog', { name: 'Invoice created' });
    for (const text of ['17', 'Elsa Lund', 'Storgatan 1', '211 22 Malmö', 'elsa@example.com', '2026-03-31', 'Unpaid', '30 dagar netto', 'Private person', 'Massage, 2026-03-02 10:00']) {
      expect(within(dialog).getByText(text)).toBeInTheDocument();
    }
    expect(within(dialog).getByText('Subtotal').nextSibling).toHaveTextContent('556.00 kr');
    expect(within(dialog).getByText('VAT 25 %').nextSibling).toHaveTextContent('139.00 kr');
    expect(within(dialog).getByText('Total', { selector: 'dt' }).nextSibling).toHaveTextContent('695.00 kr');
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(onClose).toHaveBeenCalled();
  });
});
