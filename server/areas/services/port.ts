import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { PRICING } from '../../shared/ports';
import { calculateServicePrice } from './calculatePrice';
import { consumeCodes } from './rebateCodeTransactions';

/**
 * `app.pricing`: bookings are priced by calculateprice's rules and take and give back a code's use
 * through the same guarded transactions (server/shared/ports.ts).
 */
export default fp(
  async (app: FastifyInstance) => {
    app.decorate('pricing', { calculateServicePrice, consumeCodes });
  },
  { name: PRICING },
);
