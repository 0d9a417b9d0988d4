/**
 * Payments (issue 32): the company's payment settings, Payson's and Billmate's API settings with a
 * credentials test, Stripe Connect (connect, return, account, disconnect), and the customer's payment
 * of a booking at Stripe, Payson or Billmate (one provider shape, provider.ts): checkout at the
 * provider, its verified notifications, refunds and expiry at the provider. With no provider
 * configured the embedded test modes (server/sandboxes/payments/) stand in for all three.
 */
import type { FastifyInstance } from 'fastify';
import { BOOKING_EVENTS } from '../../shared/bookingEvents';
import { RECORD_EVENTS } from '../../shared/recordEvents';
import { area } from '../../shared/area';
import apiSettings from './apiSettings';
import checkout from './checkout';
import connect from './connect';
import notifications from './notifications';
import { catalogue } from './messages';
import settings from './settings';

async function paymentsArea(app: FastifyInstance): Promise<void> {
  catalogue.register();
  await settings(app);
  await apiSettings(app);
  await connect(app);
  await checkout(app);
  await notifications(app);
}

export default area('payments', paymentsArea, [BOOKING_EVENTS, RECORD_EVENTS]);
