import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ServiceResourceType, ServiceSchedule } from '../../schema/scheduling';
import type { Service } from '../../schema/services';
import { declarations } from '../../src/registry';
import { API, calls, callsTo, errorResponse, list, listHandler, renderAdmin, server } from './engineHarness';

const padel: Service = {
  Id: 5,
  Name: 'Padel 60 min',
  Description: 'One hour on court',
  Group: null,
  Active: true,
  ImageUrl: null,
  Duration: 60,
  MinDuration: 60,
  MaxDuration: 60,
  DurationInterval: 60,
  DurationTypeId: 1,
  SortOrder: 0,
  TotalSpots: 1,
  BookingStatusId: 1,
  IsPaymentEnabled: false,
  EnableBookingQueue: false,
  GroupBooking: { Active: false, Min: 1, Max: 1 },
  MultipleResource: { Active: false, Min: 1, Max: 1 },
  CustomFieldValues: [],
  Created: '2025-01-01T10:00:00',
  Updated: '2025-01-01T10:00:00',
};

const courts: ServiceResourceType = {
  Id: 7,
  Name: 'Courts',
  NumberOfResources: 2,
  SelectableByUser: true,
  AllResources: true,
  Resources: [
    { Id: 1, Name: 'Court 1' },
    { Id: 2, Name: 'Court 2' },
  ],
};
const weekdays: ServiceSchedule = { Id: 11, Name: 'Weekdays', ScheduleType: 'RecurringSchedule', Active: true };
const midsummer: ServiceSchedule = { Id: 21, Name: 'Midsummer', ScheduleType: 'DateSchedule', Active: true };

const named = (Id: number, Name: string): { Id: number } => ({ Id, Name, Description: null, Active: true, Resources: [] }) as { Id: number };

const court = (Id: number, Name: string) => ({ Id, Name, Description: null, Active: true });

let linkedTypes: ServiceResourceType[];
let linkedSchedules: ServiceSchedule[];

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
beforeEach(() => {
  linkedTypes = [courts];
  linkedSchedules = [weekdays, midsummer];
  server.use(
    listHandler('/services', [padel]),
    http.get(`${API}/customfields`, () => HttpResponse.json(list([]))),
    http.get(`${API}/services/groups`, () => HttpResponse.json(list([]))),
    http.get(`${API}/services/5/resourcetypes`, () => HttpResponse.json(list(linkedTypes))),
    http.get(`${API}/services/5/schedules`, () => HttpResponse.json(list(linkedSchedules))),
    listHandler('/resourcetypes', [{ ...named(7, 'Courts'), Resources: [court(1, 'Court 1'), court(2, 'Court 2'), court(3, 'Court 3')] } as { Id: number }, named(8, 'Coaches')]),
    listHandler('/schedules/recurring', [named(11, 'Weekdays'), named(12, 'Weekends')]),
    listHandler('/schedules/date', [named(21, 'Midsummer'), named(22, 'Christmas')]),
  );
});
afterEach(() => {
  server.resetHandlers();
  calls.length = 0;
});
afterAll(() => server.close());

async function openTab() {
  renderAdmin(declarations, '/services/5');
  fireEvent.click(await screen.findByRole('tab', { name: 'Resources & schedules' }));
}

describe('service edit: Resources & schedules tab', () => {
  it('lists the connected resource types with their number of resources, and the schedules with their kind', async () => {
    await openTab();
    const types = await screen.findByRole('list', { name: 'Resource types' });
    expect(within(types).getByText('Courts')).toBeInTheDocument();
    expect(within(types).getByText('Number of resources: 2 · All resources')).toBeInTheDocument();
    const schedules = await screen.findByRole('list', { name: 'Schedules' });
    const rows = within(schedules).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual(['WeekdaysRecurring schedule', 'MidsummerDate schedule']);
  });

  it('says so when nothing is connected', async () => {
    linkedTypes = [];
    linkedSchedules = [];
    await openTab();
    expect(await screen.findByText('No resource types are connected to the service.')).toBeInTheDocument();
    expect(await screen.findByText('No schedules are connected to the service.')).toBeInTheDocument();
  });

  it('connects a resource type with the number of resources and offers only types not yet connected', async () => {
    server.use(
      http.post(`${API}/services/5/resourcetypes`, async ({ request }) => {
        const body = (await request.json()) as { ResourceTypeId: number; NumberOfResources: number };
        linkedTypes = [...linkedTypes, { ...courts, Id: 8, Name: 'Coaches', NumberOfResources: body.NumberOfResources, Resources: [] }];
        return HttpResponse.json(linkedTypes.at(-1));
      }),
    );
    await openTab();
    await screen.findByRole('list', { name: 'Resource types' });
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Resource type' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Coaches']);
    fireEvent.click(screen.getByRole('option', { name: 'Coaches' }));
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Number of resources' }), { target: { value: '3' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Connect' })[0]);

    await waitFor(() => expect(callsTo('POST', '/services/5/resourcetypes')).toHaveLength(1));
    expect(callsTo('POST', '/services/5/resourcetypes')[0].body).toEqual({ ResourceTypeId: 8, NumberOfResources: 3 });
    const types = screen.getByRole('list', { name: 'Resource types' });
    expect(await within(types).findByText('Coaches')).toBeInTheDocument();
    expect(within(types).getByText('Number of resources: 3 · All resources')).toBeInTheDocument();
  });

  it('limits the service to some resources of a type, no fewer than a booking takes, and back to all of them (issue 30)', async () => {
    server.use(
      http.put(`${API}/services/5/resourcetypes/7`, async ({ request }) => {
        const body = (await request.json()) as { Resources: { Id: number }[] | null };
        const picked = body.Resources?.map((r) => ({ Id: r.Id, Name: `Court ${r.Id}` }));
        linkedTypes = [{ ...courts, AllResources: !picked, Resources: picked ?? [court(1, 'Court 1'), court(2, 'Court 2'), court(3, 'Court 3')] }];
        return HttpResponse.json(linkedTypes[0]);
      }),
    );
    await openTab();
    fireEvent.click(await screen.findByRole('button', { name: 'Choose resources: Courts' }));
    const dialog = await screen.findByRole('dialog', { name: 'Which Courts may Padel 60 min use?' });
    expect(within(dialog).getByRole('radio', { name: 'Every resource of Courts, also those added later' })).toBeChecked();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Only these' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Court 3' }));
    // A booking takes two: one is too few.
    expect(within(dialog).getByText('Pick at least 2 resources, as many as a booking takes')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Court 1' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo('PUT', '/services/5/resourcetypes/7')).toHaveLength(1));
    expect(callsTo('PUT', '/services/5/resourcetypes/7')[0].body).toEqual({ ResourceTypeId: 7, Resources: [{ Id: 1 }, { Id: 3 }] });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const types = screen.getByRole('list', { name: 'Resource types' });
    expect(await within(types).findByText('Number of resources: 2 · Only Court 1, Court 3')).toBeInTheDocument();

    // Opened again it shows the picks; all of them again sends null.
    fireEvent.click(screen.getByRole('button', { name: 'Choose resources: Courts' }));
    const again = await screen.findByRole('dialog', { name: 'Which Courts may Padel 60 min use?' });
    expect(within(again).getByRole('checkbox', { name: 'Court 3' })).toBeChecked();
    expect(within(again).getByRole('checkbox', { name: 'Court 2' })).not.toBeChecked();
    fireEvent.click(within(again).getByRole('radio', { name: 'Every resource of Courts, also those added later' }));
    fireEvent.click(within(again).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo('PUT', '/services/5/resourcetypes/7')).toHaveLength(2));
    expect(callsTo('PUT', '/services/5/resourcetypes/7')[1].body).toEqual({ ResourceTypeId: 7, Resources: null });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await within(types).findByText('Number of resources: 2 · All resources')).toBeInTheDocument();
  });

  it('connects a date schedule through the date schedule route', async () => {
    server.use(http.post(`${API}/services/5/dateschedules`, () => HttpResponse.json({ Id: 22, Name: 'Christmas', ScheduleType: 'DateSchedule', Active: true })));
    await openTab();
    await screen.findByRole('list', { name: 'Schedules' });
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Schedule' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['WeekendsRecurring schedule', 'ChristmasDate schedule']);
    fireEvent.click(screen.getByRole('option', { name: /Christmas/ }));
    expect(screen.getByRole('combobox', { name: 'Schedule' })).toHaveTextContent('Christmas');
    fireEvent.click(screen.getAllByRole('button', { name: 'Connect' })[1]);
    await waitFor(() => expect(callsTo('POST', '/services/5/dateschedules')).toHaveLength(1));
    expect(callsTo('POST', '/services/5/dateschedules')[0].body).toEqual({ ScheduleId: 22 });
    expect(callsTo('POST', '/services/5/recurringschedules')).toHaveLength(0);
  });

  it('removes a recurring schedule only after confirmation, with the DELETE on the service', async () => {
    server.use(
      http.delete(`${API}/services/5/recurringschedules/11`, () => {
        linkedSchedules = linkedSchedules.filter((s) => s.Id !== 11);
        return HttpResponse.json(weekdays);
      }),
    );
    await openTab();
    fireEvent.click(await screen.findByRole('button', { name: 'Disconnect: Weekdays' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Weekdays will be disconnected from Padel 60 min.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Disconnect: Weekdays' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Disconnect' }));
    await waitFor(() => expect(callsTo('DELETE', '/services/5/recurringschedules/11')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const schedules = screen.getByRole('list', { name: 'Schedules' });
    await waitFor(() => expect(within(schedules).queryByText('Weekdays')).not.toBeInTheDocument());
    expect(within(schedules).getByText('Midsummer')).toBeInTheDocument();
  });

  it('removes a resource type with its DELETE and shows the server message when it fails', async () => {
    server.use(http.delete(`${API}/services/5/resourcetypes/7`, () => errorResponse(404, 'Courts is not connected to the service')));
    await openTab();
    fireEvent.click(await screen.findByRole('button', { name: 'Disconnect: Courts' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Disconnect' }));
    await waitFor(() => expect(callsTo('DELETE', '/services/5/resourcetypes/7')).toHaveLength(1));
    expect(await screen.findByText('Courts is not connected to the service')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(screen.getByRole('list', { name: 'Resource types' })).getByText('Courts')).toBeInTheDocument();
  });
});
