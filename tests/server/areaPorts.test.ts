import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { area } from '../../server/shared/area';
import bookingEvents, { BOOKING_EVENTS, type BookingEvent } from '../../server/shared/bookingEvents';
import type { Db } from '../../server/db/db';

/** What areas offer each other are decorators with named plugins, checked when the server boots. */
describe('areas sharing through declared decorators', () => {
  it('refuses to boot an area whose provider is not registered, naming both', async () => {
    const app = Fastify();
    await expect(app.register(area('listener', async () => undefined, [BOOKING_EVENTS]))).rejects.toThrow(/booking-events.*area:listener/);
    await app.close();
  });

  it('boots when the provider comes first, and each app hears only its own booking events', async () => {
    const heard: Record<string, BookingEvent[]> = { one: [], two: [] };
    const build = async (name: 'one' | 'two') => {
      const app = Fastify();
      await app.register(bookingEvents);
      await app.register(area('listener', async (scope) => void scope.bookingEvents.on(async (_tx, event) => void heard[name].push(event)), [BOOKING_EVENTS]));
      await app.ready();
      return app;
    };
    const one = await build('one');
    const two = await build('two');
    await one.bookingEvents.emit({} as Db, { kind: 'created', companyId: 1, bookingId: 7 });
    expect(heard.one).toEqual([{ kind: 'created', companyId: 1, bookingId: 7 }]);
    expect(heard.two).toEqual([]);
    await one.close();
    await two.close();
  });
});
