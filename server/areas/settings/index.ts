import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../autoquery/index';
import { bookingPrintouts } from './printouts';

/** The settings area (sidebar group "settings"): booking printouts; booking, system and payment settings later. */
export default async function settingsArea(app: FastifyInstance): Promise<void> {
  registerResource(app, bookingPrintouts);
}
