import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import AccountPage from '../../src/custom/account/AccountPage';
import DashboardPage from '../../src/custom/dashboard/DashboardPage';
import { API, calls, companyHandlers, list, renderPage, server, startMockApi } from './customHarness';

startMockApi();

const profile = {
  Id: 3,
  UserId: 'b6f1c1c4',
  Email: 'demo@example.com',
  Firstname: 'Demo',
  Lastname: 'Admin',
  CompanyId: 7,
  CompanyUsers: [],
  Company: { Id: 7, Name: 'Solrosens Yoga & Padel', LicenseTypeId: 1, IsFreeAccount: true },
};

const accountHandlers = [
  http.get(`${API}/users`, () => HttpResponse.json(profile)),
  http.get('*/config.json', () =>
    HttpResponse.json({ apiUrl: API, apiKey: 'k', keycloak: { url: 'http://id.test', realm: 'booking-admin', clientId: 'booking-admin-web' } }),
  ),
];

describe('my account', () => {
  it('shows the profile and sends a verification e-mail', async () => {
    server.use(...accountHandlers, http.post(`${API}/users/3/verify`, () => HttpResponse.json({ Id: 3, Email: 'demo@example.com', EmailVerified: false, VerificationSent: true })));
    const user = userEvent.setup();
    renderPage(<AccountPage />, '/account');
    expect(await screen.findByRole('heading', { name: 'Demo Admin' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /change password/i })).toHaveAttribute('href', '/change-password');
    await user.click(screen.getByRole('button', { name: 'Verify e-mail address' }));
    expect(await screen.findAllByText('We have sent a verification e-mail to demo@example.com.')).not.toHaveLength(0);
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/users/3/verify']);
  });

  it('asks for confirmation before deleting the account, then says a confirmation e-mail was sent', async () => {
    server.use(...accountHandlers, http.delete(`${API}/users`, () => HttpResponse.json({})));
    const user = userEvent.setup();
    renderPage(<AccountPage />, '/account');
    await user.click(await screen.findByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText(/We have sent an e-mail to demo@example.com/)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'DELETE')).toMatchObject({
      path: '/users',
      body: { UserName: 'demo@example.com', Realm: 'booking-admin', ForceDelete: false },
    });
  });
});

describe('my account, last administrator', () => {
  it('asks again, then sends ForceDelete, when the server says this is the last administrator', async () => {
    server.use(
      ...accountHandlers,
      http.delete(`${API}/users`, async ({ request }) => {
        const body = (await request.json()) as { ForceDelete: boolean };
        if (body.ForceDelete) return HttpResponse.json({ Email: 'demo@example.com', ConfirmationSent: true });
        return HttpResponse.json(
          { ResponseStatus: { ErrorCode: 'LastAdministrator', Message: 'Last administrator', Errors: [{ ErrorCode: 'LastAdministrator', FieldName: 'ForceDelete', Message: 'Last administrator' }] } },
          { status: 409 },
        );
      }),
    );
    const user = userEvent.setup();
    renderPage(<AccountPage />, '/account');
    await user.click(await screen.findByRole('button', { name: 'Delete my account' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete my account' }));
    const second = await screen.findByRole('dialog', { name: 'You are the last administrator' });
    await user.click(within(second).getByRole('button', { name: 'Delete anyway' }));
    expect(await screen.findByText(/We have sent an e-mail to demo@example.com/)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => (c.body as { ForceDelete: boolean }).ForceDelete)).toEqual([false, true]);
  });
});

describe('dashboard', () => {
  it('shows the company name and the totals the API reports, read from one-record pages', async () => {
    server.use(
      ...companyHandlers(),
      http.get(`${API}/services`, () => HttpResponse.json({ Offset: 0, Total: 12, Results: [{ Id: 1, Name: 'Yoga' }] })),
      http.get(`${API}/customers`, () => HttpResponse.json({ ...list([{ Id: 5, Firstname: 'Ann' }]), Total: 204 })),
      http.get(`${API}/signup/progress`, () => HttpResponse.json({ HasBookableService: true, StatusId: 3 })),
    );
    renderPage(<DashboardPage />, '/dashboard');
    expect(await screen.findByText('Solrosens Yoga & Padel')).toBeInTheDocument();
    expect(await screen.findByLabelText('Services')).toHaveTextContent('12');
    expect(await screen.findByLabelText('Customers')).toHaveTextContent('204');
    await waitFor(() => expect(calls.filter((c) => ['/services', '/customers'].includes(c.path)).map((c) => c.search.get('Take'))).toEqual(['1', '1']));
  });
});
