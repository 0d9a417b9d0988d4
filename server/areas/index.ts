import type { FastifyInstance } from 'fastify';
import services from './services';
import prices from './prices';
import articles from './articles';
import customFields from './customFields';
import companyAndCustomers from './companyAndCustomers';
import rebateCodes from './rebatecodes';
import calculatePrice from './calculatePrice';
import scheduling from './scheduling/index';
import bookings from './bookings/index';

/** Registers every area of the API under /api. One plugin per area of the spec. */
export default async function areas(app: FastifyInstance): Promise<void> {
  await app.register(services);
  await app.register(prices);
  await app.register(articles);
  await app.register(customFields);
  await app.register(companyAndCustomers);
  await app.register(rebateCodes);
  await app.register(calculatePrice);
  await app.register(scheduling);
  await app.register(bookings);
}
