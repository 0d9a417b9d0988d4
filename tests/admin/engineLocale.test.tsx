import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, render, screen, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { http, HttpResponse } from 'msw';
import { AdminContext, AdminUI, TestMemoryRouter, useSetLocale, type I18nProvider, type LayoutProps } from 'react-admin';
import type { Article } from '../../schema/services';
import { AppEvents, createDataProvider, createHttpClient } from '../../src/dataProvider';
import { createI18nProvider } from '../../src/i18n';
import { declarations } from '../../src/registry';
import { renderResources, resourceApis } from '../../src/engine/renderResources';

// No contract preloaded here (unlike engineHarness): the screens suspend on it the way they do in the
// browser on first visit, and the language switch remounts them.
const API = 'http://api.test/api';
const server = setupServer();
configure({ asyncUtilTimeout: 5000 });

const racket: Article = {
  Id: 1,
  Name: 'Padel racket',
  Description: 'Carbon',
  ArticleTypeId: 2,
  Price: 1500,
  VAT: 25,
  CurrencyId: 'SEK',
  PriceSign: 'kr',
  Active: true,
  InternalReference: 'R-1',
  Created: '2025-01-01T10:00:00',
  Updated: '2025-01-01T10:00:00',
};

/** React's own reports of a broken hook sequence (in production: error #467 / #300 / #310, the screen crashes). */
const HOOK_ORDER = /conditional-use-of-use|order of Hooks|Rendered (more|fewer) hooks|Update hook called on initial render/;
const hookErrors: string[] = [];

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
beforeEach(() => {
  hookErrors.length = 0;
  const original = console.error.bind(console);
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    const text = args.map((a) => (a instanceof Error ? a.message : String(a))).join(' ');
    if (HOOK_ORDER.test(text)) hookErrors.push(text);
    original(...args);
  });
});
afterEach(() => {
  server.resetHandlers();
  vi.restoreAllMocks();
});
afterAll(() => server.close());

function SwitchingLayout({ children }: LayoutProps) {
  const setLocale = useSetLocale();
  return (
    <div>
      <button type="button" onClick={() => setLocale('en')}>to-en</button>
      <button type="button" onClick={() => setLocale('sv')}>to-sv</button>
      {children}
    </div>
  );
}

async function renderApp(url: string) {
  server.use(http.get(`${API}/articles`, () => HttpResponse.json({ Offset: 0, Total: 1, Results: [racket] })));
  const i18nProvider: I18nProvider = await createI18nProvider({ storage: sessionStorage, browserLanguages: ['sv'], root: document.createElement('html') });
  const httpClient = createHttpClient({ apiKey: 'test-key', events: new AppEvents(), getLanguage: () => i18nProvider.getLocale(), translate: (key) => key });
  const dataProvider = createDataProvider(API, httpClient, resourceApis(declarations));
  return render(
    <TestMemoryRouter initialEntries={[url]}>
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
        <AdminUI layout={SwitchingLayout}>{renderResources(declarations)}</AdminUI>
      </AdminContext>
    </TestMemoryRouter>,
  );
}

describe('engine: switching language on a declared screen', () => {
  it('keeps the list working and translates its headers and choices (sv → en → sv)', async () => {
    await renderApp('/articles');
    expect(await screen.findByText('Padel racket')).toBeInTheDocument();
    const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers()).toContain('Artikeltyp');
    expect(within(screen.getByText('Padel racket').closest('tr') as HTMLElement).getByText('Presentkort')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'to-en' }));
    expect(await screen.findByRole('columnheader', { name: /Article type/ })).toBeInTheDocument();
    expect(within(screen.getByText('Padel racket').closest('tr') as HTMLElement).getByText('Gift card')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'to-sv' }));
    expect(await screen.findByRole('columnheader', { name: /Artikeltyp/ })).toBeInTheDocument();
    expect(hookErrors).toEqual([]);
  });

  it('keeps the edit form working with its values and translated labels (sv → en)', async () => {
    await renderApp('/articles/1');
    expect(await screen.findByDisplayValue('Padel racket')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Intern referens/)).toHaveValue('R-1');

    fireEvent.click(screen.getByRole('button', { name: 'to-en' }));
    expect(await screen.findByLabelText(/^Internal reference/)).toHaveValue('R-1');
    expect(screen.getByDisplayValue('Padel racket')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
    expect(hookErrors).toEqual([]);
  });
});
