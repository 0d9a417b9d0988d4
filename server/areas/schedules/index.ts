import type { FastifyInstance } from 'fastify';
import { registerSchedulesMessages } from './messages';
import resources from './resources';
import schedules from './schedules';
import timeExceptions from './timeExceptions';
import serviceLinks from './serviceLinks';
import availability from './availability';

/**
 * Scheduling (issue 3): resource types and resources, what services need and follow, recurring
 * and date schedules, time exceptions, and free times from the availability engine.
 * @example await app.register(scheduling); // inside the /api areas plugin
 */
export default async function scheduling(app: FastifyInstance): Promise<void> {
  registerSchedulesMessages();
  await app.register(resources);
  await app.register(schedules);
  await app.register(timeExceptions);
  await app.register(serviceLinks);
  await app.register(availability);
}
