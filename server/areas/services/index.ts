import type { FastifyInstance } from 'fastify';
import { registerServicesMessages } from './messages';
import { registerRebateCodeMessages } from './rebateCodeMessages';
import services from './services';
import prices from './prices';
import articles from './articles';
import customFields from './customFields';
import rebateCodes from './rebateCodes';
import calculatePrice from './calculatePrice';

/**
 * The services area (sidebar group "services"): services, their prices, articles, custom fields,
 * promo codes and value cards, and the price calculation.
 * @example await app.register(servicesArea); // inside the /api areas plugin
 */
export default async function servicesArea(app: FastifyInstance): Promise<void> {
  registerServicesMessages();
  registerRebateCodeMessages();
  await app.register(services);
  await app.register(prices);
  await app.register(articles);
  await app.register(customFields);
  await app.register(rebateCodes);
  await app.register(calculatePrice);
}
