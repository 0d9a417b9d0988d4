import type { ReactElement } from 'react';
import { configure, render } from '@testing-library/react';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { EmbedsProvider } from '../../src/common/embeds';
import { AdminContext, AdminUI, CustomRoutes, TestMemoryRouter, type LayoutProps } from 'react-admin';
import { Route } from 'react-router-dom';
import type { RebateCode } from '../../schema/rebatecodes';
import { createDataProvider, createHttpClient, AppEvents } from '../../src/dataProvider';
import type { BookingDataProvider } from '../../src/dataProvider/types';
import { englishMessages } from '../../src/i18n';
import { declarations, embeds } from '../../src/registry';
import { renderResources, resourceApis } from '../../src/engine/renderResources';
import { API, list } from './engineHarness';

export { API, calls, callsTo, errorResponse, list, server } from './engineHarness';

// The machine running the suite is shared by many: give slow first renders time before a find* query gives up.
configure({ asyncUtilTimeout: 15000 });

/** The company (SEK) and its currency, which amounts without a PriceSign of their own are shown in. */
export const currencyHandlers = [
  http.get(`${API}/companies`, () => HttpResponse.json(list([{ Id: 7, Name: 'Solrosen', CurrencyId: 'SEK' }]))),
  http.get(`${API}/currencies`, () => HttpResponse.json(list([{ Id: 'SEK', Name: 'Svensk krona', CurrencySign: 'kr', Active: true }]))),
];

/** A rebate code as the API answers it. */
export function code(id: number, over: Partial<RebateCode> = {}): RebateCode {
  return {
    Id: id,
    CompanyId: 7,
    RebateCodeSign: `CODE${id}X`,
    Name: '',
    RebateCodeTypeId: 1,
    RebateCodeTypeName: 'Percent',
    RebateCodeValue: 20,
    ValidFrom: null,
    ValidTo: null,
    FromTime: null,
    ToTime: null,
    MaxNumberOfUses: 9999,
    MaxNumberOfUsesPerCustomer: 1,
    NumberOfUsesUsed: 0,
    RemainingAmount: null,
    RemainingUsage: null,
    RebateCodeStatusId: 1,
    StatusName: 'Active',
    DaysOfWeek: [],
    Services: [],
    Customers: [],
    PersonalNote: null,
    Created: '2025-05-01T10:00:00',
    Updated: '2025-05-01T10:00:00',
    ...over,
  };
}

export const asJson = (value: unknown) => value as JsonBodyType;

function BareLayout({ children }: LayoutProps) {
  return <div>{children}</div>;
}

/**
 * Renders the whole admin's resources plus the given pages (English, the real data provider against msw) at `url`.
 * @example renderPromo('/promo-codes-transactions-report', [{ path: '/promo-codes-transactions-report', element: <TransactionsReport /> }]);
 */
export function renderPromo(
  url: string,
  pages: { path: string; element: ReactElement }[] = [],
  wrap: (dataProvider: BookingDataProvider) => BookingDataProvider = (dp) => dp,
) {
  const httpClient = createHttpClient({ apiKey: 'test-key', events: new AppEvents(), getLanguage: () => 'en', translate: (key) => key });
  const dataProvider = wrap(createDataProvider(API, httpClient, resourceApis(declarations)));
  const i18nProvider = polyglotI18nProvider(() => englishMessages, 'en', [{ locale: 'en', name: 'English' }], { allowMissing: true });
  let location = { pathname: '', hash: '', search: '' };
  const result = render(
    <TestMemoryRouter
      initialEntries={[url]}
      locationCallback={(l) => {
        location = l;
      }}
    >
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
        <EmbedsProvider value={embeds}>
          <AdminUI layout={BareLayout}>
            {renderResources(declarations)}
            <CustomRoutes>
              {pages.map((p) => (
                <Route key={p.path} path={p.path} element={p.element} />
              ))}
            </CustomRoutes>
          </AdminUI>
        </EmbedsProvider>
      </AdminContext>
    </TestMemoryRouter>,
  );
  return { ...result, location: () => location };
}
