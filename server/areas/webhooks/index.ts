/**
 * Webhooks (issue 31): a company's settings, its endpoints with their event types and signing
 * secrets, and the event types there are. Administrator-only (a new area of the permission matrix);
 * changes need the plan's `webhooks` area (402/426 otherwise), reads do not, so a company that lost
 * the feature still sees what it had.
 */
import type { FastifyInstance } from 'fastify';
import { extendMessages } from '../../shared/messages';
import endpoints from './endpoints';
import { registerDelivery } from './delivery';
import eventTypes from './eventTypes';
import log from './log';
import { messages } from './messages';
import settings from './settings';
import { BOOKING_EVENTS } from '../../shared/bookingEvents';
import { RECORD_EVENTS } from '../../shared/recordEvents';
import { area } from '../../shared/area';

async function webhooksArea(app: FastifyInstance): Promise<void> {
  extendMessages(messages);
  await settings(app);
  await endpoints(app);
  await eventTypes(app);
  await log(app);
  await registerDelivery(app);
}

export default area('webhooks', webhooksArea, [BOOKING_EVENTS, RECORD_EVENTS]);
