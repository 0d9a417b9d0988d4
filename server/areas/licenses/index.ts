import type { FastifyInstance } from 'fastify';
import { registerLicenseMessages } from './messages';
import licenses from './licenses';
import information from './information';
import trials from './trials';
import incentives from './incentives';

/**
 * The licenses area: plans and extra licenses, the plan comparison's rows, trials, incentives and
 * closing the account. The plans' limits are enforced by server/shared/planLimits.ts.
 * @example await app.register(licensesArea); // inside the /api areas plugin
 */
export default async function licensesArea(app: FastifyInstance): Promise<void> {
  registerLicenseMessages();
  await app.register(licenses);
  await app.register(information);
  await app.register(trials);
  await app.register(incentives);
}
