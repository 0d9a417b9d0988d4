/**
 * The scheduler (issue 13): the live feed every open scheduler listens to. A booking change is
 * announced with pg_notify inside its transaction (server/shared/liveFeed.ts), so only committed
 * changes go out, from whichever server process made them, and each stream hears its own company only.
 * GET /scheduler/events is a server-sent event stream: `ready` once listening, `booking` with
 * {BookingId, Kind} per change, `queue` with {QueueId, Kind} (added, removed, booked) per change of
 * the booking queue, `resync` when changes may have been missed (reload the range).
 */
import type { FastifyInstance } from 'fastify';
import type { ServerResponse } from 'node:http';
import { BOOKING_EVENTS } from '../../shared/bookingEvents';
import { area } from '../../shared/area';
import { announceBookingEvent, openLiveFeed, type LiveBookingEvent, type LiveQueueEvent } from '../../shared/liveFeed';

/** A comment line this often keeps proxies from closing a quiet stream. */
const KEEP_ALIVE_MS = 25_000;

function frame(event: LiveBookingEvent | LiveQueueEvent | 'resync' | 'ready'): string {
  if (event === 'resync' || event === 'ready') return `event: ${event}\ndata: {}\n\n`;
  return `event: ${'QueueId' in event ? 'queue' : 'booking'}\ndata: ${JSON.stringify(event)}\n\n`;
}

async function schedulerArea(app: FastifyInstance): Promise<void> {
  const feed = await openLiveFeed(app.db);
  const streams = new Set<ServerResponse>();
  app.bookingEvents.on(announceBookingEvent);
  app.addHook('preClose', async () => {
    for (const raw of streams) raw.end();
  });
  app.addHook('onClose', async () => {
    await feed.close();
  });

  app.get('/scheduler/events', async (request, reply) => {
    const raw = reply.raw;
    reply.hijack();
    raw.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store, no-transform', 'x-accel-buffering': 'no' });
    raw.flushHeaders();
    streams.add(raw);
    const stop = feed.subscribe(request.ctx.companyId, (event) => raw.write(frame(event)));
    const beat = setInterval(() => raw.write(': keep-alive\n\n'), KEEP_ALIVE_MS);
    raw.on('close', () => {
      clearInterval(beat);
      stop();
      streams.delete(raw);
    });
    raw.write(`retry: 2000\n${frame('ready')}`);
  });
}

export default area('scheduler', schedulerArea, [BOOKING_EVENTS]);
