import type { ReactElement } from 'react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { configure, render } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { AdminContext, Notification, TestMemoryRouter } from 'react-admin';
import { createDataProvider, createHttpClient, AppEvents } from '../../src/dataProvider';
import type { BookingDataProvider } from '../../src/dataProvider/types';
import { englishMessages } from '../../src/i18n';
import type { BillingInformation, Company } from '../../schema/company';
import { ROLE_IDS } from '../../schema/access/permissions';
import { ShellContext, type ShellConfig } from '../../src/shell/ShellContext';
import { EmbedsProvider } from '../../src/common/embeds';
import { embeds } from '../../src/registry';

export const API = 'http://api.test/api';

// The machine running the suite is shared: allow slow renders before a find* query gives up.
configure({ asyncUtilTimeout: 5000 });

/** An msw server for the custom page tests; start it in beforeAll, reset after each test. */
export const server = setupServer();

export interface RecordedCall {
  method: string;
  path: string;
  search: URLSearchParams;
  body: unknown;
}

/** Every request the pages send, in order. */
export const calls: RecordedCall[] = [];

server.events.on('request:start', async ({ request }) => {
  const url = new URL(request.url);
  const call: RecordedCall = { method: request.method, path: url.pathname.replace(/^\/api/, ''), search: url.searchParams, body: undefined };
  calls.push(call);
  const text = request.method === 'GET' ? '' : await request.clone().text();
  try {
    call.body = text ? JSON.parse(text) : undefined;
  } catch {
    call.body = text;
  }
});

/** Starts the mock API for a test file; unhandled requests fail the test. */
export function startMockApi(): void {
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
  afterEach(() => {
    server.resetHandlers();
    calls.length = 0;
  });
  afterAll(() => server.close());
}

/** A 400 answer in the contract's ResponseStatus shape. */
export function fieldErrorResponse(message: string, errors: { FieldName: string; Message: string }[]) {
  return HttpResponse.json(
    { ResponseStatus: { ErrorCode: 'ValidationError', Message: message, Errors: errors.map((e) => ({ ErrorCode: 'Invalid', ...e })) } },
    { status: 400 },
  );
}

export const list = (results: JsonBodyType[]) => ({ Offset: 0, Total: results.length, Results: results });

export const demoCompany: Company = {
  Id: 7,
  Name: 'Solrosens Yoga & Padel',
  Email: 'info@solrosen.example.com',
  Phone: '+46 8 123 45 67',
  Homepage: 'https://solrosen.example.com',
  Street1: 'Storgatan 12',
  Street2: null,
  ZipCode: '111 22',
  City: 'Stockholm',
  Country: 'Sweden',
  CountryId: 'SE',
  OrganisationNumber: '556677-8899',
  TimeZone: 'Europe/Stockholm',
  CurrencyId: 'SEK',
  CategoryId: null,
  TypeId: null,
  StatusId: 3,
  Latitude: null,
  Longitude: null,
  LogoUrl: null,
  LicenseTypeId: 1,
  IsFreeAccount: true,
  Created: '2025-01-01T10:00:00',
  Updated: '2025-01-01T10:00:00',
};

export const storedBilling: BillingInformation = {
  BillingMethodId: 2,
  Name: 'Solrosens Yoga & Padel AB',
  Attention: 'Ekonomi',
  Email: 'faktura@solrosen.example.com',
  GLN: null,
  ReferenceLine1: null,
  ReferenceLine2: null,
  Street1: 'Box 123',
  Street2: null,
  ZipCode: '111 99',
  City: 'Stockholm',
  CountryId: 'SE',
  VatRegistrationNumber: 'SE556677889901',
  Exists: true,
};

export const billingMethods = [
  { Id: 1, Name: 'Card' },
  { Id: 2, Name: 'Invoice by e-mail' },
  { Id: 3, Name: 'E-invoice' },
  { Id: 4, Name: 'Paper invoice' },
];

/** Handlers for the company and billing reads, with the given data. */
export function companyHandlers(company: Company = demoCompany, billing: BillingInformation = storedBilling) {
  return [
    http.get(`${API}/companies`, () => HttpResponse.json(list([company as unknown as JsonBodyType]))),
    http.get(`${API}/billing/company`, () => HttpResponse.json(billing as unknown as JsonBodyType)),
    http.get(`${API}/billing/methods`, () => HttpResponse.json(list(billingMethods))),
  ];
}

/**
 * Renders a page inside react-admin (English, the real data provider against msw) at `url`;
 * `wrap` may replace data provider methods that jsdom cannot carry to msw (multipart uploads).
 */
export function renderPage(ui: ReactElement, url = '/', wrap: (dataProvider: BookingDataProvider) => BookingDataProvider = (dp) => dp) {
  const httpClient = createHttpClient({ apiKey: 'test-key', events: new AppEvents(), getLanguage: () => 'en', translate: (key) => key });
  const dataProvider = wrap(createDataProvider(API, httpClient, {}));
  const i18nProvider = polyglotI18nProvider(() => englishMessages, 'en', [{ locale: 'en', name: 'English' }], { allowMissing: true });
  // Signed in as an Administrator (the role decides what the dashboard and the sidebar show).
  const shell: ShellConfig = { events: new AppEvents(), menu: [], unpaddedPaths: [], roles: () => [ROLE_IDS.Administrator] };
  let location = { pathname: '', hash: '' };
  const result = render(
    <TestMemoryRouter
      initialEntries={[url]}
      locationCallback={(l) => {
        location = l;
      }}
    >
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
        <ShellContext.Provider value={shell}>
          <EmbedsProvider value={embeds}>
            {ui}
            <Notification />
          </EmbedsProvider>
        </ShellContext.Provider>
      </AdminContext>
    </TestMemoryRouter>,
  );
  return { ...result, location: () => location };
}
