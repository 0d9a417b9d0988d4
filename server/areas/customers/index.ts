import type { FastifyInstance } from 'fastify';
import customers from './customers';
import comments from './comments';
import gdpr from './gdpr';
import { area } from '../../shared/area';
import { RECORD_EVENTS } from '../../shared/recordEvents';

/**
 * The customers area (sidebar group "customers"): customers, their comments, and GDPR export and
 * removal of inactive customers.
 * @example await app.register(customersArea); // inside the /api areas plugin
 */
async function customersArea(app: FastifyInstance): Promise<void> {
  await app.register(customers);
  await app.register(comments);
  await app.register(gdpr);
}

export default area('customers', customersArea, [RECORD_EVENTS]);
