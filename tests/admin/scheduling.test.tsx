import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { AdminContext, TestMemoryRouter } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import type { AvailableTime, RecurringSchedule, ResourceType, TimeException } from '../../schema/availability';
import type { CollidingEvent, ResourceDetails } from '../../schema/scheduling';
import CreateResourcesWizard from '../../src/custom/scheduling/CreateResourcesWizard';
import { WizardIllustration } from '../../src/custom/scheduling/WizardIllustration';
import { AppEvents, createDataProvider, createHttpClient } from '../../src/dataProvider';
import { englishMessages } from '../../src/i18n';
import { declarations } from '../../src/registry';
import { resourceApis } from '../../src/engine/renderResources';
import { RESOURCE_TYPE_ORDER_KEY } from '../../src/common/resourceTypeOrder';
import { API, calls, callsTo, errorResponse, list, listHandler, renderAdmin, server } from './engineHarness';
import { formatWireSpan } from '../../src/i18n/format';

const resource = (id: number, name: string, typeIds: number[] = []): ResourceDetails => ({
  Id: id,
  Name: name,
  Description: null,
  Active: true,
  Color: '#4fc3f7',
  Email: null,
  MobilePhone: null,
  ImageUrl: null,
  Priority: 99,
  EmailNotification: false,
  SMSNotification: false,
  ResourceTypes: typeIds.map((Id) => ({ Id, Name: `Type ${Id}` })),
  Created: '2025-01-01T10:00:00',
  Updated: '2025-01-01T10:00:00',
});

const padel = { Id: 3, Name: 'Padel 60 min' };
const courts: ResourceType = { Id: 7, Name: 'Courts', Description: null, Active: true, Resources: [resource(1, 'Court 1', [7])] };

const time = (from: string, to: string, free = true, reason?: string): AvailableTime => ({
  From: from,
  To: to,
  Free: free,
  FreeSpots: free ? 1 : 0,
  ExceptionTexts: reason ? [{ Reason: null, ReasonPublic: reason }] : [],
});

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
beforeEach(() => {
  localStorage.removeItem(RESOURCE_TYPE_ORDER_KEY);
  server.use(
    listHandler('/services', [padel]),
    listHandler('/resource', [resource(1, 'Court 1', [7]), resource(2, 'Coach Anna')]),
    listHandler('/resourcetypes', [courts]),
    http.get(`${API}/schedules/recurring/intervals`, () => HttpResponse.json(list([15, 30, 60].map((n) => ({ Id: n, Name: `${n} minutes` }))))),
  );
});
afterEach(() => {
  server.resetHandlers();
  calls.length = 0;
});
afterAll(() => server.close());

function renderWizard(url: string) {
  const httpClient = createHttpClient({ apiKey: 'test-key', events: new AppEvents(), getLanguage: () => 'en', translate: (key) => key });
  const dataProvider = createDataProvider(API, httpClient, resourceApis(declarations));
  const i18nProvider = polyglotI18nProvider(() => englishMessages, 'en', [{ locale: 'en', name: 'English' }], { allowMissing: true });
  let location = { pathname: '', hash: '' };
  render(
    <TestMemoryRouter initialEntries={[url]} locationCallback={(l) => (location = l)}>
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
        <Routes>
          <Route path="/create-resources-wizard/new" element={<CreateResourcesWizard />} />
          <Route path="/create-resources-wizard/:id" element={<CreateResourcesWizard />} />
          <Route path="/resources" element={<p>Resources list</p>} />
        </Routes>
      </AdminContext>
    </TestMemoryRouter>,
  );
  return { location: () => location };
}

const nameInputs = () => screen.getAllByLabelText(/^Resource \d+/) as HTMLInputElement[];
const okButtons = () => screen.queryAllByRole('button', { name: /^OK \d+/ });

describe('create-resources wizard', () => {
  it('step 1: Next only with a name and not while submitting; it creates the group and opens step 2', async () => {
    let answer: (() => void) | undefined;
    server.use(
      http.post(`${API}/resourcetypes`, async ({ request }) => {
        await new Promise<void>((resolve) => (answer = resolve));
        return HttpResponse.json({ ...courts, ...((await request.json()) as object), Id: 7, Resources: [] });
      }),
    );
    const view = renderWizard('/create-resources-wizard/new');
    expect(screen.getByText(/A resource group gathers resources/)).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /Resource group: Padel courts/ })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '2. Resources' })).toBeDisabled();
    const next = screen.getByRole('button', { name: 'Next' });
    expect(next).toBeDisabled();
    fireEvent.change(screen.getByLabelText(/Name of the resource group/), { target: { value: '   ' } });
    expect(next).toBeDisabled();
    fireEvent.change(screen.getByLabelText(/Name of the resource group/), { target: { value: 'Courts' } });
    expect(next).toBeEnabled();
    fireEvent.click(next);
    await waitFor(() => expect(next).toBeDisabled());
    answer?.();
    await waitFor(() => expect(view.location().pathname).toBe('/create-resources-wizard/7'));
    expect(callsTo('POST', '/resourcetypes')[0].body).toEqual({ Name: 'Courts', Active: true });
    expect(view.location().hash).toBe('#resources');
  });

  it('step 2: created names are locked, OK is refused for empty or duplicate names and while creating, one empty row is kept', async () => {
    let answer: (() => void) | undefined;
    server.use(
      http.post(`${API}/resource`, async ({ request }) => {
        await new Promise<void>((resolve) => (answer = resolve));
        const body = (await request.json()) as { Name: string };
        return HttpResponse.json(resource(12, body.Name, [7]));
      }),
    );
    renderWizard('/create-resources-wizard/7#resources');
    await screen.findByText('Resources in Courts');
    expect(nameInputs().map((i) => i.value)).toEqual(['Court 1', '']);
    expect(nameInputs()[0]).toBeDisabled();
    expect(okButtons()).toHaveLength(1);
    expect(okButtons()[0]).toBeDisabled();

    fireEvent.change(nameInputs()[1], { target: { value: ' court 1 ' } });
    expect(okButtons()[0]).toBeDisabled();
    expect(screen.getByText('A resource with that name already exists')).toBeInTheDocument();

    fireEvent.change(nameInputs()[1], { target: { value: 'Court 2' } });
    expect(nameInputs().map((i) => i.value)).toEqual(['Court 1', 'Court 2', '']);
    fireEvent.change(nameInputs()[2], { target: { value: 'Court 3' } });
    expect(okButtons().map((b) => (b as HTMLButtonElement).disabled)).toEqual([false, false, true]);

    fireEvent.click(okButtons()[0]);
    await waitFor(() => expect(okButtons().every((b) => (b as HTMLButtonElement).disabled)).toBe(true));
    answer?.();
    await waitFor(() => expect(nameInputs()[1]).toBeDisabled());
    expect(callsTo('POST', '/resource')[0].body).toEqual({ Name: 'Court 2', Active: true, Priority: 99, ResourceTypeIds: [7] });
    expect(nameInputs().map((i) => i.value)).toEqual(['Court 1', 'Court 2', 'Court 3', '']);
    expect(nameInputs().filter((i) => i.value === '')).toHaveLength(1);
  });

  it('the example image comes in Swedish, and in English for the other languages', () => {
    render(
      <>
        <WizardIllustration language="sv" />
        <WizardIllustration language="fi" />
      </>,
    );
    expect(screen.getByRole('img', { name: 'Resursgrupp: Padelbanor: Bana 1, Bana 2, Bana 3' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Resource group: Padel courts: Court 1, Court 2, Court 3' })).toBeInTheDocument();
  });

  it('step 2 is not reachable before the group exists', () => {
    renderWizard('/create-resources-wizard/new#resources');
    expect(screen.getByRole('tab', { name: '1. Resource group' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByText(/Resources in/)).not.toBeInTheDocument();
  });

  it('Save puts the created resources into the group; a failed save shows a form error', async () => {
    server.use(http.put(`${API}/resourcetypes/7`, () => errorResponse(400, 'The resource group could not be saved')));
    renderWizard('/create-resources-wizard/7#resources');
    await screen.findByText('Resources in Courts');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The resource group could not be saved');
    expect(callsTo('PUT', '/resourcetypes/7')[0].body).toEqual({ Name: 'Courts', Resources: [{ Id: 1 }] });
  });
});

const weekdays: RecurringSchedule = {
  Id: 4,
  Name: 'Weekdays',
  Description: null,
  Active: true,
  TimeInterval: 30,
  ValidFrom: null,
  ValidTo: null,
  StartTime: '09:00:00',
  EndTime: '17:00:00',
  NumberOfScheduleDays: null,
  IsResourceSpecific: false,
  EnableBookingUntilClosingTime: false,
  IsFixedTimes: false,
  DaysOfWeek: [1, 2, 3, 4, 5].map((d) => ({ DayOfWeekId: d, DotNetDayOfWeekId: d, DayOfWeek: String(d) })),
  Exceptions: [{ StartTime: '12:00:00', EndTime: '13:00:00' }],
  ScheduleDates: [],
  Resources: [],
  Services: [{ Id: 3, Name: 'Padel 60 min' }],
};

describe('schedules', () => {
  it('a fixed schedule without set times shows the fixedSetTimeTitle warning and saves nothing', async () => {
    renderAdmin(declarations, '/schedules/recurring/new');
    fireEvent.change(await screen.findByLabelText(/^Name/), { target: { value: 'Classes' } });
    fireEvent.click(screen.getByLabelText('Fixed set times'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const warning = await screen.findByRole('alert');
    expect(warning).toHaveTextContent('Add at least one set time');
    expect(warning).toHaveTextContent('needs at least one set time');
    expect(callsTo('POST', '/schedules/recurring')).toHaveLength(0);
  });

  it('says a schedule that does not exist is not there and goes back to the schedules', async () => {
    server.use(listHandler('/schedules/recurring', []));
    const view = renderAdmin(declarations, '/schedules/recurring/999');
    expect(await screen.findByText('Element does not exist')).toBeInTheDocument();
    await waitFor(() => expect(view.location().pathname).toBe('/schedules'));
  });

  it('the test panel sends the unsaved schedule with Duration 30 and shows its times, without the closed ones', async () => {
    server.use(
      listHandler('/schedules/recurring', [weekdays]),
      http.post(`${API}/schedules/recurring/test`, () =>
        HttpResponse.json({
          Times: [
            time('2025-06-02T11:00:00', '2025-06-02T11:30:00'),
            time('2025-06-02T11:30:00', '2025-06-02T12:00:00'),
            time('2025-06-02T12:00:00', '2025-06-02T12:30:00', false, 'Lunch'),
            time('2025-06-02T13:00:00', '2025-06-02T13:30:00'),
          ],
        }),
      ),
    );
    renderAdmin(declarations, '/schedules/recurring/4');
    await screen.findByDisplayValue('Weekdays');
    fireEvent.click(screen.getByRole('button', { name: 'Test' }));
    const times = await screen.findByTestId('schedule-test-times');
    expect(within(times).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['11:00–11:30', '11:30–12:00', '13:00–13:30']);
    expect(within(times).getByText(/1 time closed \(Lunch\)/)).toBeInTheDocument();
    const body = callsTo('POST', '/schedules/recurring/test')[0].body as Record<string, unknown>;
    expect(body).toMatchObject({
      Duration: 30,
      Name: 'Weekdays',
      TimeInterval: 30,
      StartTime: '09:00:00',
      EndTime: '17:00:00',
      DaysOfWeek: [1, 2, 3, 4, 5],
      Exceptions: [{ StartTime: '12:00:00', EndTime: '13:00:00' }],
      Services: [{ Id: 3 }],
    });
    expect(body.From).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('the test panel offers times as long as the schedule’s service, until another length is typed', async () => {
    const padelOf60 = { ...padel, Duration: 60 };
    server.use(
      listHandler('/services', [padelOf60]),
      listHandler('/schedules/recurring', [weekdays]),
      http.post(`${API}/schedules/recurring/test`, () => HttpResponse.json({ Times: [time('2025-06-02T11:00:00', '2025-06-02T12:00:00')] })),
    );
    renderAdmin(declarations, '/schedules/recurring/4');
    await screen.findByDisplayValue('Weekdays');
    const length = screen.getByRole('spinbutton', { name: /length|duration/i });
    await waitFor(() => expect(length).toHaveValue(60));
    fireEvent.click(screen.getByRole('button', { name: 'Test' }));
    await screen.findByTestId('schedule-test-times');
    expect(callsTo('POST', '/schedules/recurring/test')[0].body).toMatchObject({ Duration: 60 });
    fireEvent.change(length, { target: { value: '45' } });
    fireEvent.click(screen.getByRole('button', { name: 'Test' }));
    await waitFor(() => expect(callsTo('POST', '/schedules/recurring/test')).toHaveLength(2));
    expect(callsTo('POST', '/schedules/recurring/test')[1].body).toMatchObject({ Duration: 45 });
  });

  it('drops date entries whose From and To fall on the same day, then returns to /schedules', async () => {
    server.use(http.post(`${API}/schedules/date`, async ({ request }) => HttpResponse.json({ ...((await request.json()) as object), Id: 9, Resources: [], Services: [] })));
    const view = renderAdmin(declarations, '/schedules/date/new');
    fireEvent.change(await screen.findByLabelText(/^Name/), { target: { value: 'Summer camp' } });
    const add = screen.getByRole('button', { name: 'Add' });
    fireEvent.click(add);
    fireEvent.click(add);
    const entries = (label: RegExp) => screen.getAllByLabelText(label).filter((i) => i instanceof HTMLInputElement && i.name.startsWith('ScheduleDates.'));
    await waitFor(() => expect(entries(/^From/)).toHaveLength(2));
    const from = entries(/^From/);
    const to = entries(/^To/);
    // English date and time fields: DD/MM/YYYY and a 24-hour clock, as the Nordic companies write them.
    fireEvent.change(from[0], { target: { value: '01/07/2025 09:00' } });
    fireEvent.change(to[0], { target: { value: '01/07/2025 17:00' } });
    fireEvent.change(from[1], { target: { value: '02/07/2025 18:00' } });
    fireEvent.change(to[1], { target: { value: '03/07/2025 02:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo('POST', '/schedules/date')).toHaveLength(1));
    expect((callsTo('POST', '/schedules/date')[0].body as { ScheduleDates: unknown }).ScheduleDates).toEqual([{ From: '2025-07-02T18:00:00', To: '2025-07-03T02:00:00' }]);
    await waitFor(() => expect(view.location().pathname).toBe('/schedules'));
  });
});

const lunch: TimeException = {
  Id: 21,
  From: '2025-06-02T12:00:00',
  To: '2025-06-02T13:00:00',
  FromTime: '12:00:00',
  ToTime: '13:00:00',
  IsRecurring: false,
  DaysOfWeek: [],
  ResourceIds: [1],
  ReasonText: null,
  ReasonTextPublic: 'Lunch',
  Color: '#e57373',
  BlockTime: true,
  Private: false,
};

const colliding: CollidingEvent = {
  Id: 501,
  From: '2025-06-02T12:00:00',
  To: '2025-06-02T13:00:00',
  ServiceId: 3,
  ServiceName: 'Padel 60 min',
  StatusId: 1,
  CustomerId: 8,
  CustomerName: 'Eva Lind',
  Resources: [{ Id: 1, Name: 'Court 1' }],
};

describe('time exceptions', () => {
  it('a 409 on save loads the colliding bookings into the conflict modal; save anyway resends with Force', async () => {
    let forced: unknown;
    server.use(
      listHandler('/timeexceptions', [lunch]),
      http.put(`${API}/timeexceptions/21`, async ({ request }) => {
        const body = (await request.json()) as { Force?: boolean };
        if (!body.Force) return errorResponse(409, '1 booking collides with the time exception');
        forced = body;
        return HttpResponse.json(lunch);
      }),
      http.get(`${API}/timeexceptions/collidingevents`, () => HttpResponse.json(list([colliding]))),
    );
    renderAdmin(declarations, '/time-exceptions/21');
    await screen.findByDisplayValue('Lunch');
    fireEvent.change(screen.getByLabelText(/^Reason/), { target: { value: 'Lunch break' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const modal = await screen.findByRole('dialog', { name: 'The time exception collides with bookings' });
    expect(await within(modal).findByText(`${formatWireSpan('2025-06-02T12:00:00', '2025-06-02T13:00:00', 'en')} · Padel 60 min`.replace(/\s+/g, ' '))).toBeInTheDocument();
    expect(within(modal).getByText('Eva Lind · Court 1')).toBeInTheDocument();
    const query = callsTo('GET', '/timeexceptions/collidingevents')[0].search;
    expect(query.get('From')).toBe('2025-06-02T12:00:00');
    expect(query.get('To')).toBe('2025-06-02T13:00:00');
    expect(query.getAll('ResourceIds')).toEqual(['1']);
    expect(query.get('TimeExceptionId')).toBe('21');
    fireEvent.click(within(modal).getByRole('button', { name: 'Save anyway' }));
    await waitFor(() => expect(forced).toMatchObject({ Force: true, ReasonTextPublic: 'Lunch break', From: '2025-06-02T12:00:00' }));
  });
  it('after the server refuses a field the form has no input for, the form can be corrected and saved', async () => {
    let attempts = 0;
    server.use(
      listHandler('/timeexceptions', [lunch]),
      http.put(`${API}/timeexceptions/21`, async ({ request }) => {
        attempts += 1;
        const body = (await request.json()) as { ReasonTextPublic?: string };
        if (body.ReasonTextPublic === 'Too late') return errorResponse(400, "'From' must be before 'To'.", [{ FieldName: 'From', Message: "'From' must be before 'To'." }]);
        return HttpResponse.json({ ...lunch, ...body });
      }),
    );
    const view = renderAdmin(declarations, '/time-exceptions/21');
    await screen.findByDisplayValue('Lunch');
    fireEvent.change(screen.getByLabelText(/^Reason/), { target: { value: 'Too late' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/must be before/)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/^Reason/), { target: { value: 'Lunch break' } });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(attempts).toBe(2));
    await waitFor(() => expect(view.location().pathname).toBe('/time-exceptions'));
  });
});

describe('resources', () => {
  it('lists the resource types with their resources, and keeps the chosen order as the default', async () => {
    server.use(
      listHandler('/resourcetypes', [courts, { Id: 9, Name: 'Arenas', Description: 'Outdoor', Active: true, Resources: [] }]),
    );
    renderAdmin(declarations, '/resources');
    const sections = async () => (await screen.findAllByRole('region')).map((s) => s.getAttribute('aria-label'));
    await waitFor(async () => expect(await sections()).toEqual(['Arenas', 'Courts', 'Resources without a group']));
    expect(within(screen.getByRole('region', { name: 'Courts' })).getByText('Court 1')).toBeInTheDocument();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Order groups' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Name Z–A' }));
    await waitFor(async () => expect(await sections()).toEqual(['Courts', 'Arenas', 'Resources without a group']));
    expect(localStorage.getItem(RESOURCE_TYPE_ORDER_KEY)).toBe('-name');
  });

  it('a new resource gets a default colour and priority 99, and a failed create warns with the server message and marks the field', async () => {
    server.use(http.post(`${API}/resource`, () => errorResponse(400, 'The name is already used', [{ FieldName: 'Name', Message: 'Choose another name' }])));
    renderAdmin(declarations, '/resources/new?ResourceTypeId=7');
    fireEvent.change(await screen.findByLabelText(/^Name/), { target: { value: 'Court 1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Choose another name')).toBeInTheDocument();
    expect(await screen.findByText('The name is already used')).toBeInTheDocument();
    expect(callsTo('POST', '/resource')[0].body).toMatchObject({ Name: 'Court 1', Priority: 99, Color: '#ffb74d', ResourceTypeIds: [7] });
  });

  it('a 409 on delete opens the resource conflict modal with the server message', async () => {
    server.use(http.delete(`${API}/resource/1`, () => errorResponse(409, 'Court 1 has future bookings and cannot be deleted')));
    renderAdmin(declarations, '/resources/1');
    await screen.findByDisplayValue('Court 1');
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    const modal = await screen.findByRole('dialog', { name: 'Cannot be deleted' });
    expect(modal).toHaveTextContent('Court 1 has future bookings and cannot be deleted');
  });
});
