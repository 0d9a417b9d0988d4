/**
 * Newsletters (issue 14): templates, sending to chosen customers or every subscriber at a time
 * (now + 1 minute unless SendDate says), the log with resend, cancelling until sent, test sends and
 * the unsubscribe link every newsletter carries. The job queue sends a newsletter in batches
 * (delivery.ts), writing its progress (GET /newsletter/sends) after each.
 */
import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../autoquery/index';
import { registerNewsletterDelivery } from './delivery';
import { newsletterLog, newsletterSends } from './log';
import { registerNewsletterMessages } from './messages';
import { newsletterCustomers, registerReferenceRoutes } from './references';
import { registerSendRoutes } from './send';
import { newsletterTemplates } from './templates';
import { unsubscribeRoutes } from './unsubscribe';

export default async function newslettersArea(app: FastifyInstance): Promise<void> {
  registerNewsletterMessages();
  registerResource(app, newsletterTemplates);
  registerResource(app, newsletterLog);
  registerResource(app, newsletterSends);
  registerResource(app, newsletterCustomers);
  registerReferenceRoutes(app);
  registerSendRoutes(app);
  await app.register(unsubscribeRoutes);
  registerNewsletterDelivery(app);
}
