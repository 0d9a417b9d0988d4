import type { FastifyInstance } from 'fastify';
import reference from './referenceRoutes';
import company from './company';
import administrators from './administrators';
import images from './images';
import clientErrors from './clientErrors';
import encryption from './encryption';

/**
 * The company area (the company page under settings): the company,
 * administrators, images, the fixed reference lists, the admin's error reports and encryption.
 * @example await app.register(companyArea); // inside the /api areas plugin
 */
export default async function companyArea(app: FastifyInstance): Promise<void> {
  await app.register(reference);
  await app.register(company);
  await app.register(administrators);
  await app.register(images);
  await app.register(clientErrors);
  await app.register(encryption);
}
