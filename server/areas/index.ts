import type { FastifyInstance } from 'fastify';
import { registerFieldErrorMessages } from '../shared/fieldErrors';
import { registerCustomFieldMessages } from '../shared/customFieldValues';
import services from './services/index';
import company from './company/index';
import customers from './customers/index';
import schedules from './schedules/index';
import bookings from './bookings/index';
import settings from './settings/index';
import codelock from './codelock/index';
import scheduler from './scheduler/index';
import licenses from './licenses/index';
import billing from './billing/index';
import { registerPlanLimitMessages } from '../shared/planLimitMessages';
import signup from './signup/index';
import bookingReceipts from './bookings/receipt';
import newsletters from './newsletters/index';
import messages from './messages/index';
import savedfilters from './savedfilters/index';
import history from './history/index';
import webhooks from './webhooks/index';
import payments from './payments/index';
import sync from './sync/index';
import mailchimp from './mailchimp/index';
import support from './support/index';
import eaccounting from './eaccounting/index';
import statistics from './statistics/index';
import reviews from './reviews/index';
import fp from 'fastify-plugin';
import bookingEvents from '../shared/bookingEvents';
import recordEvents from '../shared/recordEvents';
import availabilityPort from './schedules/port';
import pricingPort from './services/port';
import paymentsPort from './payments/port';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The area (server/areas/<area>/) whose plugin registered the route; set by `areas` below. */
    area?: string;
  }
}

/**
 * Every area of the API, in registration order: the name is its folder under server/areas/ and its
 * row in docs/architecture.md's area map (tests/server/areaMap.test.ts keeps the two equal).
 * A folder may give more than one plugin (bookings' receipts are public pages beside its routes).
 */
export const AREAS: readonly (readonly [area: string, plugin: (app: FastifyInstance) => Promise<void>])[] = [
  ['services', services],
  ['company', company],
  ['customers', customers],
  ['schedules', schedules],
  ['bookings', bookings],
  ['settings', settings],
  ['bookings', bookingReceipts],
  ['codelock', codelock],
  ['scheduler', scheduler],
  ['newsletters', newsletters],
  ['licenses', licenses],
  ['billing', billing],
  ['signup', signup],
  ['messages', messages],
  ['savedfilters', savedfilters],
  ['history', history],
  ['webhooks', webhooks],
  ['payments', payments],
  ['sync', sync],
  ['mailchimp', mailchimp],
  ['support', support],
  ['eaccounting', eaccounting],
  ['statistics', statistics],
  ['reviews', reviews],
];

/**
 * Registers every area of the API under /api: one folder and one plugin per area of the spec. Each
 * route is tagged with its area (`config.area`), so the area map and the logs can say where it lives.
 * The messages of server/shared that areas use are loaded here; each area loads its own.
 */
export default async function areas(app: FastifyInstance): Promise<void> {
  registerFieldErrorMessages();
  registerCustomFieldMessages();
  registerPlanLimitMessages();
  for (const [area, plugin] of AREAS) {
    await app.register(async (scope) => {
      scope.addHook('onRoute', (route) => {
        route.config = { ...route.config, area };
      });
      await scope.register(plugin);
    });
  }
}

/**
 * What areas offer each other (server/shared/ports.ts): the decorators `bookingEvents`, `recordEvents`,
 * `availability`, `pricing` and `payments`, declared on the app itself (before `areas`, which names them in
 * its areas' dependencies), so jobs and tests reach them as the areas do.
 */
export const areaPorts = fp(
  async (app: FastifyInstance) => {
    await app.register(bookingEvents);
    await app.register(recordEvents);
    await app.register(availabilityPort);
    await app.register(pricingPort);
    await app.register(paymentsPort);
  },
  { name: 'area-ports' },
);
