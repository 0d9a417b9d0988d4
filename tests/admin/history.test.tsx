import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Article } from '../../schema/services';
import type { HistoryEntry } from '../../schema/history';
import { articles } from '../../src/resources/articles/declaration';
import { historyMeta } from '../../src/resources/history';
import { API, authProviderFor, calls, callsTo, list, listHandler, renderAdmin, server } from './engineHarness';
import { ROLE_IDS } from '../../schema/access/permissions';

const racket: Article = {
  Id: 1,
  Name: 'Padel racket Pro',
  Description: 'Carbon',
  ArticleTypeId: 1,
  Price: 1500,
  VAT: 25,
  CurrencyId: 'SEK',
  PriceSign: 'kr',
  Active: true,
  InternalReference: 'R-1',
  Created: '2025-01-01T10:00:00',
  Updated: '2025-01-02T10:00:00',
};

const entries: HistoryEntry[] = [
  {
    Id: 2,
    Resource: '/articles',
    RecordId: 1,
    Action: 'update',
    UserId: 1,
    Actor: 'anna@example.com',
    At: '2025-01-02T10:00:00',
    Changes: [
      { Field: 'Name', Before: 'Padel racket', After: 'Padel racket Pro' },
      { Field: 'Active', Before: false, After: true },
    ],
  },
  { Id: 1, Resource: '/articles', RecordId: 1, Action: 'create', UserId: 1, Actor: 'anna@example.com', At: '2025-01-01T10:00:00', Changes: [{ Field: 'Name', Before: null, After: 'Padel racket' }] },
];

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  server.resetHandlers();
  calls.length = 0;
});
afterAll(() => server.close());

describe('history', () => {
  it("shows a record's changes on its History tab: who, when, which field from what to what", async () => {
    server.use(listHandler('/articles', [racket]), http.get(`${API}/history`, () => HttpResponse.json(list(entries))));
    renderAdmin([articles, await historyMeta.load()], '/articles/1');
    fireEvent.click(await screen.findByRole('tab', { name: 'History' }));
    const table = await screen.findByRole('region', { name: 'History' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('anna@example.com');
    expect(rows[1]).toHaveTextContent('Changed');
    expect(rows[1]).toHaveTextContent('Name: Padel racket → Padel racket Pro');
    expect(rows[1]).toHaveTextContent('Active: No → Yes');
    expect(rows[2]).toHaveTextContent('Created');
    const asked = callsTo('GET', '/history')[0].search;
    expect(asked.get('Resource')).toBe('/articles');
    expect(asked.get('RecordId')).toBe('1');
  });

  it('keeps the History tab from roles that may not read the history', async () => {
    server.use(listHandler('/articles', [racket]));
    renderAdmin([articles, await historyMeta.load()], '/articles/1', { authProvider: authProviderFor([ROLE_IDS.Staff]) });
    await screen.findByDisplayValue('Padel racket Pro');
    expect(screen.queryByRole('tab', { name: 'History' })).not.toBeInTheDocument();
    expect(callsTo('GET', '/history')).toHaveLength(0);
  });

  it('lists every change in the audit list, with the kind of record and a link to it, filtered by action', async () => {
    server.use(http.get(`${API}/history`, () => HttpResponse.json(list(entries))));
    renderAdmin([articles, await historyMeta.load()], '/history');
    expect(await screen.findAllByText('anna@example.com')).toHaveLength(2);
    expect(screen.getAllByRole('link', { name: '1' })[0]).toHaveAttribute('href', '/articles/1');
    expect(screen.getAllByText('Article')).toHaveLength(2);
    expect(callsTo('GET', '/history')[0].search.get('OrderBy')).toBe('-At');
  });
});
