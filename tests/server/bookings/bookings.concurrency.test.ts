import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RepeatBookingResponse } from '../../../schema/bookings';
import { createTestServer, type TestServer } from '../harness';
import { book, errorOf, seedIds, type Seed } from './helpers';

let server: TestServer;
let seed: Seed;
let token: string;

beforeAll(async () => {
  server = await createTestServer();
  seed = await seedIds(server);
  token = await server.login();
});
afterAll(async () => server?.close());

const N = 50;

async function holding(serviceId: number, from: string): Promise<number> {
  const row = await server.db.one<{ n: number }>(
    `select coalesce(sum(spots), 0)::int as n from bookings b join companies c on c.id = b.company_id
      where b.service_id = $1 and b.status_id not in (2, 4) and b.starts_at = ($2::timestamp at time zone c.time_zone)`,
    [serviceId, from],
  );
  return row!.n;
}

describe(`${N} concurrent bookings (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('for the last spot of a group: exactly one succeeds, the rest answer 409', async () => {
    const yoga = seed.services.get('Yoga drop-in')!;
    const adult = (await server.db.one<{ id: number }>("select id from service_prices where service_id = $1 and category = 'Vuxen'", [yoga]))!.id;
    const from = '2030-06-05T10:00:00';
    await book(server, { ServiceId: yoga, CustomerId: seed.customerId, From: from, Quantities: [{ PriceId: adult, Quantity: 19 }] }, token);
    const answers = await Promise.all(
      Array.from({ length: N }, () =>
        server.api({ method: 'POST', url: '/api/bookings', token, payload: { ServiceId: yoga, CustomerId: seed.customerId, From: from, Quantities: [{ PriceId: adult, Quantity: 1 }] } }),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(N - 1);
    expect(errorOf(answers.find((a) => a.statusCode === 409)!).Message).toContain('2030-06-05 10:00');
    expect(await holding(yoga, from)).toBe(20);
  });

  it('for the last spot of a group, at times that overlap across midnight UTC: exactly one succeeds', async () => {
    // Stockholm in summer is UTC+2: 01:30–02:30 spans UTC midnight, 02:00–03:00 lies in the next UTC
    // day; each pair still overlaps (02:00–02:30), so the locks of the shared day must meet.
    const yoga = seed.services.get('Yoga drop-in')!;
    const adult = (await server.db.one<{ id: number }>("select id from service_prices where service_id = $1 and category = 'Vuxen'", [yoga]))!.id;
    const early = '2030-06-12T01:30:00';
    const late = '2030-06-12T02:00:00';
    const outside = { AllowBookingOutsideSchedules: true };
    await book(server, { ServiceId: yoga, CustomerId: seed.customerId, From: early, Quantities: [{ PriceId: adult, Quantity: 19 }], ...outside }, token);
    const answers = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        server.api({ method: 'POST', url: '/api/bookings', token, payload: { ServiceId: yoga, CustomerId: seed.customerId, From: i % 2 ? late : early, Quantities: [{ PriceId: adult, Quantity: 1 }], ...outside } }),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200), answers.find((a) => a.statusCode !== 200 && a.statusCode !== 409)?.body).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(N - 1);
    expect((await holding(yoga, early)) + (await holding(yoga, late))).toBe(20);
  });

  it('bookings on other days of the same court do not wait for each other, and all succeed', async () => {
    const padel = seed.services.get('Padel 60 min')!;
    const court = { ResourceTypeId: seed.types.get('Padelbanor')!, ResourceId: seed.resources.get('Bana 1')! };
    const days = Array.from({ length: 20 }, (_, i) => `2030-07-${String(i + 1).padStart(2, '0')}T10:00:00`);
    const answers = await Promise.all(
      days.map((From) => server.api({ method: 'POST', url: '/api/bookings', token, payload: { ServiceId: padel, CustomerId: seed.customerId, From, Resources: [court], AllowBookingOutsideSchedules: true } })),
    );
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
  });

  it('a booking of several weeks and short ones inside it on the same court: the long one or the short ones, never both', async () => {
    const padel = seed.services.get('Padel 60 min')!;
    const court = { ResourceTypeId: seed.types.get('Padelbanor')!, ResourceId: seed.resources.get('Bana 1')! };
    const short = Array.from({ length: 10 }, (_, i) => ({ From: `2030-08-${String(i * 2 + 3).padStart(2, '0')}T10:00:00` }));
    const answers = await Promise.all([
      server.api({ method: 'POST', url: '/api/bookings', token, payload: { ServiceId: padel, CustomerId: seed.customerId, From: '2030-08-01T08:00:00', To: '2030-08-31T20:00:00', Resources: [court], AllowBookingOutsideSchedules: true } }),
      ...short.map((t) => server.api({ method: 'POST', url: '/api/bookings', token, payload: { ServiceId: padel, CustomerId: seed.customerId, ...t, Resources: [court], AllowBookingOutsideSchedules: true } })),
    ]);
    for (const a of answers) expect([200, 409], a.body).toContain(a.statusCode);
    const longOk = answers[0].statusCode === 200;
    const shortOk = answers.slice(1).filter((a) => a.statusCode === 200).length;
    expect(longOk ? shortOk : 10 - shortOk).toBe(0);
  });

  it('for the same court and time: exactly one succeeds, the rest answer 409', async () => {
    const padel = seed.services.get('Padel 60 min')!;
    const court = { ResourceTypeId: seed.types.get('Padelbanor')!, ResourceId: seed.resources.get('Bana 2')! };
    const answers = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        server.api({
          method: 'POST',
          url: '/api/bookings',
          token,
          // Half ask for 10:00, half for 10:30: every pair overlaps on the court.
          payload: { ServiceId: padel, CustomerId: seed.customerId, From: i % 2 ? '2030-06-05T10:30:00' : '2030-06-05T10:00:00', Resources: [court] },
        }),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(N - 1);
    const onCourt = await server.db.one<{ n: number }>(
      "select count(*)::int as n from booking_allocations where resource_id = $1 and blocks and during && tstzrange('2030-06-05T09:00:00+02', '2030-06-05T12:00:00+02')",
      [court.ResourceId],
    );
    expect(onCourt!.n).toBe(1);
  });

  it('without a court named: as many succeed as there are courts, each on its own court', async () => {
    const padel = seed.services.get('Padel 60 min')!;
    const answers = await Promise.all(
      Array.from({ length: N }, () =>
        server.api({ method: 'POST', url: '/api/bookings', token, payload: { ServiceId: padel, CustomerId: seed.customerId, From: '2030-06-06T10:00:00' } }),
      ),
    );
    const ok = answers.filter((a) => a.statusCode === 200);
    expect(ok).toHaveLength(3);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(N - 3);
    const courts = ok.map((a) => (a.json() as { Resources: { ResourceId: number }[] }).Resources[0].ResourceId);
    expect(new Set(courts).size).toBe(3);
  });

  it('two repeated series overlapping each other: each date goes to exactly one of them', async () => {
    const padel = seed.services.get('Padel 60 min')!;
    const court = { ResourceTypeId: seed.types.get('Padelbanor')!, ResourceId: seed.resources.get('Bana 3')! };
    const weeks = ['2030-09-02', '2030-09-09', '2030-09-16', '2030-09-23', '2030-09-30'];
    const series = (time: string) => ({
      ServiceId: padel,
      CustomerId: seed.customerId,
      From: `${weeks[0]}T${time}`,
      Resources: [court],
      DatesToRepeat: weeks.map((d) => ({ From: `${d}T${time}` })),
    });
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => server.api({ method: 'POST', url: '/api/bookings/repeat', token, payload: series(i % 2 ? '18:30:00' : '18:00:00') })),
    );
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    const bodies = answers.map((a) => a.json() as RepeatBookingResponse);
    const created = bodies.flatMap((b) => b.Created.map((c) => c.From.slice(0, 10)));
    expect(created.sort()).toEqual(weeks);
    expect(bodies.reduce((n, b) => n + b.Failed.length, 0)).toBe(10 * weeks.length - weeks.length);
  });
});
