import type { FastifyInstance } from 'fastify';
import services from './services/services';
import prices from './services/prices';
import articles from './services/articles';
import customFields from './services/customFields';
import companyAndCustomers from './company/index';
import rebateCodes from './services/rebateCodes';
import calculatePrice from './services/calculatePrice';
import scheduling from './schedules/index';

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
}
