/**
 * Messages (issue 14, spec areas.md "Messages"): templates per type, send method and language
 * (optionally per service), the booking messages sent through the outbox when a booking changes,
 * reminders before the booking, the message log with resend and the dashboard, and the outbox page
 * that shows every caught e-mail and SMS.
 */
import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../autoquery/index';
import { BOOKING_EVENTS } from '../../shared/bookingEvents';
import { PAYMENTS } from '../../shared/ports';
import { area } from '../../shared/area';
import { ensureDefaultTemplates } from './defaults';
import { registerLogRoutes } from './log';
import { registerMessagingMessages } from './messages';
import { registerOutboxRoutes } from './outboxPage';
import { registerSettingsRoutes } from './settings';
import { bookingEventHandler, deliverMessage, deliverPaymentRequest, MESSAGE_KIND, PAYMENT_REQUEST_KIND } from './sending';
import { registerTemplateRoutes } from './templateRoutes';
import { messageTemplates } from './templates';

export { MESSAGE_KIND, PAYMENT_REQUEST_KIND } from './sending';

async function messagesArea(app: FastifyInstance): Promise<void> {
  registerMessagingMessages();
  app.outbox.handle(MESSAGE_KIND, (payload, entry) => deliverMessage(app, payload, entry));
  app.outbox.handle(PAYMENT_REQUEST_KIND, (payload, entry) => deliverPaymentRequest(app, payload, entry));
  app.bookingEvents.on(bookingEventHandler(app));

  // Every company has the default templates from its first use of messages on.
  const withDefaults = new Set<number>();
  app.addHook('preHandler', async (request) => {
    const companyId = request.ctx?.companyId;
    if (!companyId || withDefaults.has(companyId)) return;
    await ensureDefaultTemplates(app.db, companyId);
    withDefaults.add(companyId);
  });

  registerTemplateRoutes(app);
  registerResource(app, messageTemplates);
  registerLogRoutes(app);
  registerOutboxRoutes(app);
  registerSettingsRoutes(app);
}

export default area('messages', messagesArea, [BOOKING_EVENTS, PAYMENTS]);
