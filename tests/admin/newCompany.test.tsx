import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { Route, Routes } from 'react-router-dom';
import type { SetupProgress, SignUpMailbox } from '../../schema/signup';
import { AuthCallbackPage, POST_LOGIN_TARGET_KEY } from '../../src/auth';
import AccountPage from '../../src/custom/account/AccountPage';
import DashboardPage from '../../src/custom/dashboard/DashboardPage';
import MailboxPage from '../../src/custom/signup/MailboxPage';
import SignUpPage from '../../src/custom/signup/SignUpPage';
import SetupAccountPage from '../../src/custom/setupAccount/SetupAccountPage';
import { Menu } from '../../src/shell/Menu';
import { ShellContext } from '../../src/shell/ShellContext';
import { AppEvents } from '../../src/dataProvider';
import { sidebar } from '../../src/registry';
import { ROLE_IDS } from '../../schema/access/permissions';
import { API, calls, companyHandlers, demoCompany, list, renderPage, server, startMockApi } from './customHarness';

startMockApi();

afterEach(() => {
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});

const NEW_COMPANY: SetupProgress = { HasBookableService: false, StatusId: 1 };
const READY: SetupProgress = { HasBookableService: true, StatusId: 3 };

const configHandler = http.get('*/config.json', () =>
  HttpResponse.json({ apiUrl: API, apiKey: 'k', keycloak: { url: 'http://id.test', realm: 'booking-admin', clientId: 'booking-admin-web' } }),
);

/** What the license parts of the dashboard and the account page read: a free company, nothing held. */
const licenseHandlers = [
  http.get(`${API}/licenses/types`, () => HttpResponse.json(list([]))),
  http.get(`${API}/licenses/information`, () => HttpResponse.json(list([]))),
  http.get(`${API}/licenses/company`, () => HttpResponse.json(list([]))),
  http.get(`${API}/billing/company/invoices`, () => HttpResponse.json(list([]))),
  http.get(`${API}/trials/company/check`, () => HttpResponse.json({ CurrentTrialPeriod: null, SuggestedTrialType: null, SuggestedLicenseToUpgrade: null, Header: '', Body: '' })),
];

/** What the dashboard reads, for a company at `progress`. */
function dashboardApi(progress: SetupProgress) {
  server.use(
    ...companyHandlers({ ...demoCompany, StatusId: progress.StatusId }),
    http.get(`${API}/signup/progress`, () => HttpResponse.json(progress as unknown as JsonBodyType)),
    http.get(`${API}/services`, () => HttpResponse.json(list([]))),
    http.get(`${API}/customers`, () => HttpResponse.json(list([]))),
    http.get(`${API}/companies/7/incentives`, () => HttpResponse.json(list([]))),
    ...licenseHandlers,
  );
}

/** The sign-in's way in: /auth goes on to the landing page; /setup-account and /customers stand for themselves. */
const signedInRoutes = (
  <Routes>
    <Route path="/auth" element={<AuthCallbackPage />} />
    <Route path="/dashboard" element={<DashboardPage />} />
    <Route path="/setup-account" element={<h1>setup account</h1>} />
    <Route path="/customers" element={<h1>customers</h1>} />
  </Routes>
);

describe('Get started for a new company', () => {
  it('is where every sign-in lands while the company has no bookable service', async () => {
    dashboardApi(NEW_COMPANY);
    const { location } = renderPage(signedInRoutes, '/auth');
    expect(await screen.findByRole('heading', { name: 'setup account' })).toBeInTheDocument();
    expect(location().pathname).toBe('/setup-account');
  });

  it('leaves a page the user asked for alone, and lands on the dashboard once a service can be booked', async () => {
    dashboardApi(NEW_COMPANY);
    sessionStorage.setItem(POST_LOGIN_TARGET_KEY, '/customers');
    const first = renderPage(signedInRoutes, '/auth');
    expect(await screen.findByRole('heading', { name: 'customers' })).toBeInTheDocument();
    first.unmount();

    dashboardApi(READY);
    const { location } = renderPage(signedInRoutes, '/auth');
    expect(await screen.findByText('Solrosens Yoga & Padel')).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.path === '/signup/progress')).toBe(true));
    expect(location().pathname).toBe('/dashboard');
    expect(screen.queryByRole('region', { name: 'Get started' })).not.toBeInTheDocument();
  });

  it('shows a Get started card on the dashboard, naming the step left, without sending anyone away', async () => {
    dashboardApi(NEW_COMPANY);
    const { location } = renderPage(<DashboardPage />, '/dashboard');
    const card = await screen.findByRole('region', { name: 'Get started' });
    expect(card).toHaveTextContent('Create your first service with a price, a resource and a schedule');
    expect(within(card).getByRole('link', { name: 'Continue getting started' })).toHaveAttribute('href', '/setup-account');
    expect(location().pathname).toBe('/dashboard');
  });

  it('keeps the card while the company is still to be sent for approval', async () => {
    dashboardApi({ HasBookableService: true, StatusId: 1 });
    renderPage(<DashboardPage />, '/dashboard');
    expect(await screen.findByRole('region', { name: 'Get started' })).toHaveTextContent('Your first service can be booked. Send the company for approval');
  });

  it('puts Get started at the top of the sidebar until the company is done, for administrators only', async () => {
    const menu = (roles: number[]) => (
      <ShellContext.Provider value={{ events: new AppEvents(), menu: sidebar, unpaddedPaths: [], roles: () => roles }}>
        <Menu />
      </ShellContext.Provider>
    );
    dashboardApi(NEW_COMPANY);
    const open = renderPage(menu([ROLE_IDS.Administrator]), '/dashboard');
    const item = await screen.findByRole('menuitem', { name: 'Get started' });
    expect(item).toHaveAttribute('href', '/setup-account');
    const items = screen.getAllByRole('menuitem').map((i) => i.textContent);
    expect(items.indexOf('Get started')).toBe(items.indexOf('Dashboard') + 1);
    open.unmount();

    dashboardApi(READY);
    const done = renderPage(menu([ROLE_IDS.Administrator]), '/dashboard');
    await waitFor(() => expect(calls.filter((c) => c.path === '/signup/progress')).toHaveLength(2));
    await screen.findByRole('menuitem', { name: 'Dashboard' });
    expect(screen.queryByRole('menuitem', { name: 'Get started' })).not.toBeInTheDocument();
    done.unmount();

    // Staff cannot open /setup-account: no item, and the progress is not even asked for.
    dashboardApi(NEW_COMPANY);
    renderPage(menu([ROLE_IDS.Staff]), '/dashboard');
    await screen.findByRole('menuitem', { name: 'Dashboard' });
    expect(screen.queryByRole('menuitem', { name: 'Get started' })).not.toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/signup/progress')).toHaveLength(2);
  });

  it('marks the first step done on /setup-account only when a service can be booked', async () => {
    server.use(
      ...companyHandlers({ ...demoCompany, StatusId: 1 }),
      http.get(`${API}/services`, () => HttpResponse.json({ Offset: 0, Total: 1, Results: [{ Id: 41 }] })),
      http.get(`${API}/signup/progress`, () => HttpResponse.json(NEW_COMPANY as unknown as JsonBodyType)),
    );
    renderPage(<SetupAccountPage />, '/setup-account');
    expect(await screen.findByText(/You have one service, but customers cannot book it yet/)).toBeInTheDocument();
    expect(screen.queryByTitle('Done')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create another service' })).toHaveAttribute('href', '/setup-account/create-service');
  });
});

describe('the account page of a verified address', () => {
  const profile = (verified: boolean) => ({
    Id: 3,
    UserId: 'b6f1c1c4',
    Email: 'anna@fjallyoga.example.com',
    EmailVerified: verified,
    Firstname: '',
    Lastname: '',
    CompanyId: 7,
    CompanyUsers: [],
    Company: { Id: 7, Name: 'Fjällyoga AB', LicenseTypeId: 1, IsFreeAccount: true, TimeZone: 'Europe/Stockholm' },
  });

  it('says verified and asks for nothing', async () => {
    server.use(configHandler, ...licenseHandlers, http.get(`${API}/users`, () => HttpResponse.json(profile(true))));
    renderPage(<AccountPage />, '/account');
    expect(await screen.findByText('Verified')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Verify e-mail address' })).not.toBeInTheDocument();
    expect(screen.queryByText('Not verified')).not.toBeInTheDocument();
  });

  it('offers the verification while the address is not verified', async () => {
    server.use(configHandler, ...licenseHandlers, http.get(`${API}/users`, () => HttpResponse.json(profile(false))));
    renderPage(<AccountPage />, '/account');
    expect(await screen.findByText('Not verified')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Verify e-mail address' })).toBeEnabled();
    expect(screen.queryByText('Verified')).not.toBeInTheDocument();
  });
});

describe('sign-up without a mail server', () => {
  const fill = async (user: ReturnType<typeof userEvent.setup>) => {
    await user.type(screen.getByRole('textbox', { name: /Company name/ }), 'Fjällyoga AB');
    await user.type(screen.getByRole('textbox', { name: /Organisation number/ }), '556036-0793');
    await user.type(screen.getByRole('textbox', { name: /e-mail address/ }), 'anna@fjallyoga.example.com');
    await user.type(screen.getByLabelText(/Choose a password/), 'Fjällyoga-lösen-2030');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
  };

  it('offers the sign-up’s own mail on "check your e-mail" when the answer carries its key', async () => {
    server.use(configHandler, http.post(`${API}/signup`, () => HttpResponse.json({ Email: 'anna@fjallyoga.example.com', LinkValidHours: 24, MailboxToken: 'k3y-of-this-sign-up' })));
    const user = userEvent.setup();
    renderPage(<SignUpPage />, '/signup');
    await fill(user);
    expect(await screen.findByRole('heading', { name: 'Check your e-mail' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('This server sends no e-mail (no mail server is set up), so the message to anna@fjallyoga.example.com is kept here');
    expect(screen.getByRole('link', { name: 'Open the message' })).toHaveAttribute('href', '/signup/mail?lang=en#k3y-of-this-sign-up');
  });

  it('offers nothing of the kind when the server sends mail', async () => {
    server.use(configHandler, http.post(`${API}/signup`, () => HttpResponse.json({ Email: 'anna@fjallyoga.example.com', LinkValidHours: 24 })));
    const user = userEvent.setup();
    renderPage(<SignUpPage />, '/signup');
    await fill(user);
    expect(await screen.findByText(/We have sent a message to anna@fjallyoga.example.com/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Open the message' })).not.toBeInTheDocument();
  });

  it('shows the mail once it has arrived, linking only this site’s addresses, and sends the key it was given', async () => {
    const origin = window.location.origin;
    const link = `${origin}/signup/verify?token=abc&lang=en`;
    let asked = 0;
    server.use(
      configHandler,
      http.post(`${API}/signup/mail`, () => {
        asked++;
        const box: SignUpMailbox =
          asked === 1
            ? { Email: 'anna@fjallyoga.example.com', Mails: [], Waiting: true }
            : {
                Email: 'anna@fjallyoga.example.com',
                Waiting: false,
                Mails: [{ To: 'anna@fjallyoga.example.com', Subject: 'Confirm the sign-up of Fjällyoga AB', Text: `Open ${link}\n\nSee https://elsewhere.example/x too.`, Sent: '2030-03-04T09:15:00' }],
              };
        return HttpResponse.json(box as unknown as JsonBodyType);
      }),
    );
    window.history.replaceState(null, '', '/signup/mail?lang=en#k3y-of-this-sign-up');
    renderPage(<MailboxPage />, '/signup/mail');
    expect(await screen.findByText('The message is on its way …')).toBeInTheDocument();
    const mail = await screen.findByRole('article', {}, { timeout: 6000 });
    expect(within(mail).getByRole('heading', { name: 'Confirm the sign-up of Fjällyoga AB' })).toBeInTheDocument();
    expect(within(mail).getByRole('link', { name: link })).toHaveAttribute('href', link);
    expect(within(mail).queryByRole('link', { name: /elsewhere/ })).not.toBeInTheDocument();
    expect(mail).toHaveTextContent('See https://elsewhere.example/x too.');
    expect(calls.filter((c) => c.path === '/signup/mail').map((c) => c.body)).toEqual([{ Token: 'k3y-of-this-sign-up' }, { Token: 'k3y-of-this-sign-up' }]);
  });

  it('says when no mail went to the address, and when the key opens nothing', async () => {
    server.use(configHandler, http.post(`${API}/signup/mail`, () => HttpResponse.json({ Email: 'probe@example.com', Mails: [], Waiting: false })));
    window.history.replaceState(null, '', '/signup/mail#k3y');
    const first = renderPage(<MailboxPage />, '/signup/mail');
    expect(await screen.findByText(/No message was sent to probe@example.com for this sign-up/)).toBeInTheDocument();
    first.unmount();

    server.use(http.post(`${API}/signup/mail`, () => HttpResponse.json({ ResponseStatus: { ErrorCode: 'NotFound', Message: 'Not found', Errors: [] } }, { status: 404 })));
    renderPage(<MailboxPage />, '/signup/mail');
    expect(await screen.findByText(/This message cannot be opened/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign up again' })).toHaveAttribute('href', '/signup?lang=en');
  });
});
