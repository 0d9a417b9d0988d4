/**
 * The embedded stand-ins for outside providers, one folder each, every one speaking its provider's wire
 * protocol and keeping its state in the database, so that the whole product runs on one machine:
 * - cardRegistration: the card provider of licenses and billing (/payment-sandbox);
 * - payments: Stripe, Payson and Billmate test modes for the companies' own payments (issue 32);
 * - mailchimp: the Marketing API v3 part the mailing list uses (issue 33);
 * - google: OAuth and Calendar API v3 for calendar sync (issue 33);
 * - locks: the ten door-lock systems' grant APIs (issue 34), each system's address unless its settings name another.
 * - eaccounting: Visma eAccounting's OAuth2 and API v2 for accounting (issue 35).
 * Each is mounted only while the configuration names no real provider for it.
 */
import type { FastifyInstance } from 'fastify';
import cardRegistration from './cardRegistration/index';
import payments from './payments/index';
import mailchimp from './mailchimp/index';
import google from './google/index';
import eaccounting from './eaccounting/index';
import locks from './locks/index';

export default async function sandboxes(app: FastifyInstance): Promise<void> {
  await app.register(cardRegistration);
  await app.register(payments);
  if (!process.env.MAILCHIMP_API_URL) await app.register(mailchimp);
  if (!process.env.GOOGLE_API_URL) await app.register(google);
  if (!process.env.EACCOUNTING_API_URL) await app.register(eaccounting);
  await app.register(locks);
}
