import type { FastifyInstance } from 'fastify';
import reference from '../../shared/reference';
import company from './company';
import licenses from './licenses';
import administrators from './administrators';
import customers from '../customers/customers';
import customerComments from '../customers/comments';
import gdpr from '../customers/gdpr';
import images from './images';
import clientErrors from './clientErrors';
import encryption from './encryption';

/** The customers and company areas: customers, comments, GDPR, company, billing, licenses, administrators, images, errors. */
export default async function companyAndCustomers(app: FastifyInstance): Promise<void> {
  await app.register(reference);
  await app.register(company);
  await app.register(licenses);
  await app.register(administrators);
  await app.register(customers);
  await app.register(customerComments);
  await app.register(gdpr);
  await app.register(images);
  await app.register(clientErrors);
  await app.register(encryption);
}
