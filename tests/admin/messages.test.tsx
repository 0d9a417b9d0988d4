import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import MessageLogTab from '../../src/custom/messages/MessageLogTab';
import OutboxPage from '../../src/custom/messages/OutboxPage';
import MessageTemplatesTab from '../../src/custom/messages/MessageTemplatesTab';
import type { CaughtMessage, MessageLogEntry } from '../../schema/messages';
import { API, calls, list, renderPage, server, startMockApi } from './customHarness';

startMockApi();

const entry = (id: number, over: Partial<MessageLogEntry> = {}): MessageLogEntry => ({
  Id: id,
  TypeId: 1,
  TypeName: 'Booking confirmation',
  SendMethodId: 1,
  Receiver: `ann${id}@example.com`,
  Subject: 'Thank you',
  Body: '<h1>Thank you, Ann</h1><p>See you</p>',
  Status: 'sent',
  CancelReason: null,
  IsTest: false,
  Attempts: 1,
  LastError: null,
  BookingId: 40 + id,
  Created: '2026-11-20T10:00:00',
  Sent: '2026-11-20T10:00:05',
  Canceled: null,
  ModifiedDate: '2026-11-20T10:00:05',
  ...over,
});

const logReads = () => calls.filter((c) => c.method === 'GET' && c.path === '/messages/log');

describe('message log tab', () => {
  it('lists 25 a page newest first, filters by status, and resends with the list reloaded', async () => {
    server.use(
      http.get(`${API}/messages/log`, () => HttpResponse.json(list([entry(2, { Status: 'failed', LastError: 'mailbox full', Sent: null }), entry(1)] as unknown as JsonBodyType[]))),
      http.put(`${API}/messages/log/2/resend`, () => HttpResponse.json(entry(3, { Status: 'queued' }) as unknown as JsonBodyType)),
    );
    const user = userEvent.setup();
    renderPage(<MessageLogTab />, '/bookings#message-log');
    const rows = await screen.findAllByTestId('message-log-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('ann2@example.com')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Failed')).toBeInTheDocument();
    expect(logReads()[0]!.search.get('OrderBy')).toBe('-Id,-ModifiedDate');
    expect(logReads()[0]!.search.get('Take')).toBe('25');

    const before = logReads().length;
    await user.click(within(rows[0]!).getByRole('button', { name: 'Resend' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT' && c.path === '/messages/log/2/resend')).toBe(true));
    await waitFor(() => expect(logReads().length).toBeGreaterThan(before));
    expect(await screen.findByText('The message is being sent again.')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Failed' }));
    await waitFor(() => expect(logReads().at(-1)!.search.get('Status')).toBe('failed'));
  });

  it('shows an entry as the customer got it, in a sandboxed frame', async () => {
    server.use(
      http.get(`${API}/messages/log`, () => HttpResponse.json(list([entry(1)] as unknown as JsonBodyType[]))),
      http.get(`${API}/messages/log/1`, () => HttpResponse.json(entry(1, { Body: '<h1>Thank you, Ann</h1><img src="x" onerror="alert(1)">' }) as unknown as JsonBodyType)),
    );
    const user = userEvent.setup();
    renderPage(<MessageLogTab />);
    await user.click(await screen.findByRole('button', { name: 'View' }));
    const dialog = await screen.findByRole('dialog');
    const frame = await within(dialog).findByTitle('Message content');
    expect(frame.getAttribute('sandbox')).toBe('allow-popups');
    const doc = frame.getAttribute('srcdoc') ?? '';
    expect(doc).toContain('<h1>Thank you, Ann</h1>');
    expect(doc).not.toContain('onerror');
  });

  it('says why a message was not sent, marks a test send, and filters by status and test sends', async () => {
    server.use(
      http.get(`${API}/messages/log`, () =>
        HttpResponse.json(
          list([
            entry(3, { TypeId: 2, TypeName: 'Reminder', Status: 'canceled', CancelReason: 'BookingCanceled', Body: '', Sent: null, Canceled: '2026-11-20T11:00:00' }),
            entry(2, { IsTest: true, Receiver: 'tester@example.com', BookingId: null }),
            entry(1),
          ] as unknown as JsonBodyType[]),
        ),
      ),
      http.get(`${API}/messages/log/3`, () =>
        HttpResponse.json(entry(3, { TypeId: 2, Status: 'canceled', CancelReason: 'BookingMoved', Body: '', Sent: null }) as unknown as JsonBodyType),
      ),
    );
    const user = userEvent.setup();
    renderPage(<MessageLogTab />);
    const rows = await screen.findAllByTestId('message-log-row');
    expect(within(rows[0]!).getByText('Canceled')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Not sent: the booking was canceled.')).toBeInTheDocument();
    expect(within(rows[1]!).getByTitle('A test send from the template editor: not a message to a customer.')).toHaveTextContent('Test');
    expect(within(rows[2]!).queryByText('Test')).toBeNull();

    await user.click(within(rows[0]!).getByRole('button', { name: 'View' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Not sent: the booking moved to another time, and this was for the old time.')).toBeInTheDocument();
    expect(within(dialog).queryByText('The message has not been sent yet.')).toBeNull();
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Canceled' }));
    await waitFor(() => expect(logReads().at(-1)!.search.get('Status')).toBe('canceled'));
    await user.click(screen.getByRole('combobox', { name: 'Test sends' }));
    await user.click(await screen.findByRole('option', { name: 'Without test sends' }));
    await waitFor(() => expect(logReads().at(-1)!.search.get('IsTest')).toBe('false'));
    await user.click(screen.getByRole('combobox', { name: 'Test sends' }));
    await user.click(await screen.findByRole('option', { name: 'Test sends only' }));
    await waitFor(() => expect(logReads().at(-1)!.search.get('IsTest')).toBe('true'));
  });

  it("shows the server's reason when a resend is refused", async () => {
    server.use(
      http.get(`${API}/messages/log`, () => HttpResponse.json(list([entry(1, { Status: 'canceled', CancelReason: 'BookingCanceled', Sent: null })] as unknown as JsonBodyType[]))),
      http.put(`${API}/messages/log/1/resend`, () =>
        HttpResponse.json(
          {
            ResponseStatus: {
              ErrorCode: 'MessageBookingCanceled',
              Message: 'Booking 41 is canceled: the message no longer applies and is not sent again.',
              Errors: [{ ErrorCode: 'MessageBookingCanceled', FieldName: 'Id', Message: 'Booking 41 is canceled: the message no longer applies and is not sent again.' }],
            },
          },
          { status: 409 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderPage(<MessageLogTab />);
    await user.click(await screen.findByRole('button', { name: 'Resend' }));
    expect(await screen.findByText('Booking 41 is canceled: the message no longer applies and is not sent again.')).toBeInTheDocument();
  });

  it('says so when nothing has been sent', async () => {
    server.use(http.get(`${API}/messages/log`, () => HttpResponse.json(list([]))));
    renderPage(<MessageLogTab />);
    expect(await screen.findByText('No messages have been sent yet.')).toBeInTheDocument();
  });
});

describe('message templates tab', () => {
  it('names each template language once, in the interface language', async () => {
    server.use(
      http.get(`${API}/messages/templates`, () => HttpResponse.json(list([]))),
      http.get(`${API}/messages/settings`, () => HttpResponse.json({ ReminderHoursBefore: 24 })),
    );
    const user = userEvent.setup();
    renderPage(<MessageTemplatesTab />, '/messages#templates');
    // Before, the English interface called the Swedish templates "Engelska" and listed Swedish as "Svenska, Swedish, Ruotsi, Svensk".
    await user.click(await screen.findByRole('combobox', { name: 'Language' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Swedish', 'English', 'Finnish', 'Norwegian']);
  });
});

describe('outbox page', () => {
  it("shows a newsletter's List-Unsubscribe headers with the mail", async () => {
    const link = 'https://booking.example.com/api/newsletter/unsubscribe/7.42.abc';
    const mail: CaughtMessage = {
      Id: 1,
      Channel: 'email',
      Transport: 'sandbox',
      From: 'no-reply@example.com',
      To: 'ann@example.com',
      Subject: 'Spring news',
      Text: 'Hello Ann',
      Html: '<p>Hello Ann</p>',
      Kind: 'newsletter',
      Created: '2026-11-20T10:00:00',
      Attachments: [],
    };
    server.use(
      http.get(`${API}/messages/outbox`, () => HttpResponse.json(list([mail] as unknown as JsonBodyType[]))),
      http.get(`${API}/messages/outbox/1`, () =>
        HttpResponse.json({ ...mail, Headers: { 'List-Unsubscribe': `<${link}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } } as unknown as JsonBodyType),
      ),
    );
    renderPage(<OutboxPage />, '/messages/outbox');
    expect(await screen.findByText(`List-Unsubscribe: <${link}>`)).toBeTruthy();
    expect(screen.getByText('List-Unsubscribe-Post: List-Unsubscribe=One-Click')).toBeTruthy();
  });
});
