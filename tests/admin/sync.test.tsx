import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import SyncPage from '../../src/custom/sync/SyncPage';
import MailchimpSettingsPage from '../../src/custom/sync/MailchimpSettingsPage';
import type { GoogleCalendarSync, IcalSync, IcalSyncList } from '../../schema/sync';
import type { MailchimpAudienceList, MailchimpProfile } from '../../schema/mailchimp';
import { API, calls, renderPage, server, startMockApi } from './customHarness';

startMockApi();

const feed = (over: Partial<IcalSync>): IcalSync => ({ Token: 't', Url: 'http://x/api/sync/ical/t.ics', Scope: 'company', Name: 'Demo', Created: '2026-03-01T09:00:00', ...over });

describe('calendar sync page', () => {
  it('shows each feed with its URL, creates a missing one and revokes after a confirm', async () => {
    let feeds: IcalSync[] = [feed({ Url: 'https://app.example.com/api/sync/ical/abc.ics' }), feed({ Scope: 'resource', ResourceId: 3, Name: 'Bana 1', Url: 'https://app.example.com/api/sync/ical/def.ics' })];
    server.use(
      http.get(`${API}/sync/icalsync/feeds`, () => HttpResponse.json({ Feeds: feeds } satisfies IcalSyncList)),
      http.get(`${API}/sync/googlecalendar`, () => HttpResponse.json({ ResponseStatus: { ErrorCode: 'NotFound', Message: 'Not found', Errors: [] } }, { status: 404 })),
      http.get(`${API}/resource`, () => HttpResponse.json({ Offset: 0, Total: 2, Results: [{ Id: 3, Name: 'Bana 1' }, { Id: 4, Name: 'Bana 2' }] })),
      http.post(`${API}/sync/icalsync`, async ({ request }) => {
        const body = (await request.json()) as { Own?: boolean };
        const made = feed({ Scope: body.Own ? 'user' : 'company', Url: 'https://app.example.com/api/sync/ical/own.ics' });
        feeds = [...feeds, made];
        return HttpResponse.json(made);
      }),
      http.delete(`${API}/sync/icalsync`, () => {
        feeds = feeds.filter((f) => f.Scope !== 'company');
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const user = userEvent.setup();
    renderPage(<SyncPage />, '/sync');
    const company = await screen.findByRole('region', { name: 'All bookings of the company' });
    expect(within(company).getByDisplayValue('https://app.example.com/api/sync/ical/abc.ics')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Resource: Bana 1' })).toBeInTheDocument();
    // A 404 from Google's read means not connected.
    expect(within(screen.getByRole('region', { name: 'Google Calendar' })).getByRole('button', { name: 'Connect Google Calendar' })).toBeInTheDocument();

    const own = screen.getByRole('region', { name: 'My bookings' });
    expect(within(own).getByText('Not connected')).toBeInTheDocument();
    await user.click(within(own).getByRole('button', { name: 'Create address' }));
    expect(await within(own).findByDisplayValue('https://app.example.com/api/sync/ical/own.ics')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/sync/icalsync')).toBe(true);

    await user.click(within(company).getByRole('button', { name: 'Revoke' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revoke' }));
    expect(await within(company).findByText('Not connected')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/sync/icalsync')).toBe(true);
  });

  it("shows Google's connection with what Google last refused, chooses a resource's calendar, and disconnects", async () => {
    let google: GoogleCalendarSync = {
      CalendarId: 'primary',
      BlockBusy: false,
      Resources: [],
      Calendars: [
        { Id: 'primary', Summary: 'Primary', Primary: true },
        { Id: 'staff@group.calendar.google.com', Summary: 'Staff', Primary: false },
      ],
      State: 'connected',
      LastError: 'The event of booking 7 was deleted in Google Calendar.',
      Connected: '2026-03-01T09:00:00',
      BusyPulled: '2026-03-01T09:05:00',
      BusyTimes: 0,
      BusyPending: false,
    };
    const posted: unknown[] = [];
    server.use(
      http.get(`${API}/sync/icalsync/feeds`, () => HttpResponse.json({ Feeds: [] } satisfies IcalSyncList)),
      http.get(`${API}/resource`, () => HttpResponse.json({ Offset: 0, Total: 1, Results: [{ Id: 4, Name: 'Bana 1' }] })),
      http.get(`${API}/sync/googlecalendar`, () => HttpResponse.json(google)),
      http.post(`${API}/sync/googlecalendar`, async ({ request }) => {
        const body = (await request.json()) as { ResourceId?: number; CalendarId?: string };
        posted.push(body);
        google = { ...google, Resources: [{ ResourceId: body.ResourceId!, CalendarId: body.CalendarId!, BlockBusy: true }], BusyTimes: 2 };
        return HttpResponse.json({ Url: '' });
      }),
      http.delete(`${API}/sync/googlecalendar`, () => new HttpResponse(null, { status: 204 })),
    );
    const user = userEvent.setup();
    renderPage(<SyncPage />, '/sync');
    const card = await screen.findByRole('region', { name: 'Google Calendar' });
    expect(await within(card).findByText(/Bookings are added to the calendar of their resource/)).toBeInTheDocument();
    expect(within(card).getByText('The event of booking 7 was deleted in Google Calendar.')).toBeInTheDocument();
    expect(within(card).getByText(/0 busy times close resources now/)).toBeInTheDocument();
    const row = within(card).getByRole('row', { name: /Bana 1/ });
    expect(within(row).getByRole('checkbox', { name: 'Busy times close Bana 1' })).toBeDisabled();
    await user.click(within(row).getByRole('combobox', { name: 'Calendar' }));
    await user.click(await screen.findByRole('option', { name: 'Staff' }));
    await waitFor(() => expect(posted).toEqual([{ ResourceId: 4, CalendarId: 'staff@group.calendar.google.com' }]));
    expect(await within(card).findByText(/2 busy times close resources now/)).toBeInTheDocument();
    expect(within(row).getByRole('checkbox', { name: 'Busy times close Bana 1' })).toBeChecked();
    await user.click(within(card).getByRole('button', { name: 'Disconnect' }));
    expect(await within(card).findByRole('button', { name: 'Connect Google Calendar' })).toBeInTheDocument();
  });
});

describe('mailing list page', () => {
  it('connects with a key, shows the field error Mailchimp gave, and never shows the key again', async () => {
    let profile: MailchimpProfile = { Connected: false, ServerPrefix: '', ApiKeyEnd: '', ListId: '', ListName: '', SubscribedCustomers: 12 };
    server.use(
      http.get(`${API}/mailchimp/profile`, () => HttpResponse.json(profile)),
      http.get(`${API}/mailchimp/audience/company`, () => HttpResponse.json({ Audiences: [{ Id: 'abc', Name: 'Newsletter', MemberCount: 3 }] } satisfies MailchimpAudienceList)),
      http.put(`${API}/mailchimp/profile`, async ({ request }) => {
        const body = (await request.json()) as { ApiKey?: string };
        if (body.ApiKey === 'bad-us1') {
          return HttpResponse.json(
            { ResponseStatus: { ErrorCode: 'MailchimpRefused', Message: 'Mailchimp answered: API Key Invalid', Errors: [{ ErrorCode: 'MailchimpRefused', FieldName: 'ApiKey', Message: 'Mailchimp answered: API Key Invalid' }] } },
            { status: 400 },
          );
        }
        profile = { ...profile, Connected: true, ServerPrefix: 'us21', ApiKeyEnd: 'us21' };
        return HttpResponse.json(profile);
      }),
    );
    const user = userEvent.setup();
    renderPage(<MailchimpSettingsPage />, '/mailchimp-settings');
    const key = await screen.findByLabelText('API key');
    await user.type(key, 'bad-us1');
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    expect((await screen.findAllByText('Mailchimp answered: API Key Invalid')).length).toBeGreaterThan(0);
    await user.clear(key);
    await user.type(key, `${'a'.repeat(32)}-us21`);
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    expect(await screen.findByText('Connected with the key ending in …us21 (server us21).')).toBeInTheDocument();
    expect(screen.getByLabelText('API key')).toHaveValue('');
    expect(await screen.findByText('12 customers subscribe to the newsletter and have an e-mail address; they are synced now and on every change.')).toBeInTheDocument();
  });

  it('syncs now and shows the last sync with its counts and errors', async () => {
    let profile: MailchimpProfile = {
      Connected: true,
      ServerPrefix: 'us21',
      ApiKeyEnd: 'us21',
      ListId: 'abc',
      ListName: 'Newsletter',
      SubscribedCustomers: 2,
      LastSync: { Kind: 'full', State: 'done', Started: '2026-03-01T09:00:00', Finished: '2026-03-01T09:00:05', Subscribed: 2, Unsubscribed: 1, Errors: 1, ErrorMessages: ['x@example: looks fake'] },
    };
    server.use(
      http.get(`${API}/mailchimp/profile`, () => HttpResponse.json(profile)),
      http.get(`${API}/mailchimp/audience/company`, () => HttpResponse.json({ Audiences: [{ Id: 'abc', Name: 'Newsletter', MemberCount: 3 }] } satisfies MailchimpAudienceList)),
      http.put(`${API}/mailchimp/member/company/customer/sync`, () => {
        profile = { ...profile, LastSync: { ...profile.LastSync!, State: 'done', Subscribed: 2, Unsubscribed: 0, Errors: 0, ErrorMessages: [] } };
        return HttpResponse.json(profile);
      }),
    );
    const user = userEvent.setup();
    renderPage(<MailchimpSettingsPage />, '/mailchimp-settings');
    const last = await screen.findByRole('region', { name: 'Last sync' });
    expect(within(last).getByText('2 subscribed, 1 unsubscribed, 1 errors')).toBeInTheDocument();
    expect(within(last).getByText('x@example: looks fake')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sync now' }));
    expect(await within(last).findByText('2 subscribed, 0 unsubscribed, 0 errors')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT' && c.path === '/mailchimp/member/company/customer/sync')).toBe(true);
  });
});
