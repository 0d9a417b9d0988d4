import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Article } from '../../schema/services';
import type { SavedFilter } from '../../schema/savedFilters';
import { articles } from '../../src/resources/articles/declaration';
import { timeExceptions } from '../../src/resources/timeexceptions/declaration';
import { ROLE_IDS } from '../../schema/access/permissions';
import { API, authProviderFor, calls, callsTo, list, renderAdmin, server } from './engineHarness';
import { pick } from './pickers';

const article = (Id: number, extra: Partial<Article> = {}): Article => ({
  Id,
  Name: `Article ${String(Id).padStart(4, '0')}`,
  Description: '',
  ArticleTypeId: 1,
  Price: 100,
  VAT: 25,
  CurrencyId: 'SEK',
  PriceSign: 'kr',
  Active: true,
  InternalReference: null,
  Created: '2025-01-01T10:00:00',
  Updated: '2025-01-01T10:00:00',
  ...extra,
});

/** GET /articles over `records`, honouring Id=, Skip and Take as the API does. */
function pagedArticles(records: Article[], before?: (skip: number) => Promise<void>) {
  return http.get(`${API}/articles`, async ({ request }) => {
    const search = new URL(request.url).searchParams;
    const ids = search.getAll('Id').map(Number);
    const hits = ids.length ? records.filter((r) => ids.includes(r.Id)) : records;
    const skip = Number(search.get('Skip') ?? 0);
    const take = Number(search.get('Take') ?? 25);
    await before?.(skip);
    return HttpResponse.json({ ...list(hits.slice(skip, skip + take), hits.length), Offset: skip });
  });
}

/** The files the admin hands to the browser to download. */
function catchDownloads(): { files: Blob[]; restore(): void } {
  const files: Blob[] = [];
  const createObjectURL = URL.createObjectURL;
  const click = HTMLAnchorElement.prototype.click;
  URL.createObjectURL = (blob: Blob) => {
    files.push(blob);
    return 'blob:export';
  };
  HTMLAnchorElement.prototype.click = () => undefined;
  return {
    files,
    restore() {
      URL.createObjectURL = createObjectURL;
      HTMLAnchorElement.prototype.click = click;
    },
  };
}

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  server.resetHandlers();
  calls.length = 0;
});
afterAll(() => server.close());

describe('declared lists: filters', () => {
  it('keeps the filter in the URL and sends each one as the route’s query parameter', async () => {
    server.use(pagedArticles([article(1), article(2, { Active: false })]));
    const { location } = renderAdmin([articles], '/articles');
    await screen.findByText('Article 0001');
    fireEvent.change(screen.getByPlaceholderText('Search'), { target: { value: 'racket' } });
    await waitFor(() => expect(callsTo('GET', '/articles').some((c) => c.search.get('Search') === 'racket')).toBe(true));
    await waitFor(() => expect(JSON.parse(new URLSearchParams(location().search).get('filter') ?? '{}')).toMatchObject({ q: 'racket' }));
  });

  it('reads the filter from the URL when the list opens', async () => {
    server.use(pagedArticles([article(1)]));
    renderAdmin([articles], `/articles?filter=${encodeURIComponent(JSON.stringify({ Active: false, ArticleTypeId: 2 }))}`);
    await waitFor(() => expect(callsTo('GET', '/articles').length).toBeGreaterThan(0));
    const read = callsTo('GET', '/articles')[0];
    expect(read.search.get('Active')).toBe('false');
    expect(read.search.get('ArticleTypeId')).toBe('2');
  });

  it('sends a declared date range as its two query parameters (From and To of /timeexceptions)', async () => {
    const lunch = { Id: 21, From: '2026-03-02T12:00:00', To: '2026-03-02T13:00:00', FromTime: '12:00:00', ToTime: '13:00:00', IsRecurring: false, DaysOfWeek: [], ResourceIds: [], ReasonText: null, ReasonTextPublic: 'Lunch', Color: '#e57373', BlockTime: true, Private: false };
    server.use(
      http.get(`${API}/timeexceptions`, () => HttpResponse.json(list([lunch]))),
      http.get(`${API}/*`, () => HttpResponse.json(list([]))),
    );
    const { location } = renderAdmin([timeExceptions], '/time-exceptions');
    // The app’s date picker (en: DD/MM/YYYY), not the browser’s date field.
    await screen.findAllByLabelText('From');
    pick('From', '01/03/2026');
    pick('To', '31/03/2026');
    await waitFor(() => expect(callsTo('GET', '/timeexceptions').some((c) => c.search.get('From') === '2026-03-01' && c.search.get('To') === '2026-03-31')).toBe(true));
    expect(JSON.parse(new URLSearchParams(location().search).get('filter') ?? '{}')).toMatchObject({ From: '2026-03-01', To: '2026-03-31' });
  });
});

describe('declared lists: saved filters', () => {
  function savedFilters(initial: SavedFilter[]) {
    const store = [...initial];
    let next = 100;
    return {
      store,
      handlers: [
        http.get(`${API}/savedfilters`, () => HttpResponse.json({ Results: store })),
        http.post(`${API}/savedfilters`, async ({ request }) => {
          const body = (await request.json()) as Omit<SavedFilter, 'Id' | 'Mine' | 'Created'>;
          const saved = { ...body, Id: next++, Mine: true, Shared: body.Shared ?? false, Created: '2026-01-01T10:00:00' };
          store.push(saved);
          return HttpResponse.json(saved);
        }),
        http.delete(`${API}/savedfilters/:id`, ({ params }) => {
          const at = store.findIndex((f) => f.Id === Number(params.id));
          store.splice(at, 1);
          return HttpResponse.json({ Id: Number(params.id) });
        }),
      ],
    };
  }

  it('saves the current filter under a name, shared with the company', async () => {
    const saved = savedFilters([]);
    server.use(pagedArticles([article(1, { Active: false })]), ...saved.handlers);
    renderAdmin([articles], `/articles?filter=${encodeURIComponent(JSON.stringify({ Active: false }))}`);
    await screen.findByText('Article 0001');
    fireEvent.click(screen.getByRole('button', { name: 'Saved filters' }));
    expect(await screen.findByText('No saved filters')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Save current filter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save current filter' });
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Inactive articles' } });
    fireEvent.click(within(dialog).getByLabelText('Share with the company'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo('POST', '/savedfilters')).toHaveLength(1));
    expect(callsTo('POST', '/savedfilters')[0].body).toEqual({ Resource: 'articles', Name: 'Inactive articles', Filter: { Active: false }, Shared: true });
  });

  it('applies a saved filter picked from the menu (URL and request) and deletes one’s own', async () => {
    const saved = savedFilters([
      { Id: 7, Resource: 'articles', Name: 'Gift cards', Filter: { ArticleTypeId: 2 }, Shared: true, Mine: false, Created: '2026-01-01T10:00:00' },
      { Id: 8, Resource: 'articles', Name: 'Mine', Filter: { Active: true }, Shared: false, Mine: true, Created: '2026-01-01T10:00:00' },
    ]);
    server.use(pagedArticles([article(1)]), ...saved.handlers);
    const { location } = renderAdmin([articles], '/articles');
    await screen.findByText('Article 0001');
    fireEvent.click(screen.getByRole('button', { name: 'Saved filters' }));
    const gift = await screen.findByRole('menuitem', { name: /Gift cards/ });
    // Only the owner's own filter can be deleted.
    expect(within(gift).queryByRole('button')).toBeNull();
    fireEvent.click(gift);
    await waitFor(() => expect(JSON.parse(new URLSearchParams(location().search).get('filter') ?? '{}')).toEqual({ ArticleTypeId: 2 }));
    await waitFor(() => expect(callsTo('GET', '/articles').some((c) => c.search.get('ArticleTypeId') === '2')).toBe(true));

    fireEvent.click(screen.getByRole('button', { name: 'Saved filters' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete the filter Mine' }));
    await waitFor(() => expect(callsTo('DELETE', '/savedfilters/8')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('menuitem', { name: /Mine/ })).toBeNull());
  });
});

describe('declared lists: export of everything the filter matches', () => {
  it('reads every page (Take 1000) with the filter and writes every row to the CSV', async () => {
    const records = Array.from({ length: 2345 }, (_, i) => article(i + 1));
    server.use(pagedArticles(records));
    const downloads = catchDownloads();
    try {
      renderAdmin([articles], `/articles?filter=${encodeURIComponent(JSON.stringify({ Active: true }))}`);
      await screen.findByText('Article 0001');
      fireEvent.click(screen.getByRole('button', { name: 'Export' }));
      await waitFor(() => expect(downloads.files).toHaveLength(1));
    } finally {
      downloads.restore();
    }
    const pages = callsTo('GET', '/articles').filter((c) => c.search.get('Take') === '1000');
    expect(pages.map((c) => c.search.get('Skip'))).toEqual(['0', '1000', '2000']);
    expect(pages.every((c) => c.search.get('Active') === 'true' && !c.search.has('Fields'))).toBe(true);
    const lines = (await downloads.files[0].text()).replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Name,Article type,Price,VAT,Active,Internal reference');
    expect(lines).toHaveLength(1 + 2345 + 1);
    expect(lines[2345]).toMatch(/^Article 2345,/);
  });

  it('writes every row to an Excel workbook from the export menu', async () => {
    const records = Array.from({ length: 1200 }, (_, i) => article(i + 1, { Price: 100 + i }));
    server.use(pagedArticles(records));
    const downloads = catchDownloads();
    try {
      renderAdmin([articles], '/articles');
      await screen.findByText('Article 0001');
      fireEvent.click(screen.getByRole('button', { name: 'Other file formats' }));
      fireEvent.click(await screen.findByRole('menuitem', { name: 'Export to Excel' }));
      await waitFor(() => expect(downloads.files).toHaveLength(1));
    } finally {
      downloads.restore();
    }
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await downloads.files[0].arrayBuffer());
    const sheet = workbook.worksheets[0];
    expect(sheet.rowCount).toBe(1 + 1200);
    expect(sheet.getRow(1).getCell(1).value).toBe('Name');
    expect(sheet.getRow(1201).getCell(1).value).toBe('Article 1200');
  });

  it('shows x of y while it reads, and Cancel stops reading and writes no file', async () => {
    const records = Array.from({ length: 2500 }, (_, i) => article(i + 1));
    let release: () => void = () => undefined;
    const secondPage = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(pagedArticles(records, (skip) => (skip === 1000 ? secondPage : Promise.resolve())));
    const downloads = catchDownloads();
    try {
      renderAdmin([articles], '/articles');
      await screen.findByText('Article 0001');
      fireEvent.click(screen.getByRole('button', { name: 'Export' }));
      const dialog = await screen.findByRole('dialog', { name: 'Exporting' });
      expect(await within(dialog).findByText('1000 of 2500')).toBeInTheDocument();
      fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      release();
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Exporting' })).toBeNull());
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(callsTo('GET', '/articles').filter((c) => c.search.get('Skip') === '2000')).toHaveLength(0);
      expect(downloads.files).toHaveLength(0);
    } finally {
      downloads.restore();
    }
  });

  it('neutralises formulas in exported cells', async () => {
    server.use(pagedArticles([article(1, { Name: '=HYPERLINK("http://evil")', InternalReference: '-5' })]));
    const downloads = catchDownloads();
    try {
      renderAdmin([articles], '/articles');
      await screen.findByText('=HYPERLINK("http://evil")');
      fireEvent.click(screen.getByRole('button', { name: 'Export' }));
      await waitFor(() => expect(downloads.files).toHaveLength(1));
    } finally {
      downloads.restore();
    }
    const row = (await downloads.files[0].text()).split('\r\n')[1];
    expect(row.startsWith(`"'=HYPERLINK(""http://evil"")"`)).toBe(true);
    expect(row.endsWith(',-5')).toBe(true);
  });
});

describe('declared lists: bulk actions', () => {
  async function pickTwo() {
    await screen.findByText('Article 0001');
    const row = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;
    fireEvent.click(within(row('Article 0001')).getByRole('checkbox'));
    fireEvent.click(within(row('Article 0002')).getByRole('checkbox'));
  }

  it('sets a field on every picked record (one PUT each), after a confirmation naming the count, and Undo restores', async () => {
    const records = [article(1, { Active: true }), article(2, { Active: false }), article(3)];
    server.use(
      pagedArticles(records),
      http.put(`${API}/articles/:id`, async ({ request, params }) => HttpResponse.json({ ...(await request.json() as object), Id: Number(params.id) })),
    );
    renderAdmin([articles], '/articles');
    await pickTwo();
    fireEvent.click(screen.getByRole('button', { name: 'Set Active' }));
    const choose = await screen.findByRole('dialog', { name: 'Set Active' });
    fireEvent.mouseDown(within(choose).getByRole('combobox'));
    fireEvent.click(await screen.findByRole('option', { name: 'No' }));
    fireEvent.click(within(choose).getByRole('button', { name: 'Continue' }));
    const confirm = await screen.findByRole('dialog', { name: 'Set Active to No on 2 articles?' });
    expect(callsTo('PUT', '/articles/1')).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
    const puts = calls.filter((c) => c.method === 'PUT');
    expect(puts.map((c) => c.path).sort()).toEqual(['/articles/1', '/articles/2']);
    expect(puts.every((c) => (c.body as Article).Active === false && (c.body as Article).Name.startsWith('Article'))).toBe(true);

    fireEvent.click(await screen.findByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(4));
    const undone = calls.filter((c) => c.method === 'PUT').slice(2);
    expect(Object.fromEntries(undone.map((c) => [c.path, (c.body as Article).Active]))).toEqual({ '/articles/1': true, '/articles/2': false });
  });

  it('goes on past a record the server refuses: the others change, and the refusal is named with its count', async () => {
    server.use(
      pagedArticles([article(1), article(2), article(3)]),
      http.put(`${API}/articles/:id`, async ({ request, params }) =>
        params.id === '1'
          ? HttpResponse.json({ ResponseStatus: { ErrorCode: 'Required', Message: 'Enter your member number.', Errors: [{ ErrorCode: 'Required', FieldName: 'Number', Message: 'Enter your member number.' }] } }, { status: 400 })
          : HttpResponse.json({ ...(await request.json() as object), Id: Number(params.id) }),
      ),
    );
    renderAdmin([articles], '/articles');
    await pickTwo();
    fireEvent.click(screen.getByRole('button', { name: 'Set Active' }));
    const choose = await screen.findByRole('dialog', { name: 'Set Active' });
    fireEvent.mouseDown(within(choose).getByRole('combobox'));
    fireEvent.click(await screen.findByRole('option', { name: 'No' }));
    fireEvent.click(within(choose).getByRole('button', { name: 'Continue' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Set Active to No on 2 articles?' })).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(/1 of 2 articles could not be changed: Enter your member number\./)).toBeInTheDocument();
    expect(await screen.findByText('1 article changed')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.path).sort()).toEqual(['/articles/1', '/articles/2']);
  });

  it('deletes the picked records after a confirmation naming the count that says it cannot be undone', async () => {
    server.use(
      pagedArticles([article(1), article(2), article(3)]),
      http.delete(`${API}/articles/:id`, ({ params }) => HttpResponse.json(article(Number(params.id)))),
    );
    renderAdmin([articles], '/articles');
    await pickTwo();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete 2 articles?' });
    expect(within(confirm).getByText('This cannot be undone.')).toBeInTheDocument();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path).sort()).toEqual(['/articles/1', '/articles/2']));
  });

  it('name each selection box on its input: the record for a row, "Select all" for the page', async () => {
    server.use(pagedArticles([article(1), article(2)]));
    renderAdmin([articles], '/articles');
    const row = (await screen.findByText('Article 0001')).closest('tr') as HTMLElement;
    const box = within(row).getByRole('checkbox', { name: 'Select Article 0001' });
    expect(box.tagName).toBe('INPUT');
    expect(box.closest('[aria-label]')).toBe(box);
    const page = screen.getByRole('checkbox', { name: 'Select all' });
    expect(page.tagName).toBe('INPUT');
    fireEvent.click(page);
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Select Article 0002' })).toBeChecked());
  });

  it('are not offered to a role that may only read the list (Staff on articles)', async () => {
    server.use(pagedArticles([article(1), article(2)]));
    renderAdmin([articles], '/articles', { authProvider: authProviderFor([ROLE_IDS.Staff]) });
    const row = (await screen.findByText('Article 0001')).closest('tr') as HTMLElement;
    expect(within(row).queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Set Active' })).toBeNull();
  });
});
