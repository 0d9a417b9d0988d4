import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { openDb, type Db } from '../../server/db/db';
import { createTestServer, OTHER_EMAIL, OTHER_PASSWORD, type TestServer } from './harness';
import { withDatabase } from './template';
import { book, seedIds, type Seed } from './bookings/helpers';

interface Heard {
  event: string;
  data: Record<string, unknown>;
}

/** A scheduler's live stream as a browser reads it: fetch with the bearer token, events parsed as they come. */
class Stream {
  private readonly heard: Heard[] = [];
  private waiters: (() => void)[] = [];
  private readonly abort = new AbortController();

  static async open(base: string, token: string): Promise<Stream> {
    const stream = new Stream();
    const res = await fetch(`${base}/api/scheduler/events`, { headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' }, signal: stream.abort.signal });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    void stream.read(res.body!);
    expect((await stream.next()).event).toBe('ready');
    return stream;
  }

  private async read(body: ReadableStream<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    let buffer = '';
    const reader = body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event && data) this.heard.push({ event, data: JSON.parse(data) as Record<string, unknown> });
          this.waiters.splice(0).forEach((w) => w());
        }
      }
    } catch {
      // aborted
    }
  }

  /** The next event; fails when none comes within the time. */
  async next(ms = 5000): Promise<Heard> {
    const deadline = Date.now() + ms;
    while (this.heard.length === 0) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error('no event');
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return this.heard.shift()!;
  }

  close(): void {
    this.abort.abort();
  }
}

let server: TestServer;
let base: string;
let seed: Seed;
let otherCompanyId: number;
let padel: number;

beforeAll(async () => {
  server = await createTestServer();
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  const address = server.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  seed = await seedIds(server);
  padel = seed.services.get('Padel 60 min')!;
  otherCompanyId = (await server.db.one<{ company_id: number }>('select company_id from users where email = $1', [OTHER_EMAIL]))!.company_id;
});
afterAll(async () => server?.close());

describe('the scheduler live feed', () => {
  it('answers 401 without a token', async () => {
    const res = await fetch(`${base}/api/scheduler/events`);
    expect(res.status).toBe(401);
  });

  it('tells a subscriber of a booking after it commits, and of its move', async () => {
    const stream = await Stream.open(base, await server.login());
    try {
      const created = await book(server, { ServiceId: padel, CustomerId: seed.customerId, From: '2030-04-02T08:00:00' });
      expect(await stream.next()).toEqual({ event: 'booking', data: { BookingId: created.Id, Kind: 'created' } });
      const moved = await server.api({ method: 'PUT', url: `/api/bookings/${created.Id}`, payload: { From: '2030-04-02T10:00:00', To: '2030-04-02T11:00:00' } });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(await stream.next()).toEqual({ event: 'booking', data: { BookingId: created.Id, Kind: 'changed' } });
    } finally {
      stream.close();
    }
  });

  it('says nothing of a change that is rolled back', async () => {
    const stream = await Stream.open(base, await server.login());
    try {
      await expect(
        server.db.tx(async (tx) => {
          await server.app.bookingEvents.emit(tx, { kind: 'created', companyId: seed.companyId, bookingId: 424242 });
          throw new Error('the booking fails after announcing');
        }),
      ).rejects.toThrow('the booking fails');
      const created = await book(server, { ServiceId: padel, CustomerId: seed.customerId, From: '2030-04-03T08:00:00' });
      // The first thing heard is the committed booking: the rolled-back one never went out.
      expect(await stream.next()).toEqual({ event: 'booking', data: { BookingId: created.Id, Kind: 'created' } });
    } finally {
      stream.close();
    }
  });

  it("never tells one company of another company's bookings", async () => {
    const theirs = await Stream.open(base, await server.login(OTHER_EMAIL, OTHER_PASSWORD));
    const ours = await Stream.open(base, await server.login());
    try {
      const created = await book(server, { ServiceId: padel, CustomerId: seed.customerId, From: '2030-04-04T08:00:00' });
      expect((await ours.next()).data).toEqual({ BookingId: created.Id, Kind: 'created' });
      await server.db.tx((tx) => server.app.bookingEvents.emit(tx, { kind: 'canceled', companyId: otherCompanyId, bookingId: 7 }));
      // The other company hears its own change first: ours never reached it.
      expect(await theirs.next()).toEqual({ event: 'booking', data: { BookingId: 7, Kind: 'canceled' } });
    } finally {
      theirs.close();
      ours.close();
    }
  });
});

describe('the booking queue on the live feed', () => {
  it('tells of a customer joining the queue, being booked from it and leaving it, after each commits', async () => {
    await server.db.query('update services set enable_booking_queue = true where id = $1', [padel]);
    const stream = await Stream.open(base, await server.login());
    try {
      const join = () => server.api({ method: 'POST', url: '/api/bookinguserqueue', payload: { ServiceId: padel, CustomerId: seed.customerId, From: '2030-04-08T10:00:00' } });
      const first = await join();
      expect(first.statusCode, first.body).toBe(200);
      const firstId = (first.json() as { Id: number }).Id;
      expect(await stream.next()).toEqual({ event: 'queue', data: { QueueId: firstId, Kind: 'added' } });

      const booked = await server.api({ method: 'POST', url: `/api/bookinguserqueue/${firstId}/book`, payload: {} });
      expect(booked.statusCode, booked.body).toBe(200);
      const heard = [await stream.next(), await stream.next()];
      expect(heard).toContainEqual({ event: 'queue', data: { QueueId: firstId, Kind: 'booked' } });
      expect(heard).toContainEqual({ event: 'booking', data: { BookingId: (booked.json() as { Id: number }).Id, Kind: 'created' } });

      const second = await join();
      const secondId = (second.json() as { Id: number }).Id;
      expect(await stream.next()).toEqual({ event: 'queue', data: { QueueId: secondId, Kind: 'added' } });
      const left = await server.api({ method: 'DELETE', url: `/api/bookinguserqueue/${secondId}` });
      expect(left.statusCode, left.body).toBe(200);
      expect(await stream.next()).toEqual({ event: 'queue', data: { QueueId: secondId, Kind: 'removed' } });
    } finally {
      stream.close();
    }
  });
});

describe("the scheduler's move to another resource", () => {
  it('books outside the schedules in the one move call, and a refused move leaves the booking as it was', async () => {
    const [bana1, bana2] = [seed.resources.get('Bana 1')!, seed.resources.get('Bana 2')!];
    const created = await book(server, {
      ServiceId: padel,
      CustomerId: seed.customerId,
      From: '2030-04-13T10:00:00',
      Resources: [{ ResourceTypeId: seed.types.get('Padelbanor')!, ResourceId: bana1 }],
    });
    const move = (extra: Record<string, unknown>) =>
      server.api({ method: 'PUT', url: '/api/bookings/resources/move', payload: { BookingId: created.Id, FromResourceId: bana1, ToResourceId: bana2, From: '2030-04-13T18:00:00', To: '2030-04-13T19:00:00', ...extra } });
    // 18:00 on a Saturday is after the weekend schedule's closing (17:00): refused, and nothing changed.
    const refused = await move({});
    expect(refused.statusCode, refused.body).toBe(400);
    const kept = await server.db.query<{ resource_id: number }>('select resource_id from booking_resources where booking_id = $1', [created.Id]);
    expect(kept.map((r) => r.resource_id)).toEqual([bana1]);
    const allowed = await move({ AllowBookingOutsideSchedules: true });
    expect(allowed.statusCode, allowed.body).toBe(200);
    const moved = allowed.json() as { From: string; Resources: { ResourceId: number }[] };
    expect([moved.From, moved.Resources.map((r) => r.ResourceId)]).toEqual(['2030-04-13T18:00:00', [bana2]]);
  });
});

describe.runIf(process.env.DATABASE_URL)('several server processes on one PostgreSQL database', () => {
  let second: FastifyInstance;
  let secondDb: Db;
  let secondBase: string;

  beforeAll(async () => {
    const name = (await server.db.one<{ name: string }>('select current_database() as name'))!.name;
    secondDb = await openDb({ databaseUrl: withDatabase(process.env.DATABASE_URL!, name) });
    second = await buildApp({ db: secondDb, config: server.config });
    await second.listen({ host: '127.0.0.1', port: 0 });
    const address = second.server.address();
    secondBase = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => {
    await second?.close();
    await secondDb?.close();
  });

  it('a booking made through one process reaches the streams of both', async () => {
    const token = await server.login();
    const here = await Stream.open(base, token);
    const there = await Stream.open(secondBase, token);
    try {
      const created = await book(server, { ServiceId: padel, CustomerId: seed.customerId, From: '2030-04-05T08:00:00' });
      const expected = { event: 'booking', data: { BookingId: created.Id, Kind: 'created' } };
      expect(await here.next()).toEqual(expected);
      expect(await there.next()).toEqual(expected);
    } finally {
      here.close();
      there.close();
    }
  });
});
