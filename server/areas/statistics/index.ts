/**
 * Statistics (issue 37): GET /statistics over the rollups the bookings' triggers keep exact
 * (migration 137), occupancy from the schedules availability reads, and GET /statistics/today for
 * the dashboard.
 */
import type { FastifyInstance } from 'fastify';
import { area } from '../../shared/area';
import { AVAILABILITY } from '../../shared/ports';
import { catalogue } from './messages';
import statistics from './statistics';

async function statisticsArea(app: FastifyInstance): Promise<void> {
  catalogue.register();
  await statistics(app);
}

export default area('statistics', statisticsArea, [AVAILABILITY]);
