import '@testing-library/jest-dom/vitest';
import { cleanup, configure, render } from '@testing-library/react';
import { afterEach } from 'vitest';
import { setupServer } from 'msw/node';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { EmbedsProvider } from '../../src/common/embeds';
import { embeds } from '../../src/registry';
import { AdminContext, AdminUI, TestMemoryRouter, type AuthProvider, type LayoutProps } from 'react-admin';
import { createDataProvider, createHttpClient, AppEvents, withFieldLabels } from '../../src/dataProvider';
import { englishMessages } from '../../src/i18n';
import { renderResources, resourceApis } from '../../src/engine/renderResources';
import type { ResourceDeclaration } from '../../src/engine/types';
import { loadContract } from '../../src/engine/schema';
import { accessCheck } from '../../src/auth/authProvider';
import { ShellContext } from '../../src/shell/ShellContext';
import { LicenseLimitModal } from '../../src/shell/LicenseLimitModal';

// The contract loads lazily in the app (its own chunk); tests load it up front so forms render without suspending.
await loadContract();

export const API = 'http://api.test/api';

/**
 * The msw server standing in for the booking API. Every edit page has a History tab that reads
 * GET /history: it answers an empty history unless a test says otherwise.
 */
export const server = setupServer(http.get(`${API}/history`, () => HttpResponse.json({ Offset: 0, Total: 0, Results: [] })));

export interface RecordedCall {
  method: string;
  path: string;
  search: URLSearchParams;
  body: unknown;
  contentType: string | null;
}

configure({ asyncUtilTimeout: 5000 });
afterEach(cleanup);

/** Every request the admin sent, in order. */
export const calls: RecordedCall[] = [];

server.events.on('request:start', async ({ request }) => {
  const url = new URL(request.url);
  const contentType = request.headers.get('content-type');
  let body: unknown;
  if (request.method !== 'GET' && request.method !== 'DELETE') {
    if (!contentType?.startsWith('multipart/')) {
      const text = await request.clone().text();
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        body = text;
      }
    }
  }
  calls.push({ method: request.method, path: url.pathname.replace(/^\/api/, ''), search: url.searchParams, body, contentType });
});

/** Calls to one method and path. */
export const callsTo = (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path);

export const list = (results: unknown[], total = results.length) => ({ Offset: 0, Total: total, Results: results as JsonBodyType[] });

/** A 4xx answer in the contract's ResponseStatus shape. */
export function errorResponse(status: number, message: string, errors: { FieldName: string; Message: string }[] = []) {
  return HttpResponse.json(
    { ResponseStatus: { ErrorCode: errors.length ? 'ValidationError' : 'Error', Message: message, Errors: errors.map((e) => ({ ErrorCode: 'Invalid', ...e })) } },
    { status },
  );
}

/** Answers list queries of `path` from `records`, honouring Id= (one record). */
export function listHandler(path: string, records: { Id: number }[]) {
  return http.get(`${API}${path}`, ({ request }) => {
    const ids = new URL(request.url).searchParams.getAll('Id').map(Number);
    const hits = ids.length ? records.filter((r) => ids.includes(r.Id)) : records;
    return HttpResponse.json(list(hits));
  });
}

/** The screen alone, with the license modal that the shell's layout opens on a 402/426. */
function BareLayout({ children }: LayoutProps) {
  return (
    <div>
      {children}
      <LicenseLimitModal />
    </div>
  );
}

/** Renders the declared resources inside react-admin (English, the real data provider against msw) at `url`. */
/** A signed-in user with these roles, as the admin's authProvider answers canAccess. */
export function authProviderFor(roleIds: number[]): AuthProvider {
  const check = accessCheck(roleIds);
  return {
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getPermissions: async () => undefined,
    canAccess: async (params) => check(params),
  };
}

/** The admin on `url` with these declarations; `roles` are the signed-in user's (none unless given, as before sign-in). */
export function renderAdmin(declarations: ResourceDeclaration[], url: string, options: { authProvider?: AuthProvider; roles?: number[] } = {}) {
  const events = new AppEvents();
  const httpClient = createHttpClient({ apiKey: 'test-key', events, getLanguage: () => 'en', translate: (key) => key });
  const i18nProvider = polyglotI18nProvider(() => englishMessages, 'en', [{ locale: 'en', name: 'English' }], { allowMissing: true });
  const dataProvider = withFieldLabels(createDataProvider(API, httpClient, resourceApis(declarations)), (key, options) => i18nProvider.translate(key, options));
  let location = { pathname: '', hash: '', search: '' };
  const result = render(
    <TestMemoryRouter
      initialEntries={[url]}
      locationCallback={(l) => {
        location = l;
      }}
    >
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider} authProvider={options.authProvider}>
        <ShellContext.Provider value={{ events, menu: [], unpaddedPaths: [], roles: () => options.roles ?? [] }}>
          <EmbedsProvider value={embeds}>
            <AdminUI layout={BareLayout}>{renderResources(declarations)}</AdminUI>
          </EmbedsProvider>
        </ShellContext.Provider>
      </AdminContext>
    </TestMemoryRouter>,
  );
  return { ...result, location: () => location };
}
