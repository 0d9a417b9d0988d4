import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { AVAILABILITY } from '../../shared/ports';
import { loadAvailabilityData, loadServiceCalendar, loadServiceSpec } from './availabilityData';

/** `app.availability`: bookings check times with the same data availabletimes reads (server/shared/ports.ts). */
export default fp(
  async (app: FastifyInstance) => {
    app.decorate('availability', { loadServiceSpec, loadAvailabilityData, loadServiceCalendar });
  },
  { name: AVAILABILITY },
);
