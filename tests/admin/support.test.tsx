import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import TicketsPage from '../../src/custom/support/TicketsPage';
import TicketPage from '../../src/custom/support/TicketPage';
import type { SupportCase, SupportComment } from '../../schema/support';
import { API, calls, renderPage, server, startMockApi } from './customHarness';

startMockApi();

const kase = (over: Partial<SupportCase> = {}): SupportCase => ({
  Id: 7,
  CompanyId: 1,
  CompanyName: 'Solrosen',
  StatusId: 1,
  StatusName: 'New',
  TypeId: 2,
  TypeName: 'Problem',
  AreaId: 1,
  AreaName: 'Bookings',
  Subject: 'Scheduler empty',
  Description: 'Since Monday.',
  OpenedByName: 'Demo Admin',
  Own: true,
  CommentCount: 0,
  AttachmentCount: 0,
  Created: '2026-11-29T09:00:00',
  Updated: '2026-11-29T09:30:00',
  ...over,
});
const list = <T,>(results: T[]) => ({ Offset: 0, Total: results.length, Results: results });
const options = [
  { Id: 1, Name: 'New' },
  { Id: 2, Name: 'In progress' },
  { Id: 3, Name: 'Answered' },
  { Id: 4, Name: 'Closed' },
];

function mockOptions(desk: boolean) {
  server.use(
    http.get(`${API}/support/cases/desk`, () => HttpResponse.json({ Desk: desk })),
    http.get(`${API}/support/cases/status`, () => HttpResponse.json(list(options))),
    http.get(`${API}/support/cases/types`, () => HttpResponse.json(list([{ Id: 2, Name: 'Problem' }]))),
    http.get(`${API}/support/cases/areas`, () => HttpResponse.json(list([{ Id: 1, Name: 'Bookings' }]))),
  );
}

describe('support cases in the admin', () => {
  it('lists a company its cases with a way to open a new one, filtered by status', async () => {
    mockOptions(false);
    server.use(http.get(`${API}/support/cases`, () => HttpResponse.json(list([kase()]))));
    const user = userEvent.setup();
    renderPage(<TicketsPage />, '/support/tickets');
    expect(await screen.findByRole('link', { name: '#7 Scheduler empty' })).toHaveAttribute('href', '/support/tickets/7');
    expect(screen.getByRole('link', { name: /New case/ })).toHaveAttribute('href', '/support/tickets/new');
    expect(screen.queryByRole('columnheader', { name: 'Company' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Answered' }));
    await screen.findByRole('link', { name: '#7 Scheduler empty' });
    expect(calls.some((c) => c.path === '/support/cases' && c.search.get('StatusId') === '3' && c.search.get('Take') === '25')).toBe(true);
  });

  it('shows the support desk every company’s cases, named, and no way to open one', async () => {
    mockOptions(true);
    server.use(http.get(`${API}/support/cases`, () => HttpResponse.json(list([kase({ Own: false }), kase({ Id: 8, CompanyName: 'Padelhallen', Subject: 'Invoice' })]))));
    renderPage(<TicketsPage />, '/support/tickets');
    expect(await screen.findByText('Padelhallen')).toBeInTheDocument();
    expect(await screen.findByRole('columnheader', { name: 'Company' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /New case/ })).not.toBeInTheDocument();
  });

  it('shows a case’s thread with support’s answer, lets one delete only one’s own comment, and sends a comment', async () => {
    mockOptions(false);
    let comments: SupportComment[] = [
      { Id: 1, CaseId: 7, Text: 'It happens on Mondays.', AuthorName: 'Demo Admin', FromSupport: false, Own: true, Created: '2026-11-29T09:01:00' },
      { Id: 2, CaseId: 7, Text: 'Fixed: the schedule had ended.', AuthorName: 'Sara', FromSupport: true, Own: false, Created: '2026-11-29T09:05:00' },
    ];
    server.use(
      http.get(`${API}/support/cases/7`, () => HttpResponse.json(kase({ StatusId: 3, StatusName: 'Answered' }))),
      http.get(`${API}/support/cases/7/attachments`, () => HttpResponse.json(list([]))),
      http.get(`${API}/support/cases/7/comments`, () => HttpResponse.json(list(comments))),
      http.post(`${API}/support/cases/7/comments`, async ({ request }) => {
        const made = { Id: 3, CaseId: 7, Text: ((await request.json()) as { Text: string }).Text, AuthorName: 'Demo Admin', FromSupport: false, Own: true, Created: '2026-11-29T09:10:00' };
        comments = [...comments, made];
        return HttpResponse.json(made);
      }),
    );
    const user = userEvent.setup();
    renderPage(
      <Routes>
        <Route path="/support/tickets/:id" element={<TicketPage />} />
      </Routes>,
      '/support/tickets/7',
    );
    const thread = await screen.findByRole('region', { name: 'Comments' });
    const answer = (await within(thread).findByText('Fixed: the schedule had ended.')).closest('li')!;
    expect(within(answer).getByText('Support')).toBeInTheDocument();
    expect(within(answer).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    const own = within(thread).getByText('It happens on Mondays.').closest('li')!;
    expect(within(own).getByRole('button', { name: 'Delete the comment of 2026-11-29 09:01' })).toBeInTheDocument();
    await user.type(within(thread).getByRole('textbox', { name: 'Write a comment' }), 'Thanks!');
    await user.click(within(thread).getByRole('button', { name: 'Send' }));
    expect(await within(thread).findByText('Thanks!')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST' && c.path === '/support/cases/7/comments')?.body).toEqual({ Text: 'Thanks!' });
  });
});
