import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../autoquery/index';
import { bookingPrintouts } from './printouts';
import { registerPrintoutTest } from './printoutTest';

/** The settings area (sidebar group "settings"): booking printouts (list, fields, test as PDF); booking, system and payment settings later. */
export default async function settingsArea(app: FastifyInstance): Promise<void> {
  registerPrintoutTest(app);
  registerResource(app, bookingPrintouts);
}
