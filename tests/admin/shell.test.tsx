import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { AdminUI, CustomRoutes, Resource } from 'react-admin';
import { Button } from '@mui/material';
import { AppLoadFailure } from '../../src/shell/AppLoadFailure';
import { COPIED_MESSAGE_MS } from '../../src/shell/CorrelationErrorModal';
import { ErrorLoadingData } from '../../src/shell/ErrorLoadingData';
import { Layout } from '../../src/shell/Layout';
import { RedirectToDashboard, shellRoutes } from '../../src/shell/routes';
import { UNPADDED_PATHS } from '../../src/shell/screens';
import { installClientErrorReporter } from '../../src/shell/clientErrorReporter';
import { useHashTab } from '../../src/shell/useHashTab';
import type { CustomPage, ShellMenuEntry } from '../../src/common/registry';
import { sidebar } from '../../src/registry';
import { API, demoUser, renderInAdmin, server } from './authHarness';
import { customPages } from '../../src/registry';

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  server.resetHandlers();
  vi.useRealTimers();
});
afterAll(() => server.close());

const engineMenu: ShellMenuEntry[] = sidebar;

function renderShell(url: string, options: { lang?: 'sv' | 'en'; profile?: typeof demoUser; pages?: CustomPage[] } = {}) {
  server.use(http.get(`${API}/users/agreement`, () => HttpResponse.json({ AgreementId: 1, AgreedToLatest: true, Content: '', Documents: [] })));
  const pages = options.pages ?? [];
  return renderInAdmin(
    <AdminUI layout={Layout} catchAll={RedirectToDashboard} dashboard={RedirectToDashboard}>
      <Resource name="services" list={() => <div>Service list</div>} />
      <Resource name="customers" list={() => <div>Customer list</div>} />
      <CustomRoutes>{shellRoutes(pages, ['services', 'customers'])}</CustomRoutes>
    </AdminUI>,
    { url, lang: options.lang ?? 'sv', profile: options.profile, notification: false, menu: engineMenu, unpaddedPaths: [...UNPADDED_PATHS, ...pages.filter((p) => p.unpadded).map((p) => p.path)] },
  );
}

describe('top bar', () => {
  it('shows the product name, Upgrade for a free account, and the company in the user menu', async () => {
    await renderShell('/dashboard');
    const bar = await screen.findByRole('banner');
    expect(within(bar).getByText('Bokningsadmin')).toBeInTheDocument();
    expect(within(bar).getByRole('link', { name: 'Uppgradera' })).toHaveAttribute('href', '/licenses');
    await userEvent.click(within(bar).getByRole('button', { name: 'Profil' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Solrosens Yoga & Padel')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Mitt konto' })).toHaveAttribute('href', '/account');
    expect(within(menu).getByRole('menuitem', { name: 'Byt lösenord' })).toHaveAttribute('href', '/change-password');
    expect(within(menu).getByRole('menuitem', { name: 'Logga ut' })).toBeInTheDocument();
  });

  it('has no Upgrade button for a paying account', async () => {
    await renderShell('/dashboard', { profile: { ...demoUser, Company: { Id: 7, Name: 'Paying AB', LicenseTypeId: 3, IsFreeAccount: false, TimeZone: 'Europe/Stockholm' } } });
    await screen.findByRole('banner');
    expect(screen.queryByRole('link', { name: 'Uppgradera' })).not.toBeInTheDocument();
  });

  it('switches language from the top bar, in the order sv, no, fi, en', async () => {
    await renderShell('/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: 'Svenska' }));
    const options = within(await screen.findByRole('menu')).getAllByRole('menuitem').map((m) => m.textContent);
    expect(options).toEqual(['Svenska', 'Norsk', 'Suomi', 'English']);
    await userEvent.click(screen.getByRole('menuitem', { name: 'English' }));
    expect(await screen.findByRole('link', { name: 'Upgrade' })).toBeInTheDocument();
    expect(screen.getAllByText('Services').length).toBeGreaterThan(0);
  });
});

describe('sidebar', () => {
  it('groups the items: services, schedules, customers, settings, each item with its working screen', async () => {
    await renderShell('/dashboard');
    const nav = await screen.findByRole('navigation', { hidden: true }).catch(() => document.body);
    for (const header of ['Tjänster', 'Scheman', 'Kunder', 'Inställningar']) {
      expect(within(nav).getAllByText(header).length).toBeGreaterThan(0);
    }
    // Accounting and system settings have their screens now (issues 35, 36).
    expect(within(nav).getByRole('menuitem', { name: /Bokföring/ })).toHaveAttribute('href', '/eaccounting/settings');
    expect(within(nav).getByRole('menuitem', { name: /Systeminställningar/ })).toHaveAttribute('href', '/system-settings');
    expect(within(nav).getByRole('menuitem', { name: /Webhooks/ })).toHaveAttribute('href', '/webhook-settings');
    expect(within(nav).getByRole('menuitem', { name: /Rabattkoder och värdekort/ })).toHaveAttribute('href', '/promo-codes-value-cards');
    expect(within(nav).getByRole('menuitem', { name: /Extra fält/ })).toHaveAttribute('href', '/custom-fields');
    expect(within(nav).getByRole('menuitem', { name: /^Bokningar/ })).toHaveAttribute('href', '/bookings');
    expect(within(nav).getByRole('menuitem', { name: /Bokningsinställningar/ })).toHaveAttribute('href', '/booking-settings');
    expect(within(nav).getByRole('menuitem', { name: /Nyhetsbrev/ })).toHaveAttribute('href', '/newsletters');
  });

  it('navigates to a resource from its item', async () => {
    const { location } = await renderShell('/dashboard');
    const items = await screen.findAllByRole('menuitem', { name: /Tjänster/ });
    await userEvent.click(items[0]);
    expect(await screen.findByText('Service list')).toBeInTheDocument();
    expect(location().pathname).toBe('/services');
  });
});

describe('route table', () => {
  it.each([
    ['/administrators', '/company', '#administrators'],
    ['/resource-types', '/resources', ''],
    ['/schedules/recurring', '/schedules', ''],
    ['/schedules/date', '/schedules', ''],
    ['/messages/log', '/bookings', '#message-log'],
    ['/messages/templates', '/bookings', '#message-templates'],
    ['/newsletters/log', '/newsletters', '#newsletterlog'],
    ['/newsletters/templates', '/newsletters', '#newslettertemplates'],
    ['/no/such/page', '/dashboard', ''],
    ['/', '/dashboard', ''],
  ])('%s leads to %s%s', async (from, pathname, hash) => {
    const { location } = await renderShell(from);
    await waitFor(() => expect(location().pathname).toBe(pathname));
    expect(location().hash).toBe(hash);
  });

  it('a screen of later work names itself as not yet available, inside the shell', async () => {
    await renderShell('/time-exceptions/new');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tidsundantag' })).toBeInTheDocument();
    // The page agrees with every name: "Sidan" is the subject, whatever the screen's gender or number.
    expect(screen.getByText('Sidan ”Tidsundantag” finns inte ännu. Den kommer i en senare version.')).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
  });

  it('/dashboard and /licenses show the same welcome with the company name', async () => {
    await renderShell('/licenses');
    expect(await screen.findByRole('heading', { name: 'Välkommen, Dana Demo' })).toBeInTheDocument();
    expect(screen.getAllByText('Solrosens Yoga & Padel').length).toBeGreaterThan(0);
  });

  it('Upgrade opens the license plans (core.md §5): each plan with its monthly price, the active one marked', async () => {
    const plan = (Id: number, Name: string, Price: number) => ({
      Id,
      Name,
      IsFree: Id === 1,
      Prices: [{ CountryId: 'SE', CurrencyId: 'SEK', Price }],
      LicenseItems: [],
      PeriodOfNoticeDays: 30,
      IsExtraLicenseOption: false,
    });
    server.use(
      http.get(`${API}/licenses/types`, () => HttpResponse.json({ Offset: 0, Total: 3, Results: [plan(1, 'Gratis', 0), plan(2, 'Standard', 299), plan(3, 'Smart', 599)] })),
      http.get(`${API}/licenses/company`, () =>
        HttpResponse.json({ Offset: 0, Total: 1, Results: [{ Id: 4, TypeId: 1, TypeName: 'Gratis', ValidFrom: '2025-01-01T00:00:00', ValidTo: null, Active: true, Canceled: false }] }),
      ),
      http.get(`${API}/companies`, () => HttpResponse.json({ Offset: 0, Total: 1, Results: [{ Id: 7, Name: 'Solrosens Yoga & Padel', CountryId: 'SE' }] })),
      http.get(`${API}/services`, () => HttpResponse.json({ Offset: 0, Total: 3, Results: [{ Id: 1 }] })),
      http.get(`${API}/customers`, () => HttpResponse.json({ Offset: 0, Total: 200, Results: [{ Id: 1 }] })),
      http.get(`${API}/licenses/information`, () => HttpResponse.json({ Offset: 0, Total: 0, Results: [] })),
      http.get(`${API}/licenses/company/awaitingcard`, () => HttpResponse.json({ Offset: 0, Total: 0, Results: [] })),
      http.get(`${API}/trials/company/check`, () => HttpResponse.json({ CurrentTrialPeriod: null, SuggestedTrialType: null, SuggestedLicenseToUpgrade: null, Header: '', Body: '' })),
    );
    const pages = customPages.filter((p) => p.path === '/dashboard' || p.path === '/licenses');
    const { location } = await renderShell('/dashboard', { pages });
    expect(await screen.findByText('Välkommen!')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Licensnivåer' })).toBeNull();
    await userEvent.click(within(await screen.findByRole('banner')).getByRole('link', { name: 'Uppgradera' }));
    await waitFor(() => expect(location().pathname).toBe('/licenses'));
    const plans = await screen.findByRole('table', { name: 'Licensnivåer' });
    const headers = within(plans).getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Funktion', 'GratisAktiv', 'Standard', 'Smart']);
    expect(within(plans).getByText('299 kr/mån')).toBeInTheDocument();
    expect(within(plans).getByText('599 kr/mån')).toBeInTheDocument();
  });

  it('a custom page replaces the placeholder of its path', async () => {
    await renderShell('/company', { pages: [{ path: '/company', element: <div>Company page</div> }] });
    expect(await screen.findByText('Company page')).toBeInTheDocument();
  });

  it('frames content at 1400 px with 20 px padding, except the unpadded screens', async () => {
    const { unmount } = await renderShell('/reviews');
    await screen.findByRole('heading', { level: 1, name: 'Omdömen' });
    expect(screen.getByTestId('shell-content')).toHaveStyle({ maxWidth: '1400px', padding: '20px' });
    unmount();
    await renderShell('/scheduler');
    await screen.findByRole('heading', { level: 1, name: 'Schemaläggare' });
    expect(screen.getByTestId('shell-content')).not.toHaveStyle({ padding: '20px' });
  });
});

describe('notices and modals', () => {
  it('status=billing-success announces the upgrade; billing-cancel that it was aborted', async () => {
    const { unmount, location } = await renderShell('/dashboard?status=billing-success');
    expect(await screen.findByText('Din licens har uppgraderats.')).toBeInTheDocument();
    await waitFor(() => expect(location().search).toBe(''));
    unmount();
    await renderShell('/dashboard?status=billing-cancel');
    expect(await screen.findByText('Uppgraderingen avbröts.')).toBeInTheDocument();
  });

  it('a license limit opens the modal with the server texts and suggestions; hiding resets it', async () => {
    const { events, location } = await renderShell('/dashboard', { lang: 'en' });
    await screen.findByRole('banner');
    act(() =>
      events.emit('licenseLimit', {
        status: 402,
        Header: 'Upgrade needed',
        Body: 'Your plan allows 3 services.',
        SuggestedLicenseToUpgrade: { Id: 3, Name: 'Smart' },
        SuggestedTrialType: { Id: 2, TrialDays: 14 },
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade needed' });
    expect(dialog).toHaveTextContent('Your plan allows 3 services.');
    expect(within(dialog).getByRole('button', { name: 'Start free trial (14 days)' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    act(() => events.emit('licenseLimit', { status: 426, Header: 'Trial over', Body: 'Choose a plan.', SuggestedLicenseToUpgrade: { Id: 3, Name: 'Smart' } }));
    const again = await screen.findByRole('dialog', { name: 'Trial over' });
    expect(within(again).queryByRole('button', { name: /trial/ })).not.toBeInTheDocument();
    await userEvent.click(within(again).getByRole('button', { name: 'Upgrade to Smart' }));
    await waitFor(() => expect(location().pathname).toBe('/licenses'));
    expect(location().search).toBe('?upgrade=3');
  });

  it('lists correlation errors with copyable ids and the help items', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { events } = await renderShell('/dashboard', { lang: 'en' });
    await screen.findByRole('banner');
    act(() => {
      events.emit('correlationError', { correlationId: 'c0ffee', endpoint: 'POST /api/services', request: {}, response: {}, text: 'Internal error' });
      events.emit('correlationError', { correlationId: 'beef', endpoint: 'GET /api/customers', request: {}, response: {}, text: 'Database busy' });
    });
    const dialog = await screen.findByRole('dialog', { name: 'Something went wrong' });
    expect(within(dialog).getByText('Internal error')).toBeInTheDocument();
    expect(within(dialog).getByText('Correlation id: c0ffee')).toBeInTheDocument();
    expect(within(dialog).getByText('Correlation id: beef')).toBeInTheDocument();
    const mail = within(dialog).getByRole('link', { name: 'E-mail support' });
    expect(mail.getAttribute('href')).toMatch(/^mailto:\?subject=Error%20in%20the%20admin&body=.*c0ffee/);
    expect(within(dialog).getByRole('link', { name: 'Open Booking Admin' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Reload' })).toBeInTheDocument();

    vi.useFakeTimers({ shouldAdvanceTime: true });
    await act(async () => within(dialog).getAllByRole('button', { name: 'Copy id' })[0].click());
    expect(writeText).toHaveBeenCalledWith('c0ffee');
    expect(await within(dialog).findByText('Copied!')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(COPIED_MESSAGE_MS));
    expect(within(dialog).queryByText('Copied!')).not.toBeInTheDocument();
  });
});

describe('panels', () => {
  it("the load failure offers reload, a new tab and support", async () => {
    await renderInAdmin(<AppLoadFailure supportEmail="help@example.com" detail="config.json 502" />, { lang: 'en' });
    expect(screen.getByRole('heading', { name: "We couldn't load the app" })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open in a new tab' })).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: 'Contact support' }).getAttribute('href')).toMatch(/^mailto:help@example\.com\?subject=/);
  });

  it("the data panel says 'error loading data' and reloads", async () => {
    const onReload = vi.fn();
    await renderInAdmin(<ErrorLoadingData onReload={onReload} />, { lang: 'en' });
    expect(screen.getByText('Error loading data')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(onReload).toHaveBeenCalled();
  });
});

function Tabs() {
  const [tab, setTab] = useHashTab(['information', 'billing-information', 'administrators']);
  return (
    <div>
      <p>current: {tab}</p>
      <Button onClick={() => setTab('administrators')}>admins</Button>
    </div>
  );
}

describe('useHashTab', () => {
  it('turns ?activeTab into the hash', async () => {
    const { location } = await renderInAdmin(<Tabs />, { url: '/company?activeTab=billing-information&x=1', path: '/company' });
    expect(await screen.findByText('current: billing-information')).toBeInTheDocument();
    await waitFor(() => expect(location().hash).toBe('#billing-information'));
    expect(location().search).toBe('?x=1');
  });

  it('selects the first tab for an unknown hash, and a tab change sets the hash', async () => {
    const { location } = await renderInAdmin(<Tabs />, { url: '/company#nonsense', path: '/company' });
    expect(screen.getByText('current: information')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'admins' }));
    expect(await screen.findByText('current: administrators')).toBeInTheDocument();
    expect(location().hash).toBe('#administrators');
  });
});

describe('client error reports', () => {
  it('posts uncaught errors and rejections to /errors', async () => {
    const reports: unknown[] = [];
    const stop = installClientErrorReporter(async (report) => reports.push(report));
    const error = new TypeError('x is undefined');
    window.dispatchEvent(new ErrorEvent('error', { error, message: error.message }));
    const rejection = new Event('unhandledrejection') as Event & { reason: unknown };
    rejection.reason = new RangeError('bad range');
    window.dispatchEvent(rejection);
    stop();
    // Another listener stands in for the page so that the test runner does not take this one as uncaught.
    const bystander = (): void => undefined;
    window.addEventListener('error', bystander);
    window.dispatchEvent(new ErrorEvent('error', { error: new Error('after stop') }));
    window.removeEventListener('error', bystander);
    expect(reports).toEqual([
      expect.objectContaining({ ExceptionName: 'TypeError', ExceptionMessage: 'x is undefined', InnerExceptionName: navigator.userAgent, URL: window.location.href }),
      expect.objectContaining({ ExceptionName: 'RangeError', ExceptionMessage: 'bad range' }),
    ]);
    expect((reports[0] as { StackTrace: string }).StackTrace).toContain('x is undefined');
  });
});
