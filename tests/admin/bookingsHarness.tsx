import type { ReactElement } from 'react';
import { configure, render } from '@testing-library/react';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { AdminContext, AdminUI, CustomRoutes, TestMemoryRouter, type LayoutProps } from 'react-admin';
import { Route } from 'react-router-dom';
import { ROLE_IDS } from '../../schema/access/permissions';
import type { Booking, BookingStatus } from '../../src/common/bookings/bookingTypes';
import { createDataProvider, createHttpClient, AppEvents, withFieldLabels } from '../../src/dataProvider';
import { englishMessages } from '../../src/i18n';
import { EmbedsProvider } from '../../src/common/embeds';
import { declarations, embeds } from '../../src/registry';
import { renderResources, resourceApis } from '../../src/engine/renderResources';
import { ShellContext, type ShellConfig } from '../../src/shell/ShellContext';
import { API, list } from './engineHarness';

export { API, calls, callsTo, errorResponse, list, server } from './engineHarness';

// The machine running the suite is shared by many: give slow first renders time before a find* query gives up.
configure({ asyncUtilTimeout: 15000 });

export const asJson = (value: unknown) => value as JsonBodyType;

/** GET /bookings/status as the API answers it (names and colours). */
const status = (Id: number, Name: string, Color: string): BookingStatus => ({ Id, Name, Color, Description: '', Icon: '', HoldsSlot: Id !== 4, HoldsUntilDeadline: Id === 3 });
export const STATUSES: BookingStatus[] = [status(1, 'Booked', '#2e7d32'), status(3, 'Reserved', '#f9a825'), status(4, 'Canceled', '#c62828'), status(7, 'Booked and paid', '#1565c0')];

/**
 * GET /bookings over the rows `rows()` gives at the time of the call, as the API pages and filters
 * them (Id, StatusIds, ResourceIds; Skip and Take).
 * @example server.use(bookingsHandler(() => rows));
 */
export function bookingsHandler(rows: () => readonly Booking[]) {
  return http.get(`${API}/bookings`, ({ request }) => {
    const q = new URL(request.url).searchParams;
    const ids = q.getAll('Id').map(Number);
    const statuses = q.getAll('StatusIds').map(Number);
    const resources = q.getAll('ResourceIds').map(Number);
    let hits = ids.length ? rows().filter((r) => ids.includes(r.Id)) : [...rows()];
    if (statuses.length) hits = hits.filter((r) => statuses.includes(r.StatusId));
    if (resources.length) hits = hits.filter((r) => r.Resources.some((x) => resources.includes(x.ResourceId)));
    const skip = Number(q.get('Skip') ?? 0);
    const take = Number(q.get('Take') ?? 25);
    return HttpResponse.json({ Offset: skip, Total: hits.length, Results: asJson(hits.slice(skip, skip + take)) });
  });
}

export const statusHandler = http.get(`${API}/bookings/status`, () => HttpResponse.json(list(STATUSES)));

/** A booking as GET /bookings answers it. */
export function booking(id: number, over: Partial<Booking> = {}): Booking {
  return {
    Id: id,
    From: '2026-11-21T14:00:00',
    To: '2026-11-21T15:00:00',
    StatusId: 1,
    StatusName: 'Booked',
    ServiceId: 5,
    ServiceName: 'Padel',
    Customer: { Id: 9, Firstname: 'Ann', Lastname: 'Berg', Email: 'ann@example.com', Phone: '+46701234567' },
    HoldUntil: null,
    CustomerId: 9,
    CustomerName: 'Ann Berg',
    ResourceName: null,
    Quantities: [{ Id: 71, PriceId: 4, Quantity: 2, Price: 150, PriceBeforeRebate: 200, PriceSign: 'kr', Category: '', VAT: 0.25, PriceText: 'Adult', OccupiesSpot: true }],
    Spots: 2,
    Resources: [{ ResourceTypeId: 2, ResourceTypeName: 'Court', ResourceId: 11, ResourceName: 'Court 1' }],
    BookedResourceTypes: [{ Id: 2, Name: 'Court', Resources: [{ Id: 11, Name: 'Court 1', Color: null }] }],
    CustomFieldValues: [{ Id: 3, Value: 'Large' }],
    InvoiceAddress: { InvoiceAddress1: 'Storgatan 1', InvoicePostalCode: '111 22', InvoiceCity: 'Stockholm', InvoiceCountryCode: 'SE' } as Booking['InvoiceAddress'],
    PaymentOption: 'DefaultSetting',
    SendEmailConfirmation: true,
    SendSmsConfirmation: false,
    SendEmailReminder: false,
    SendSmsReminder: false,
    AllowBookingOutsideSchedules: false,
    BookedComments: 'Window seat',
    UnbookedComments: null,
    CommentsToCustomer: null,
    TotalPrice: 300,
    TotalVatAmount: 60,
    TotalPriceBeforeRebate: 400,
    PriceSign: 'kr',
    CurrencyId: 'SEK',
    PaidAmount: 0,
    RebateCodes: [{ RebateCodeId: 8, RebateCodeSign: 'SUMMER25', Amount: 100, Usage: 1 }],
    PaymentLog: [],
    NoShow: false,
    CreatedDate: '2026-11-01T09:30:00',
    UpdatedDate: '2026-11-01T09:30:00',
    ...over,
  };
}

function BareLayout({ children }: LayoutProps) {
  return <div>{children}</div>;
}

/**
 * Renders the admin's resources and the given pages (English, the real data provider against msw) at
 * `url`, signed in with `roles` (default Administrator), with react-admin's notifications (AdminUI's own).
 * @example renderBookings('/bookings#bookings');
 */
export function renderBookings(url: string, pages: { path: string; element: ReactElement }[] = [], roles: number[] = [ROLE_IDS.Administrator]) {
  const httpClient = createHttpClient({ apiKey: 'test-key', events: new AppEvents(), getLanguage: () => 'en', translate: (key) => key });
  const i18nProvider = polyglotI18nProvider(() => englishMessages, 'en', [{ locale: 'en', name: 'English' }], { allowMissing: true });
  const dataProvider = withFieldLabels(createDataProvider(API, httpClient, resourceApis(declarations)), (key, options) => i18nProvider.translate(key, options));
  const shell: ShellConfig = { events: new AppEvents(), menu: [], unpaddedPaths: [], roles: () => roles };
  let location = { pathname: '', hash: '', search: '' };
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
            <AdminUI layout={BareLayout}>
              {renderResources(declarations)}
              <CustomRoutes>
                {pages.map((p) => (
                  <Route key={p.path} path={p.path} element={p.element} />
                ))}
              </CustomRoutes>
            </AdminUI>
          </EmbedsProvider>
        </ShellContext.Provider>
      </AdminContext>
    </TestMemoryRouter>,
  );
  return { ...result, location: () => location };
}

export { list as listOf };
/** The custom fields the bookings' values name (GET /customfields). */
export const customFieldsHandler = http.get(`${API}/customfields`, () => HttpResponse.json(list([asJson({ Id: 3, Name: 'Racket size', DataType: 'TextBox', Table: 'BookedEvent' })])));

export const companyHandler = http.get(`${API}/companies`, () => HttpResponse.json(list([asJson({ Id: 7, Name: 'Solrosen', CurrencyId: 'SEK', TimeZone: 'Europe/Stockholm' })])));
