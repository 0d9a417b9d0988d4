import type { FastifyInstance } from 'fastify';
import customers from './customers';
import comments from './comments';
import gdpr from './gdpr';

/**
 * The customers area (sidebar group "customers"): customers, their comments, and GDPR export and
 * removal of inactive customers.
 * @example await app.register(customersArea); // inside the /api areas plugin
 */
export default async function customersArea(app: FastifyInstance): Promise<void> {
  await app.register(customers);
  await app.register(comments);
  await app.register(gdpr);
}
