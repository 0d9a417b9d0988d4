import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { Article } from '../../schema/services';
import type { RaRecord } from 'react-admin';
import { articles } from '../../src/resources/articles/declaration';
import { csvOf } from '../../src/engine/exporter';
import { API, calls, callsTo, errorResponse, listHandler, renderAdmin, server } from './engineHarness';

const racket: Article = {
  Id: 1,
  Name: 'Padel racket',
  Description: 'Carbon',
  ArticleTypeId: 1,
  Price: 1500,
  VAT: 25,
  CurrencyId: 'SEK',
  PriceSign: 'kr',
  Active: true,
  InternalReference: 'R-1',
  Created: '2025-01-01T10:00:00',
  Updated: '2025-01-01T10:00:00',
};
const giftCard: Article = { ...racket, Id: 2, Name: 'Gift card 500', ArticleTypeId: 2, Price: 500, InternalReference: null };

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  server.resetHandlers();
  calls.length = 0;
});
afterAll(() => server.close());

describe('engine: a declared list', () => {
  it('shows the declared columns with translated headers and reads the declared API with paging and sort', async () => {
    server.use(listHandler('/articles', [racket, giftCard]));
    renderAdmin([articles], '/articles');
    expect(await screen.findByText('Padel racket')).toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    // First the select-all box of the declared bulk actions (list.bulk), then the declared columns.
    expect(headers).toEqual(['', 'Name', 'Article type', 'Price', 'VAT', 'Active', 'Internal reference']);
    const row = screen.getByText('Gift card 500').closest('tr') as HTMLElement;
    expect(within(row).getByText('Gift card')).toBeInTheDocument();
    expect(within(row).getByText('500 kr')).toBeInTheDocument();
    expect(within(row).getByText('25 %')).toBeInTheDocument();
    const read = callsTo('GET', '/articles')[0];
    expect(Object.fromEntries(read.search)).toMatchObject({ Skip: '0', Take: '25', OrderBy: 'Name' });
    // Only what the columns show: the money cell also reads PriceSign.
    expect(read.search.get('Fields')).toBe('Id,Name,ArticleTypeId,Price,PriceSign,VAT,Active,InternalReference');
  });

  it('exports whole records, not only the fields the columns show', async () => {
    server.use(listHandler('/articles', [racket]));
    const download = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderAdmin([articles], '/articles');
    await screen.findByText('Padel racket');
    fireEvent.click(screen.getByRole('button', { name: /Export/i }));
    await waitFor(() => expect(download).toHaveBeenCalled());
    download.mockRestore();
    await waitFor(() => expect(callsTo('GET', '/articles').some((c) => c.search.get('Take') === '1000')).toBe(true));
    const exported = callsTo('GET', '/articles').find((c) => c.search.get('Take') === '1000');
    expect(exported?.search.has('Fields')).toBe(false);
  });

  it('exports the columns the list shows, as it shows them, in a CSV that Excel reads as it is', async () => {
    const files: Blob[] = [];
    const createObjectURL = URL.createObjectURL;
    URL.createObjectURL = (blob: Blob) => {
      files.push(blob);
      return 'blob:export';
    };
    try {
      server.use(listHandler('/articles', [racket, { ...giftCard, Name: 'Presentkort "Vår", 500', Active: false }]));
      renderAdmin([articles], '/articles');
      await screen.findByText('Padel racket');
      fireEvent.click(screen.getByRole('button', { name: 'Export' }));
      await waitFor(() => expect(files).toHaveLength(1));
    } finally {
      URL.createObjectURL = createObjectURL;
    }
    const bytes = new Uint8Array(await files[0].arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes).replace(/^\uFEFF/, '').split('\r\n')).toEqual([
      'Name,Article type,Price,VAT,Active,Internal reference',
      'Padel racket,Product,"1,500 kr",25 %,Yes,R-1',
      '"Presentkort ""Vår"", 500",Gift card,500 kr,25 %,No,',
      '',
    ]);
  });

  it('separates cells with semicolons where the decimal mark is a comma, as Excel expects there', () => {
    const columns = [
      { header: 'Förnamn', text: (r: RaRecord) => String(r.Firstname) },
      { header: 'Belopp', text: () => '149,50 kr' },
    ];
    expect(csvOf(columns, [{ id: 1, Firstname: 'Åsa; Öberg' }], 'sv')).toBe('\uFEFFFörnamn;Belopp\r\n"Åsa; Öberg";149,50 kr\r\n');
  });

  it('sorts by a clicked column: OrderBy=Price, then -Price', async () => {
    server.use(listHandler('/articles', [racket]));
    renderAdmin([articles], '/articles');
    await screen.findByText('Padel racket');
    const priceHeader = () => within(screen.getByRole('columnheader', { name: /Price/ })).getByText('Price');
    fireEvent.click(priceHeader());
    await waitFor(() => expect(calls.some((c) => c.search.get('OrderBy') === 'Price')).toBe(true));
    fireEvent.click(priceHeader());
    await waitFor(() => expect(calls.some((c) => c.search.get('OrderBy') === '-Price')).toBe(true));
  });

  it('sends the search box as Search', async () => {
    server.use(listHandler('/articles', [racket]));
    renderAdmin([articles], '/articles');
    await screen.findByText('Padel racket');
    await userEvent.type(screen.getByPlaceholderText('Search'), 'gift');
    await waitFor(() => expect(calls.some((c) => c.search.get('Search') === 'gift')).toBe(true), { timeout: 3000 });
  });

  it('says so, translated, when there are no records', async () => {
    server.use(listHandler('/articles', []));
    renderAdmin([articles], '/articles');
    expect(await screen.findByText('No articles yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /create/i })).toHaveAttribute('href', '/articles/new');
  });
});

describe('engine: a declared form', () => {
  it('validates from the schema: required, maxLength and minimum', async () => {
    renderAdmin([articles], '/articles/new');
    const name = await screen.findByLabelText(/^Name/);
    fireEvent.change(screen.getByLabelText(/^Internal reference/), { target: { value: 'R-9' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText('Required')).toHaveLength(2);
    fireEvent.change(name, { target: { value: 'x'.repeat(101) } });
    fireEvent.change(screen.getByLabelText(/^Price/), { target: { value: '-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Must be 100 characters or less')).toBeInTheDocument();
    expect(screen.getByText('Must be at least 0')).toBeInTheDocument();
    expect(callsTo('POST', '/articles')).toHaveLength(0);
  });

  it('posts only the input schema fields and shows server field errors under their field', async () => {
    server.use(http.post(`${API}/articles`, () => errorResponse(400, 'Name is already used', [{ FieldName: 'Name', Message: 'An article with this name exists' }])));
    renderAdmin([articles], '/articles/new');
    fireEvent.change(await screen.findByLabelText(/^Name/), { target: { value: 'Padel racket' } });
    fireEvent.change(screen.getByLabelText(/^Price/), { target: { value: '149.6' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('An article with this name exists')).toBeInTheDocument();
    expect(callsTo('POST', '/articles')[0].body).toEqual({ Name: 'Padel racket', ArticleTypeId: 1, Price: 150, VAT: 25, Active: true, InternalReference: null });
  });

  it("says the server's messages with the labels the user sees, at the field and in the notification", async () => {
    const taken = "'InternalReference' must be unique.";
    server.use(http.post(`${API}/articles`, () => errorResponse(400, taken, [{ FieldName: 'InternalReference', Message: taken }])));
    renderAdmin([articles], '/articles/new');
    fireEvent.change(await screen.findByLabelText(/^Name/), { target: { value: 'Padel racket' } });
    fireEvent.change(screen.getByLabelText(/^Price/), { target: { value: '149' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getAllByText("'Internal reference' must be unique.")).toHaveLength(2));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^Internal reference/)));
    expect(screen.queryByText(/form is not valid/i)).not.toBeInTheDocument();
    expect(screen.queryByText(/'InternalReference'/)).not.toBeInTheDocument();
  });

  it('sends an update with PUT and the record edited', async () => {
    server.use(
      listHandler('/articles', [racket]),
      http.put(`${API}/articles/1`, async ({ request }) => HttpResponse.json({ ...racket, ...((await request.json()) as object) })),
    );
    renderAdmin([articles], '/articles/1');
    const name = await screen.findByDisplayValue('Padel racket');
    fireEvent.change(name, { target: { value: 'Padel racket Pro' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo('PUT', '/articles/1')).toHaveLength(1));
    expect(callsTo('PUT', '/articles/1')[0].body).toEqual({
      Name: 'Padel racket Pro',
      Description: 'Carbon',
      ArticleTypeId: 1,
      Price: 1500,
      VAT: 25,
      Active: true,
      InternalReference: 'R-1',
    });
  });

  it('shows the general delete failure message', async () => {
    server.use(listHandler('/articles', [racket]), http.delete(`${API}/articles/1`, () => errorResponse(409, 'In use')));
    renderAdmin([articles], '/articles/1');
    await screen.findByDisplayValue('Padel racket');
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('button', { name: 'Confirm' });
    fireEvent.click(confirm);
    expect(await screen.findByText('Error occured during deleting the record')).toBeInTheDocument();
  });
});

describe('engine: a phone column', () => {
  it('shows a stored E.164 number as the company’s country writes it, and one from elsewhere internationally', async () => {
    const { customers } = await import('../../src/resources/customers/declaration');
    const customer = (Id: number, Firstname: string, Phone: string | null) => ({ Id, Firstname, Lastname: 'Lund', Email: `${Firstname.toLowerCase()}@example.com`, Phone, SubscribedToNewsletter: false, Created: '2025-01-01T10:00:00' });
    server.use(
      listHandler('/customers', [customer(1, 'Elsa', '+46733764821'), customer(2, 'Aino', '+35840123456'), customer(3, 'Olle', '1234')]),
      http.get(`${API}/companies`, () => HttpResponse.json({ Offset: 0, Total: 1, Results: [{ Id: 'c1', Name: 'Demo', CountryId: 'SE' }] })),
    );
    renderAdmin([customers], '/customers');
    const row = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;
    await waitFor(async () => expect(within(await row('Elsa')).getByText('073-376 48 21')).toBeInTheDocument());
    expect(within(await row('Aino')).getByText('+358 40 123456')).toBeInTheDocument();
    expect(within(await row('Olle')).getByText('1234')).toBeInTheDocument();
  });
});
