import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import CreateServicePage from '../../src/custom/setupAccount/CreateServicePage';
import SetupAccountPage from '../../src/custom/setupAccount/SetupAccountPage';
import { API, calls, demoCompany, list, renderPage, server, startMockApi } from './customHarness';

startMockApi();

const input = (label: string) => screen.getByLabelText(new RegExp(`^${label}\\s*\\*?$`), { selector: 'input, textarea' });

/** The API a new company meets in the wizard: each create answers with an id. */
function wizardApi(scheduleStatus = 200) {
  server.use(
    http.post(`${API}/services`, () => HttpResponse.json({ Id: 41 })),
    http.post(`${API}/services/prices`, () => HttpResponse.json({ Id: 1 })),
    http.post(`${API}/resourcetypes`, () => HttpResponse.json({ Id: 5 })),
    http.post(`${API}/resource`, () => HttpResponse.json({ Id: 6 })),
    http.post(`${API}/services/41/resourcetypes`, () => HttpResponse.json({ Id: 5 })),
    http.post(`${API}/schedules/recurring`, () =>
      scheduleStatus === 200
        ? HttpResponse.json({ Id: 9 })
        : HttpResponse.json({ ResponseStatus: { ErrorCode: 'Invalid', Message: 'The schedule could not be saved', Errors: [] } }, { status: scheduleStatus }),
    ),
    http.get(`${API}/services/41/availabletimes`, () =>
      HttpResponse.json({
        CompanyId: 7,
        ServiceId: 41,
        Times: [
          { From: '2030-03-04T09:00:00', To: '2030-03-04T10:00:00', Free: true, FreeSpots: 1, ExceptionTexts: [] },
          { From: '2030-03-04T10:00:00', To: '2030-03-04T11:00:00', Free: false, FreeSpots: 0, ExceptionTexts: [] },
          { From: '2030-03-05T09:00:00', To: '2030-03-05T10:00:00', Free: true, FreeSpots: 1, ExceptionTexts: [] },
        ],
      }),
    ),
    http.delete(`${API}/*`, () => HttpResponse.json({})),
  );
}

async function fillWizard(user: ReturnType<typeof userEvent.setup>) {
  await user.type(input('Name'), 'Yoga 60 min');
  await user.type(input('Description'), 'Hatha yoga');
  await user.clear(input('Price'));
  await user.type(input('Price'), '200');
  await user.type(input('Name of the resource'), 'Hall 1');
  await user.click(screen.getByRole('button', { name: 'Create the service' }));
}

describe('the first-service wizard', () => {
  it('makes the service, its price, a resource and a schedule, then shows the free times', async () => {
    wizardApi();
    const user = userEvent.setup();
    renderPage(<CreateServicePage />, '/setup-account/create-service');
    await fillWizard(user);
    const times = await screen.findByRole('list', { name: 'Free times' });
    expect(within(times).getAllByText('09:00')).toHaveLength(2);
    expect(within(times).queryByText('10:00')).not.toBeInTheDocument();
    expect(screen.getByText('The service Yoga 60 min has been created.')).toBeInTheDocument();
    const writes = calls.filter((c) => c.method !== 'GET').map((c) => [c.method, c.path, c.body]);
    expect(writes).toEqual([
      ['POST', '/services', { Name: 'Yoga 60 min', Description: 'Hatha yoga', Duration: 60 }],
      ['POST', '/services/prices', { ServiceId: 41, Price: 200, VAT: 25 }],
      ['POST', '/resourcetypes', { Name: 'Yoga 60 min' }],
      ['POST', '/resource', { Name: 'Hall 1', ResourceTypeIds: [5] }],
      ['POST', '/services/41/resourcetypes', { ResourceTypeId: 5 }],
      ['POST', '/schedules/recurring', { Name: 'Yoga 60 min', TimeInterval: 60, StartTime: '09:00', EndTime: '17:00', DaysOfWeek: [1, 2, 3, 4, 5], Services: [{ Id: 41 }] }],
    ]);
  });

  it('sends the unit and the VAT rate chosen in the drop-downs', async () => {
    wizardApi();
    const user = userEvent.setup();
    renderPage(<CreateServicePage />, '/setup-account/create-service');
    await user.clear(input('Duration'));
    await user.type(input('Duration'), '2');
    await user.click(screen.getByRole('combobox', { name: /^Unit/ }));
    await user.click(await screen.findByRole('option', { name: 'hours' }));
    await user.click(screen.getByRole('combobox', { name: /^VAT/ }));
    await user.click(await screen.findByRole('option', { name: '12 %' }));
    await fillWizard(user);
    await screen.findByRole('list', { name: 'Free times' });
    const writes = calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body]);
    expect(writes[0]).toEqual(['/services', { Name: 'Yoga 60 min', Description: 'Hatha yoga', Duration: 120 }]);
    expect(writes[1]).toEqual(['/services/prices', { ServiceId: 41, Price: 200, VAT: 12 }]);
  });

  it('names what is missing and sends nothing', async () => {
    const user = userEvent.setup();
    renderPage(<CreateServicePage />, '/setup-account/create-service');
    await user.click(screen.getByRole('checkbox', { name: 'Mon' }));
    for (const day of ['Tue', 'Wed', 'Thu', 'Fri']) await user.click(screen.getByRole('checkbox', { name: day }));
    await user.click(screen.getByRole('button', { name: 'Create the service' }));
    await waitFor(() => expect(input('Name')).toHaveAccessibleDescription('Required'));
    expect(screen.getByText('Choose at least one day')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('shows the server message when a step fails and removes what the earlier steps made', async () => {
    wizardApi(400);
    const user = userEvent.setup();
    renderPage(<CreateServicePage />, '/setup-account/create-service');
    await fillWizard(user);
    expect(await screen.findByText('The schedule could not be saved')).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/resource/6', '/resourcetypes/5', '/services/41']),
    );
    expect(screen.queryByRole('list', { name: 'Free times' })).not.toBeInTheDocument();
  });
});

describe('/setup-account', () => {
  it('asks for a service before the company can be sent for approval, then sends it', async () => {
    let status = 1;
    server.use(
      http.get(`${API}/companies`, () => HttpResponse.json(list([{ ...demoCompany, StatusId: status }]))),
      http.get(`${API}/services`, () => HttpResponse.json({ Offset: 0, Total: 1, Results: [{ Id: 41 }] })),
      http.get(`${API}/signup/progress`, () => HttpResponse.json({ HasBookableService: true, StatusId: status })),
      http.put(`${API}/companies/7/sendforapproval`, () => {
        status = 2;
        return HttpResponse.json({ ...demoCompany, StatusId: 2 });
      }),
    );
    const user = userEvent.setup();
    renderPage(<SetupAccountPage />, '/setup-account');
    expect(await screen.findByText('You have one service.')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Company status: Registered');
    await user.click(screen.getByRole('button', { name: 'Send for approval' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Company status: Awaiting approval'));
    expect(screen.getByText('The company has been sent for approval.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send for approval' })).not.toBeInTheDocument();
    // What offers "Get started" elsewhere (sidebar, dashboard) asks again: the company is no longer registered.
    await waitFor(() => expect(calls.filter((c) => c.path === '/signup/progress')).toHaveLength(2));
  });
});
