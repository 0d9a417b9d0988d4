/**
 * /codelock-settings (issue 34): choose the lock system, fill in its own fields (a stored secret is
 * never shown, only that it is kept), test the connection, map doors and margins; a lock that could
 * not be reached is shown; refused fields are named.
 */
import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import CodelockSettingsPage from '../../src/custom/codelock/CodelockSettingsPage';
import { DoorCodeSection } from '../../src/custom/codelock/DoorCodeSection';
import type { CodelockSettings } from '../../src/custom/codelock/types';
import { API, calls, renderPage, server, startMockApi } from './customHarness';

startMockApi();

const options: CodelockSettings['CodeLockSystemOptions'] = [
  { Id: 5, Key: 'parakey', Name: 'Parakey', Credential: 'phone', Configured: true, Fields: [{ Name: 'ApiUrl', Secret: false, Required: false, Type: 'url' }, { Name: 'ApiKey', Secret: true, Required: true, Type: 'text' }, { Name: 'DomainId', Secret: false, Required: true, Type: 'text' }] },
  { Id: 6, Key: 'rco', Name: 'RCO R-CARD M5', Credential: 'pin', Configured: false, Fields: [{ Name: 'ApiUrl', Secret: false, Required: false, Type: 'url' }, { Name: 'ApiKey', Secret: true, Required: true, Type: 'text' }, { Name: 'InstallationId', Secret: false, Required: true, Type: 'text' }, { Name: 'PinLength', Secret: false, Required: false, Type: 'number' }] },
];

const settings = (over: Partial<CodelockSettings> = {}): CodelockSettings => ({
  Active: true,
  CodeLockSystemsId: 5,
  CodeLockSystemName: 'Parakey',
  MarginBeforeMinutes: 15,
  MarginAfterMinutes: 15,
  Doors: [
    { ResourceId: 3, ResourceName: 'Bana 1', DoorIds: ['main'] },
    { ResourceId: 4, ResourceName: 'Bana 2', DoorIds: [] },
  ],
  LastError: null,
  LastErrorAt: null,
  Created: '2026-03-01T09:00:00.000Z',
  Updated: '2026-03-01T09:00:00.000Z',
  CodeLockSystemOptions: options,
  ...over,
});

describe('door lock settings', () => {
  it("shows the active system's fields without its secret, tests the connection, and saves doors and margins", async () => {
    let saved: unknown;
    server.use(
      http.get(`${API}/codelock/settings`, () => HttpResponse.json(settings({ LastError: 'Parakey, door main: 127.0.0.1:9: connect ECONNREFUSED', LastErrorAt: '2026-03-02T10:00:00.000Z' }))),
      http.get(`${API}/codelock/parakey/settings`, () => HttpResponse.json({ System: 'parakey', Name: 'Parakey', ApiUrl: '', ApiKeySet: true, DomainId: 'dom-1', Created: '2026-03-01T09:00:00.000Z', Updated: '2026-03-01T09:00:00.000Z' })),
      http.post(`${API}/codelock/parakey/test`, () => HttpResponse.json({ Ok: true, Message: '200 connected' })),
      http.put(`${API}/codelock/settings`, async ({ request }) => {
        saved = await request.json();
        return HttpResponse.json(settings());
      }),
    );
    const user = userEvent.setup();
    renderPage(<CodelockSettingsPage />, '/codelock-settings');
    expect(await screen.findByText(/The lock could not be reached or refused a call .*ECONNREFUSED/)).toBeInTheDocument();
    const system = await screen.findByRole('region', { name: 'Parakey settings' });
    expect(await within(system).findByDisplayValue('dom-1')).toBeInTheDocument();
    const key = within(system).getByLabelText('API key');
    expect(key).toHaveValue('');
    expect(within(system).getByText('Stored. Leave empty to keep it.')).toBeInTheDocument();
    await user.click(within(system).getByRole('button', { name: 'Test connection' }));
    expect(await within(system).findByText('Connected: 200 connected')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Door ids of Bana 2'), 'court-2, hall');
    const before = screen.getByLabelText('Valid before the start');
    await user.clear(before);
    await user.type(before, '30');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('The door lock settings were saved');
    expect(saved).toMatchObject({ Active: true, CodeLockSystemsId: 5, MarginBeforeMinutes: 30, MarginAfterMinutes: 15, Doors: [{ ResourceId: 3, DoorIds: ['main'] }, { ResourceId: 4, DoorIds: ['court-2', 'hall'] }] });
  });

  it("switches to another system and names the fields its settings refuse", async () => {
    server.use(
      http.get(`${API}/codelock/settings`, () => HttpResponse.json(settings())),
      http.get(`${API}/codelock/parakey/settings`, () => HttpResponse.json({ System: 'parakey', Name: 'Parakey', ApiUrl: '', ApiKeySet: true, DomainId: 'dom-1', Created: null, Updated: null })),
      http.get(`${API}/codelock/rco/settings`, () => HttpResponse.json({ System: 'rco', Name: 'RCO R-CARD M5', ApiUrl: '', ApiKeySet: false, InstallationId: '', PinLength: null, Created: null, Updated: null })),
      http.put(`${API}/codelock/rco/settings`, () =>
        HttpResponse.json(
          { ResponseStatus: { ErrorCode: 'CodelockFieldRequired', Message: "'ApiKey' is required for RCO R-CARD M5.", Errors: [{ ErrorCode: 'CodelockFieldRequired', FieldName: 'ApiKey', Message: "'ApiKey' is required for RCO R-CARD M5." }] } },
          { status: 400 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderPage(<CodelockSettingsPage />, '/codelock-settings');
    await screen.findByRole('region', { name: 'Parakey settings' });
    await user.click(screen.getByRole('combobox', { name: 'Lock system' }));
    await user.click(await screen.findByRole('option', { name: 'RCO R-CARD M5' }));
    const rco = await screen.findByRole('region', { name: 'RCO R-CARD M5 settings' });
    expect(within(rco).getByText('Bookings get a PIN code typed at the door.')).toBeInTheDocument();
    expect(within(rco).getByRole('button', { name: 'Test connection' })).toBeDisabled();
    await user.click(within(rco).getByRole('button', { name: "Save the system's settings" }));
    expect(await within(rco).findAllByText("'ApiKey' is required for RCO R-CARD M5.")).not.toHaveLength(0);
    expect(calls.some((c) => c.method === 'PUT' && c.path === '/codelock/rco/settings')).toBe(true);
  });
});

describe("the booking page's door code", () => {
  const door = { HasDoor: true, DoorCode: '482913', Credential: 'pin', CodeLockSystemName: 'RCO R-CARD M5', LastError: null, LastErrorAt: null, Grants: [{ DoorId: 'hall', State: 'active', ValidFrom: '2030-03-06T08:45:00.000Z', ValidTo: '2030-03-06T10:15:00.000Z', Answer: '201 granted 7' }] };

  it('shows the code, its doors and an unreachable lock, and resync says what the lock answered', async () => {
    server.use(
      http.get(`${API}/codelock/bookings/7`, () => HttpResponse.json({ ...door, LastError: 'RCO R-CARD M5, door hall: 503 down', LastErrorAt: '2030-03-01T10:00:00.000Z' })),
      http.post(`${API}/codelock/resync/7`, () => HttpResponse.json({ Ok: true, Message: 'The lock system answered: hall: 200 changed 7', DoorCode: '482913', Grants: door.Grants })),
    );
    const user = userEvent.setup();
    renderPage(<DoorCodeSection bookingId={7} canceled={false} />, '/bookings/7');
    const section = await screen.findByRole('region', { name: 'Door code · RCO R-CARD M5' });
    expect(within(section).getByText('482913')).toBeInTheDocument();
    expect(within(section).getByText('Door hall: held by the lock')).toBeInTheDocument();
    expect(within(section).getByText(/The lock could not be reached or refused a call .*503 down/)).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Resync door code' }));
    expect(await within(section).findByText('The lock system answered: hall: 200 changed 7')).toBeInTheDocument();
  });

  it('shows nothing where no door exists', async () => {
    server.use(http.get(`${API}/codelock/bookings/8`, () => HttpResponse.json({ ...door, HasDoor: false, DoorCode: null, Grants: [] })));
    const { container } = renderPage(<DoorCodeSection bookingId={8} canceled={false} />, '/bookings/8');
    await waitFor(() => expect(calls.some((c) => c.path === '/codelock/bookings/8')).toBe(true));
    await act(async () => {});
    expect(container.querySelector('section')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Resync door code' })).toBeNull();
  });
});
