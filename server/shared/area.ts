import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';

/**
 * An area's plugin that uses what other plugins declare (`app.bookingEvents`, `app.pricing`,
 * `app.availability`, …): it stays encapsulated (its routes, hooks and decorators are its own) and
 * names those plugins, so the server refuses to boot when one is not registered before it
 * (fastify-plugin's `dependencies`) instead of failing on the first request that needs it.
 * @example
 * export default area('bookings', bookingsArea, [BOOKING_EVENTS, AVAILABILITY, PRICING]);
 */
export function area(name: string, plugin: (app: FastifyInstance) => Promise<void>, dependencies: readonly string[]): (app: FastifyInstance) => Promise<void> {
  return fp(plugin, { name: `area:${name}`, encapsulate: true, dependencies: [...dependencies] });
}
