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
import signup from './signup/index';
import bookingReceipts from './bookings/receipt';
import messages from './messages/index';

/**
 * Registers every area of the API under /api: one folder and one plugin per area of the spec.
 * The messages of server/shared that areas use are loaded here; each area loads its own.
 */
export default async function areas(app: FastifyInstance): Promise<void> {
  registerFieldErrorMessages();
  registerCustomFieldMessages();
  await app.register(services);
  await app.register(company);
  await app.register(customers);
  await app.register(schedules);
  await app.register(bookings);
  await app.register(settings);
  await app.register(bookingReceipts);
  await app.register(codelock);
  await app.register(signup);
  await app.register(messages);
}
