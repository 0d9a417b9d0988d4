/**
 * Accounting (issue 35): the company's Visma eAccounting. Authenticating (OAuth2 code flow in a popup,
 * connection.ts), the settings and the provider's lists (settings.ts), each price's article
 * (mappings.ts), and invoicing bookings through the outbox (invoicing.ts), all through one client
 * (client.ts) whose addresses are configuration; the embedded sandbox (server/sandboxes/eaccounting/)
 * stands in by default. The accounting area of the permission matrix (Administrator, Accountant).
 */
import type { FastifyInstance } from 'fastify';
import { area } from '../../shared/area';
import connection from './connection';
import invoicing from './invoicing';
import mappings from './mappings';
import { catalogue } from './messages';
import settings from './settings';

async function eaccountingArea(app: FastifyInstance): Promise<void> {
  catalogue.register();
  await connection(app);
  await settings(app);
  await mappings(app);
  await invoicing(app);
}

export default area('eaccounting', eaccountingArea, []);
