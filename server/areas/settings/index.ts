import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../autoquery/index';
import { bookingPrintouts } from './printouts';
import { registerPrintoutTest } from './printoutTest';
import bookingSettings from './bookingSettings';
import systemSettings from './systemSettings';

/** The settings area (sidebar group "settings"): booking printouts (list, fields, test as PDF); the booking settings on the spec's GET, PUT /settings; system settings (GET, PUT /settings/system). */
export default async function settingsArea(app: FastifyInstance): Promise<void> {
  registerPrintoutTest(app);
  registerResource(app, bookingPrintouts);
  await bookingSettings(app);
  await systemSettings(app);
}
