import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking } from '../../schema/bookings';
import type { Statistics, StatisticsToday } from '../../schema/statistics';
import { createTestServer, OTHER_EMAIL, OTHER_PASSWORD, type TestServer } from './harness';
import { book, errorOf, fieldsOf, seedIds, type Page, type Seed } from './bookings/helpers';

let server: TestServer;
let seed: Seed;

beforeAll(async () => {
  server = await createTestServer();
  seed = await seedIds(server);
}, 120_000);
afterAll(async () => server?.close());

const stats = async (query: string, token?: string): Promise<Statistics> => {
  const res = await server.api({ method: 'GET', url: `/api/statistics?${query}`, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Statistics;
};

/** What the bookings list says of the bookings that start in [from, to] (whole days), per service or in all. */
async function listed(from: string, to: string, serviceId?: number): Promise<{ bookings: number; revenue: number; vat: number; spots: number; canceled: number; noShows: number }> {
  const service = serviceId ? `&ServiceIds=${serviceId}` : '';
  const page = (await server.api({ method: 'GET', url: `/api/bookings?BookingStart=${from}&BookingEnd=${to}&Take=1000${service}` })).json() as Page<Booking>;
  expect(page.Total).toBeLessThan(1000);
  const inRange = page.Results.filter((b) => b.From.slice(0, 10) >= from && b.From.slice(0, 10) <= to);
  const held = inRange.filter((b) => b.StatusId !== 2 && b.StatusId !== 4);
  return {
    bookings: held.length,
    revenue: held.reduce((sum, b) => sum + Math.round(b.TotalPrice * 100), 0),
    vat: held.reduce((sum, b) => sum + Math.round(b.TotalVatAmount * 100), 0),
    spots: held.reduce((sum, b) => sum + b.Spots, 0),
    canceled: inRange.length - held.length,
    noShows: held.filter((b) => b.NoShow).length,
  };
}

/** A small deterministic generator (mulberry32), so a failure repeats. */
function random(seedValue: number): () => number {
  let a = seedValue;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('GET /statistics', () => {
  it('equals what the bookings list says for the same range after generated bookings, moves and cancellations', async () => {
    const next = random(37);
    const padel = seed.services.get('Padel 60 min')!;
    const massage = seed.services.get('Massage')!;
    const yoga = seed.services.get('Yoga drop-in')!;
    const adult = (await server.db.one<{ id: number }>("select id from service_prices where service_id = $1 and category = 'Vuxen'", [yoga]))!.id;
    const customers = (await server.db.query<{ id: number }>('select id from customers where company_id = $1 order by id limit 12', [seed.companyId])).map((c) => c.id);
    const made: Booking[] = [];
    // Weekdays of March and April 2030, on the hour from 08 to 19 (every service is open 07–21 then).
    const slot = (): string => {
      for (;;) {
        const month = next() < 0.7 ? 3 : 4;
        const day = 1 + Math.floor(next() * 28);
        const weekday = new Date(Date.UTC(2030, month - 1, day)).getUTCDay();
        if (weekday === 0 || weekday === 6) continue;
        return `2030-0${month}-${String(day).padStart(2, '0')}T${String(8 + Math.floor(next() * 12)).padStart(2, '0')}:00:00`;
      }
    };
    for (let step = 0; step < 60; step++) {
      const roll = next();
      if (roll < 0.65 || made.length < 5) {
        const service = [padel, massage, yoga][Math.floor(next() * 3)];
        const quantities = service === yoga ? { Quantities: [{ PriceId: adult, Quantity: 1 + Math.floor(next() * 3) }] } : {};
        const res = await server.api({ method: 'POST', url: '/api/bookings', payload: { ServiceId: service, CustomerId: customers[Math.floor(next() * customers.length)], From: slot(), ...quantities } });
        if (res.statusCode === 200) made.push(res.json() as Booking);
        else expect(res.statusCode, res.body).toBe(409);
      } else if (roll < 0.85) {
        const target = made[Math.floor(next() * made.length)];
        const res = await server.api({ method: 'PUT', url: `/api/bookings/${target.Id}`, payload: { From: slot() } });
        expect([200, 400, 409], res.body).toContain(res.statusCode);
      } else {
        const target = made[Math.floor(next() * made.length)];
        const res = await server.api({ method: 'DELETE', url: `/api/bookings/${target.Id}` });
        expect([200, 400], res.body).toContain(res.statusCode);
      }
    }

    const march = await stats('From=2030-03-01&To=2030-03-31&CompareFrom=2030-04-01&CompareTo=2030-04-30');
    const [inMarch, inApril] = [await listed('2030-03-01', '2030-03-31'), await listed('2030-04-01', '2030-04-30')];
    expect(inMarch.bookings + inApril.bookings).toBeGreaterThan(20);
    for (const [figures, list] of [
      [march.Totals, inMarch],
      [march.CompareTotals, inApril],
    ] as const) {
      expect(figures).toMatchObject({ Bookings: list.bookings, RevenueMinor: list.revenue, VatMinor: list.vat, RevenueExVatMinor: list.revenue - list.vat, Spots: list.spots, Cancellations: list.canceled, NoShows: list.noShows });
    }
    for (const service of [padel, massage, yoga]) {
      const group = march.Groups.find((g) => g.Id === service);
      const list = await listed('2030-03-01', '2030-03-31', service);
      expect(group?.Figures.Bookings ?? 0).toBe(list.bookings);
      expect(group?.Figures.RevenueMinor ?? 0).toBe(list.revenue);
      expect(group?.Figures.Cancellations ?? 0).toBe(list.canceled);
    }
    expect(march.Days).toHaveLength(31);
    expect(march.Days.reduce((sum, d) => sum + d.Bookings, 0)).toBe(inMarch.bookings);
    expect(march.HeatMap.reduce((sum, c) => sum + c.Bookings, 0)).toBe(inMarch.bookings);
    expect(march.CurrencyId).toBe('SEK');

    // The same figures per administrator and per customer group add up to the totals.
    for (const groupBy of ['administrator', 'customerGroup']) {
      const grouped = await stats(`From=2030-03-01&To=2030-03-31&GroupBy=${groupBy}`);
      expect(grouped.Groups.reduce((sum, g) => sum + g.Figures.Bookings, 0)).toBe(inMarch.bookings);
      expect(grouped.Groups.reduce((sum, g) => sum + g.Figures.RevenueMinor, 0)).toBe(inMarch.revenue);
    }

    // The rollups the triggers kept equal the rollups made afresh from the bookings.
    const snapshot = () =>
      server.db.query('select * from booking_stat_days where company_id = $1 and bookings <> 0 order by day, service_id, resource_id, admin_id, canceled, customer_group, lead', [seed.companyId]);
    const kept = JSON.stringify(await snapshot());
    await server.db.query('select booking_stats_rebuild($1)', [seed.companyId]);
    expect(JSON.stringify(await snapshot())).toBe(kept);
  });

  it('counts no-shows as a fresh count does after generated bookings, marks, undos, moves and cancellations', async () => {
    const next = random(142);
    const padel = seed.services.get('Padel 60 min')!;
    const massage = seed.services.get('Massage')!;
    const made: Booking[] = [];
    // Bookings registered afterwards (outside the schedules, so the past is allowed) in September and October 2025.
    const slot = (): string => {
      const month = next() < 0.6 ? 9 : 10;
      const day = 1 + Math.floor(next() * 28);
      return `2025-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}T${String(8 + Math.floor(next() * 12)).padStart(2, '0')}:00:00`;
    };
    for (let step = 0; step < 70; step++) {
      const roll = next();
      if (roll < 0.4 || made.length < 5) {
        const service = next() < 0.5 ? padel : massage;
        const res = await server.api({ method: 'POST', url: '/api/bookings', payload: { ServiceId: service, CustomerId: seed.customerId, From: slot(), AllowBookingOutsideSchedules: true } });
        if (res.statusCode === 200) made.push(res.json() as Booking);
        else expect(res.statusCode, res.body).toBe(409);
      } else if (roll < 0.75) {
        const target = made[Math.floor(next() * made.length)];
        const res = await server.api({ method: 'PUT', url: `/api/bookings/${target.Id}/noshow`, payload: { NoShow: next() < 0.7 } });
        expect([200, 400], res.body).toContain(res.statusCode);
      } else if (roll < 0.88) {
        const target = made[Math.floor(next() * made.length)];
        const res = await server.api({ method: 'PUT', url: `/api/bookings/${target.Id}`, payload: { From: slot() } });
        expect([200, 400, 409], res.body).toContain(res.statusCode);
      } else {
        const target = made[Math.floor(next() * made.length)];
        const res = await server.api({ method: 'DELETE', url: `/api/bookings/${target.Id}` });
        expect([200, 400], res.body).toContain(res.statusCode);
      }
    }

    const fresh = async (from: string, to: string, serviceId?: number): Promise<number> =>
      Number(
        (await server.db.one<{ n: number }>(
          `select count(*)::int as n from bookings b join companies c on c.id = b.company_id
            where b.company_id = $1 and b.no_show_at is not null and b.status_id not in (2, 4)
              and (b.starts_at at time zone c.time_zone)::date between $2::date and $3::date and ($4::int is null or b.service_id = $4)`,
          [seed.companyId, from, to, serviceId ?? null],
        ))!.n,
      );
    const september = await stats('From=2025-09-01&To=2025-09-30&CompareFrom=2025-10-01&CompareTo=2025-10-31');
    const [inSeptember, inOctober] = [await fresh('2025-09-01', '2025-09-30'), await fresh('2025-10-01', '2025-10-31')];
    expect(inSeptember + inOctober).toBeGreaterThan(3);
    expect(september.Totals.NoShows).toBe(inSeptember);
    expect(september.CompareTotals.NoShows).toBe(inOctober);
    expect(september.Totals.NoShows).toBe((await listed('2025-09-01', '2025-09-30')).noShows);
    for (const service of [padel, massage]) {
      expect(september.Groups.find((g) => g.Id === service)?.Figures.NoShows ?? 0).toBe(await fresh('2025-09-01', '2025-09-30', service));
    }
    for (const groupBy of ['resource', 'administrator', 'customerGroup']) {
      const grouped = await stats(`From=2025-09-01&To=2025-09-30&GroupBy=${groupBy}`);
      if (groupBy !== 'resource') expect(grouped.Groups.reduce((sum, g) => sum + g.Figures.NoShows, 0)).toBe(inSeptember);
      else expect(grouped.Groups.reduce((sum, g) => sum + g.Figures.NoShows, 0)).toBeGreaterThanOrEqual(inSeptember);
    }

    const snapshot = () =>
      server.db.query('select * from booking_stat_days where company_id = $1 and bookings <> 0 order by day, service_id, resource_id, admin_id, canceled, customer_group, lead', [seed.companyId]);
    const kept = JSON.stringify(await snapshot());
    await server.db.query('select booking_stats_rebuild($1)', [seed.companyId]);
    expect(JSON.stringify(await snapshot())).toBe(kept);
  });

  it('changes at once when a booking is moved out of the range or canceled', async () => {
    const padel = seed.services.get('Padel 60 min')!;
    const range = 'From=2030-05-06&To=2030-05-10';
    const before = await stats(range);
    const first = await book(server, { ServiceId: padel, CustomerId: seed.customerId, From: '2030-05-07T10:00:00' });
    const second = await book(server, { ServiceId: padel, CustomerId: seed.customerId, From: '2030-05-08T10:00:00' });
    const booked = await stats(range);
    expect(booked.Totals.Bookings).toBe(before.Totals.Bookings + 2);
    expect(booked.Totals.RevenueMinor).toBe(before.Totals.RevenueMinor + Math.round(first.TotalPrice * 100) + Math.round(second.TotalPrice * 100));

    expect((await server.api({ method: 'PUT', url: `/api/bookings/${first.Id}`, payload: { From: '2030-05-14T10:00:00' } })).statusCode).toBe(200);
    const moved = await stats(range);
    expect(moved.Totals.Bookings).toBe(before.Totals.Bookings + 1);
    expect((await stats('From=2030-05-13&To=2030-05-17')).Totals.Bookings).toBeGreaterThanOrEqual(1);

    expect((await server.api({ method: 'DELETE', url: `/api/bookings/${second.Id}` })).statusCode).toBe(200);
    const canceled = await stats(range);
    expect(canceled.Totals).toMatchObject({ Bookings: before.Totals.Bookings, RevenueMinor: before.Totals.RevenueMinor, Cancellations: before.Totals.Cancellations + 1 });
  });

  it('counts a booking entered after its start as no lead time, never a negative one', async () => {
    const padel = seed.services.get('Padel 60 min')!;
    const range = 'From=2030-06-03&To=2030-06-07';
    const ahead = await book(server, { ServiceId: padel, CustomerId: seed.customerId, From: '2030-06-04T10:00:00' });
    const late = await book(server, { ServiceId: padel, CustomerId: seed.customerId, From: '2030-06-05T10:00:00' });
    // Registered afterwards: entered two days after it took place.
    await server.db.query(`update bookings set created = starts_at + interval '2 days' where id = $1`, [late.Id]);
    const row = await server.db.one<{ minutes: number }>(`select round(extract(epoch from starts_at - created) / 60)::int as minutes from bookings where id = $1`, [ahead.Id]);
    const figures = await stats(range);
    expect(figures.Totals.Bookings).toBe(2);
    expect(figures.Totals.AverageLeadMinutes).toBe(Math.round(row!.minutes / 2));
  });

  it('reckons occupancy from the schedules and closing exceptions availability uses', async () => {
    const court = seed.resources.get('Bana 3')!;
    const padel = seed.services.get('Padel 60 min')!;
    const day = 'From=2030-06-12&To=2030-06-12&GroupBy=resource';
    const open = (s: Statistics) => s.Groups.find((g) => g.Id === court)?.Figures;
    const before = await stats(day);
    // Wednesday: padel is open 07–21.
    expect(open(before)?.OpenMinutes).toBe(14 * 60);
    const exception = await server.api({ method: 'POST', url: '/api/timeexceptions', payload: { From: '2030-06-12T10:00:00', To: '2030-06-12T12:00:00', ResourceIds: [court], ReasonText: 'Service', BlockTime: true } });
    expect(exception.statusCode, exception.body).toBe(200);
    const type = seed.types.get('Padelbanor')!;
    await book(server, { ServiceId: padel, CustomerId: seed.customerId, From: '2030-06-12T14:00:00', Resources: [{ ResourceTypeId: type, ResourceId: court }] });
    const after = open(await stats(day))!;
    expect(after).toMatchObject({ OpenMinutes: 12 * 60, BookedMinutes: 60 });
    expect(after.Occupancy).toBeCloseTo(60 / 720, 6);
    // The exception's time is what availability no longer offers on that court.
    const times = (await server.api({ method: 'GET', url: `/api/services/${padel}/availabletimes?From=2030-06-12T09:00:00&To=2030-06-12T12:59:00&ShowPerResource=true` })).json() as {
      Times: { From: string; Resources: { ResourceId: number; FreeSpots: number }[] }[];
    };
    const courtFree = (from: string) => times.Times.find((t) => t.From === from)!.Resources.find((r) => r.ResourceId === court)!.FreeSpots;
    expect([courtFree('2030-06-12T10:00:00'), courtFree('2030-06-12T11:00:00')]).toEqual([0, 0]);
    expect(courtFree('2030-06-12T12:00:00')).toBe(1);
  });

  it('names the fields of a bad query, and asks for a plan that lists statistics', async () => {
    const bad = await server.api({ method: 'GET', url: '/api/statistics?From=2030-03-10&To=2030-03-01&CompareFrom=2030-01-01&GroupBy=week' });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad).sort()).toEqual(['CompareTo', 'From', 'GroupBy']);
    const long = await server.api({ method: 'GET', url: '/api/statistics?From=2020-01-01&To=2030-01-01' });
    expect(long.statusCode).toBe(400);
    expect(errorOf(long).Errors[0]).toMatchObject({ FieldName: 'To', ErrorCode: 'StatisticsRangeTooLong' });

    const other = await server.login(OTHER_EMAIL, OTHER_PASSWORD);
    const free = await server.api({ method: 'GET', url: '/api/statistics', token: other });
    expect([402, 426]).toContain(free.statusCode);
    const today = await server.api({ method: 'GET', url: '/api/statistics/today', token: other });
    expect(today.statusCode, today.body).toBe(200);
  });

  it('answers the dashboard its day by hour and each resource week ahead', async () => {
    const res = await server.api({ method: 'GET', url: '/api/statistics/today' });
    expect(res.statusCode, res.body).toBe(200);
    const today = res.json() as StatisticsToday;
    expect(today.WeekAhead.map((r) => r.Name)).toContain('Bana 1');
    expect(today.WeekAhead.find((r) => r.Name === 'Bana 1')!.OpenMinutes).toBeGreaterThan(0);
    expect(today.Date).toBe(today.Now.slice(0, 10));
  });
});
