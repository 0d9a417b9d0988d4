import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import StatisticsPage from '../../src/custom/statistics/StatisticsPage';
import { addDays } from '../../src/common/dates';
import { resolveTimeZone, toWireDateTime } from '../../src/dataProvider/wire';
import type { Statistics, StatisticsFigures } from '../../schema/statistics';
import { API, calls, list, renderPage, server, startMockApi } from './customHarness';

startMockApi();

const figures = (bookings: number, revenueMinor: number): StatisticsFigures => ({
  Bookings: bookings,
  Spots: bookings,
  RevenueMinor: revenueMinor,
  RevenueExVatMinor: Math.round(revenueMinor * 0.8),
  VatMinor: revenueMinor - Math.round(revenueMinor * 0.8),
  Cancellations: 2,
  NoShows: 1,
  NewCustomers: 3,
  ReturningBookings: bookings - 3,
  AverageLeadMinutes: 2880,
  OpenMinutes: 6000,
  BookedMinutes: 3000,
  Occupancy: 0.5,
});

/** An answer of GET /statistics for the query asked, with `bookings` in the range (20 in the one before). */
function answer(search: URLSearchParams, bookings: number, group = 'Padel 60 min'): Statistics {
  const from = search.get('From') ?? '2026-03-01';
  const to = search.get('To') ?? '2026-03-30';
  return {
    From: from,
    To: to,
    CompareFrom: search.get('CompareFrom') ?? addDays(from, -30),
    CompareTo: search.get('CompareTo') ?? addDays(from, -1),
    GroupBy: (search.get('GroupBy') ?? 'service') as Statistics['GroupBy'],
    CurrencyId: 'SEK',
    TimeZone: 'Europe/Stockholm',
    Totals: figures(bookings, bookings * 25000),
    CompareTotals: figures(20, 500000),
    Groups: [{ Id: 1, Name: group, Figures: figures(bookings, bookings * 25000), Compare: figures(20, 500000) }],
    Days: [{ Date: from, Bookings: bookings, RevenueMinor: bookings * 25000, Cancellations: 2 }],
    CompareDays: [{ Date: addDays(from, -30), Bookings: 20, RevenueMinor: 500000, Cancellations: 2 }],
    HeatMap: [{ DayOfWeekId: 2, Hour: 18, Bookings: bookings }],
    PromoCodes: [],
  };
}

const services = [
  { Id: 1, Name: 'Padel 60 min' },
  { Id: 2, Name: 'Yoga drop-in' },
  { Id: 3, Name: 'Massage' },
];
const resources = [
  { Id: 1, Name: 'Bana 1' },
  { Id: 2, Name: 'Bana 2' },
  { Id: 3, Name: 'Bana 3' },
];

/** The company's services and resources, and statistics that answer 42 bookings, or 7 for Yoga drop-in alone. */
function api() {
  server.use(
    http.get(`${API}/services`, () => HttpResponse.json(list(services as JsonBodyType[]))),
    http.get(`${API}/resources`, () => HttpResponse.json(list(resources as JsonBodyType[]))),
    http.get(`${API}/statistics`, ({ request }) => {
      const search = new URL(request.url).searchParams;
      const yoga = search.getAll('ServiceIds').join(',') === '2';
      return HttpResponse.json(answer(search, yoga ? 7 : 42, yoga ? 'Yoga drop-in' : 'Padel 60 min') as unknown as JsonBodyType);
    }),
  );
}

const statisticsCalls = () => calls.filter((c) => c.method === 'GET' && c.path === '/statistics');
const lastStatisticsCall = () => statisticsCalls().at(-1)!.search;
/** The figure card of a figure: its name and the value shown. */
const card = async (name: string) => (await screen.findByRole('heading', { name, level: 3 })).closest('li')!;
const searchOf = (location: () => unknown) => new URLSearchParams((location() as { search?: string }).search ?? '');
const today = () => toWireDateTime(new Date(), resolveTimeZone()).slice(0, 10);

describe('statistics page', () => {
  it('shows the figures the server answers for the last 30 days, per service, for every service and resource', async () => {
    api();
    renderPage(<StatisticsPage />, '/statistics');
    const bookings = await card('Bookings');
    await waitFor(() => expect(bookings).toHaveTextContent('42'));
    expect(bookings).toHaveTextContent('+110% against the compared range (20)');
    expect(await card('Revenue incl. VAT')).toHaveTextContent('10,500');
    expect(await card('Occupancy')).toHaveTextContent('50%');
    expect(screen.getByRole('region', { name: 'By service' })).toHaveTextContent('Most bookings: Padel 60 min with 42');
    const search = lastStatisticsCall();
    expect(search.get('From')).toBe(addDays(today(), -29));
    expect(search.get('To')).toBe(today());
    expect(search.get('GroupBy')).toBe('service');
    expect(search.has('ServiceIds')).toBe(false);
    expect(search.has('ResourceIds')).toBe(false);
    expect(search.has('CompareFrom')).toBe(false);
    expect(screen.getByRole('combobox', { name: /^Services/ })).toHaveTextContent('All services');
    expect(screen.getByRole('combobox', { name: /^Resources/ })).toHaveTextContent('All resources');
  });

  it('sends the chosen services as ServiceIds, shows the new answer and keeps the choice in the URL', async () => {
    api();
    const user = userEvent.setup();
    const page = renderPage(<StatisticsPage />, '/statistics');
    await waitFor(async () => expect(await card('Bookings')).toHaveTextContent('42'));
    await user.click(screen.getByRole('combobox', { name: /^Services/ }));
    await user.click(await screen.findByRole('option', { name: 'Yoga drop-in' }));
    await user.keyboard('{Escape}');
    await waitFor(async () => expect(await card('Bookings')).toHaveTextContent('7'));
    expect(screen.getByRole('region', { name: 'By service' })).toHaveTextContent('Most bookings: Yoga drop-in with 7');
    expect(lastStatisticsCall().getAll('ServiceIds')).toEqual(['2']);
    expect(screen.getByRole('combobox', { name: /^Services/ })).toHaveTextContent('Yoga drop-in');
    expect(searchOf(page.location).get('services')).toBe('2');

    await user.click(screen.getByRole('combobox', { name: /^Group by/ }));
    await user.click(await screen.findByRole('option', { name: 'Resource' }));
    await waitFor(() => expect(lastStatisticsCall().get('GroupBy')).toBe('resource'));
    expect(lastStatisticsCall().getAll('ServiceIds')).toEqual(['2']);
    expect(searchOf(page.location).get('groupBy')).toBe('resource');
    expect(searchOf(page.location).get('services')).toBe('2');
  });

  it('opens with the choices a link carries and sends them', async () => {
    api();
    renderPage(<StatisticsPage />, '/statistics?range=custom&from=2026-01-01&to=2026-01-31&compare=lastYear&groupBy=resource&services=2&resources=3,1');
    await waitFor(() => expect(statisticsCalls().length).toBeGreaterThan(0));
    const search = statisticsCalls()[0].search;
    expect(Object.fromEntries(['From', 'To', 'CompareFrom', 'CompareTo', 'GroupBy'].map((k) => [k, search.get(k)]))).toEqual({
      From: '2026-01-01',
      To: '2026-01-31',
      CompareFrom: '2025-01-01',
      CompareTo: '2025-01-31',
      GroupBy: 'resource',
    });
    expect(search.getAll('ServiceIds')).toEqual(['2']);
    expect(search.getAll('ResourceIds')).toEqual(['1', '3']);
    expect(screen.getByRole('combobox', { name: /^Range/ })).toHaveTextContent('Custom dates');
    expect(screen.getByLabelText('From')).toHaveValue('2026-01-01');
    expect(screen.getByLabelText('To')).toHaveValue('2026-01-31');
    expect(screen.getByRole('combobox', { name: /^Compare with/ })).toHaveTextContent('The same range last year');
    expect(screen.getByRole('combobox', { name: /^Group by/ })).toHaveTextContent('Resource');
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^Services/ })).toHaveTextContent('Yoga drop-in'));
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^Resources/ })).toHaveTextContent('Bana 1, Bana 3'));
    expect(await screen.findByRole('region', { name: 'By resource' })).toBeInTheDocument();
    // Only the one answer: the choices were read before the first call.
    expect(statisticsCalls()).toHaveLength(1);
  });

  it('shows the defaults for values it does not know, and says so in the URL', async () => {
    api();
    const page = renderPage(<StatisticsPage />, '/statistics?range=forever&compare=never&groupBy=nope&services=abc,2,-1&resources=x&from=2026-02-30');
    await waitFor(() => expect(statisticsCalls().length).toBeGreaterThan(0));
    const search = lastStatisticsCall();
    expect(search.get('From')).toBe(addDays(today(), -29));
    expect(search.get('To')).toBe(today());
    expect(search.get('GroupBy')).toBe('service');
    expect(search.has('CompareFrom')).toBe(false);
    expect(search.getAll('ServiceIds')).toEqual(['2']);
    expect(search.has('ResourceIds')).toBe(false);
    expect(screen.getByRole('combobox', { name: /^Range/ })).toHaveTextContent('Last 30 days');
    await waitFor(() => expect((page.location() as { search?: string }).search).toBe('?services=2'));

    const cases = ['/statistics?range=custom&from=2026-03-10&to=2026-03-01', '/statistics?range=custom&from=2020-01-01&to=2026-01-01'];
    for (const url of cases) {
      page.unmount();
      calls.length = 0;
      const again = renderPage(<StatisticsPage />, url);
      await waitFor(() => expect(statisticsCalls().length).toBeGreaterThan(0));
      expect(lastStatisticsCall().get('From')).toBe(addDays(today(), -29));
      await waitFor(() => expect((again.location() as { search?: string }).search).toBe(''));
      again.unmount();
    }
  });

  it('sends custom dates once both are in order, and says so under To when the end is before the start', async () => {
    api();
    const page = renderPage(<StatisticsPage />, '/statistics?range=custom&from=2026-01-01&to=2026-01-31');
    await waitFor(async () => expect(await card('Bookings')).toHaveTextContent('42'));
    // A date field's picker gives its whole value at once.
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-02-10' } });
    expect(await screen.findByText('The end date is before the start date.')).toBeInTheDocument();
    expect(screen.getByLabelText('To')).toHaveAttribute('aria-invalid', 'true');
    expect(statisticsCalls().every((c) => c.search.get('From') === '2026-01-01')).toBe(true);
    expect(searchOf(page.location).get('from')).toBe('2026-01-01');
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-02-20' } });
    await waitFor(() => expect(lastStatisticsCall().get('From')).toBe('2026-02-10'));
    expect(lastStatisticsCall().get('To')).toBe('2026-02-20');
    expect(screen.queryByText('The end date is before the start date.')).not.toBeInTheDocument();
    expect(searchOf(page.location).get('from')).toBe('2026-02-10');
    expect(searchOf(page.location).get('to')).toBe('2026-02-20');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2020-01-01' } });
    expect(await screen.findByText('The range may be at most 1096 days.')).toBeInTheDocument();
    expect(lastStatisticsCall().get('From')).toBe('2026-02-10');
  });

  it('shows the server’s message in an error banner, and the figures after Try again', async () => {
    let failing = true;
    api();
    server.use(
      http.get(`${API}/statistics`, ({ request }) =>
        failing
          ? HttpResponse.json({ ResponseStatus: { ErrorCode: 'Unavailable', Message: 'The figures are being recounted', Errors: [] } }, { status: 503 })
          : HttpResponse.json(answer(new URL(request.url).searchParams, 42) as unknown as JsonBodyType),
      ),
    );
    const user = userEvent.setup();
    renderPage(<StatisticsPage />, '/statistics');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The statistics could not be loaded: The figures are being recounted');
    expect(screen.queryByRole('heading', { name: 'Bookings', level: 3 })).not.toBeInTheDocument();
    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(async () => expect(await card('Bookings')).toHaveTextContent('42'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
