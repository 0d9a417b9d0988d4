import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import WebhookSettingsPage from '../../src/custom/webhooks/WebhookSettingsPage';
import EndpointPage from '../../src/custom/webhooks/EndpointPage';
import { ReplayCard } from '../../src/custom/webhooks/ReplayCard';
import { pick } from './pickers';
import type { WebhookEndpointList, WebhookMessageList } from '../../schema/webhooks';
import { API, calls, renderPage, server, startMockApi } from './customHarness';

startMockApi();

const log: WebhookMessageList = {
  Total: 1,
  Data: [
    {
      Id: 5,
      EventId: 'msg_abc',
      EventType: 'booking.created',
      Channels: [{ EndpointId: 2, Url: 'https://crm.example.com/in' }],
      Timestamp: '2026-03-01T09:15:00',
      Status: 'delivered',
      Attempts: [
        { Timestamp: '2026-03-01T09:15:01', HttpStatus: 500, DurationMs: 120, ResponseExcerpt: 'oops' },
        { Timestamp: '2026-03-01T09:15:06', HttpStatus: 200, DurationMs: 80, ResponseExcerpt: 'ok' },
      ],
    },
  ],
};

describe('webhook settings page', () => {
  it('lists the endpoints: enabled, URL, description, event types as chips, an edit link each', async () => {
    const endpoints: WebhookEndpointList = {
      Endpoints: [{ Id: 2, Url: 'https://crm.example.com/in', Description: 'CRM', EventTypes: ['booking.created', 'customer.created'], Disabled: false, Created: '2026-03-01T09:00:00', Updated: '2026-03-01T09:00:00' }],
    };
    server.use(http.get(`${API}/webhook/endpoints`, () => HttpResponse.json(endpoints)));
    renderPage(<WebhookSettingsPage />, '/webhook-settings#endpoints');
    const row = (await screen.findByText('https://crm.example.com/in')).closest('tr')!;
    expect(within(row).getByText('CRM')).toBeInTheDocument();
    expect(within(row).getByText('customer.created')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: /Edit https:\/\/crm/ })).toHaveAttribute('href', '/webhooks/endpoint/2');
    expect(screen.getByRole('link', { name: 'New endpoint' })).toHaveAttribute('href', '/webhooks/endpoint/new');
  });

  it('shows the log with each message’s attempts and resends one message', async () => {
    server.use(
      http.get(`${API}/webhook/messages`, () => HttpResponse.json(log)),
      http.post(`${API}/webhook/messages/5/resend`, () => HttpResponse.json({ Id: 5, Status: 'pending' })),
    );
    const user = userEvent.setup();
    renderPage(<WebhookSettingsPage />, '/webhook-settings#messages');
    expect(await screen.findByText('msg_abc')).toBeInTheDocument();
    expect(screen.getByText('2026-03-01 09:15:00')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show attempts for msg_abc' }));
    const attempts = await screen.findByRole('table', { name: 'Attempts msg_abc' });
    expect(within(attempts).getByText('500')).toBeInTheDocument();
    expect(within(attempts).getByText('oops')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resend' }));
    expect(await screen.findByText('The message was queued again')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/webhook/messages/5/resend')).toBe(true);
    expect(calls.filter((c) => c.path === '/webhook/messages').length).toBeGreaterThanOrEqual(2);
  });

  it('shows the server’s ResponseStatus message as an error banner when the log fails', async () => {
    server.use(http.get(`${API}/webhook/messages`, () => HttpResponse.json({ ResponseStatus: { ErrorCode: 'Unavailable', Message: 'The log is resting', Errors: [] } }, { status: 503 })));
    renderPage(<WebhookSettingsPage />, '/webhook-settings#messages');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The log is resting');
  });

  it('sends the failed messages again since the time chosen, and says how many were queued', async () => {
    server.use(http.post(`${API}/webhook/endpoints/2/replay`, () => HttpResponse.json({ MessageIds: [11, 12] })));
    const user = userEvent.setup();
    renderPage(<ReplayCard endpointId={2} />, '/webhooks/endpoint/2');
    const send = await screen.findByRole('button', { name: 'Send again' });
    expect(send).toBeDisabled();
    pick(/^Failed since/, '01/03/2026 18:00');
    await user.click(send);
    expect(await screen.findByText('2 messages queued again')).toBeInTheDocument();
    const call = calls.find((c) => c.method === 'POST' && c.path === '/webhook/endpoints/2/replay');
    expect(call?.body).toEqual({ Since: '2026-03-01T18:00:00' });
  });

  it('rotates the secret of the endpoint as the server has it now, not as the page loaded it', async () => {
    const loaded = { Id: 2, Url: 'https://crm.example.com/in', Description: 'CRM', EventTypes: ['booking.created'], Disabled: false, Created: '2026-03-01T09:00:00', Updated: '2026-03-01T09:00:00' };
    // Another administrator changes the endpoint after this page loaded it.
    let version = loaded;
    server.use(
      http.get(`${API}/webhook/eventtypes`, () => HttpResponse.json({ Data: [{ Name: 'booking.created', Description: 'Booking created' }, { Name: 'customer.created', Description: 'Customer created' }] })),
      http.get(`${API}/webhook/endpoints`, () => HttpResponse.json({ Endpoints: [version] })),
      http.put(`${API}/webhook/endpoints/2`, () => HttpResponse.json({ ...version, Secret: 'whsec_new' })),
    );
    const user = userEvent.setup();
    renderPage(
      <Routes>
        <Route path="/webhooks/endpoint/:id" element={<EndpointPage />} />
      </Routes>,
      '/webhooks/endpoint/2',
    );
    const url = await screen.findByRole('textbox', { name: /URL/i });
    version = { ...loaded, Description: 'CRM, changed by a colleague', EventTypes: ['booking.created', 'customer.created'] };
    await user.clear(url);
    await user.type(url, 'https://unsaved.example.com/in');
    await user.click(screen.getByRole('button', { name: 'Rotate secret' }));
    await screen.findByText('whsec_new');
    const put = calls.find((c) => c.method === 'PUT' && c.path === '/webhook/endpoints/2');
    expect(put?.body).toEqual({ Url: 'https://crm.example.com/in', Description: 'CRM, changed by a colleague', EventTypes: ['booking.created', 'customer.created'], Disabled: false, RotateSecret: true });
  });
});
