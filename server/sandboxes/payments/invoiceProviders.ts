/**
 * Payson's and Billmate's test environments, served by our own server so that the payments area
 * takes payments, refunds and closes checkouts through their documented REST shapes with no account
 * anywhere (payson.ts under /payson-sandbox, billmate.ts under /billmate-sandbox). Valid test
 * credentials are SANDBOX_CREDENTIALS (server/shared/paymentProviders.ts).
 */
import type { FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import { SANDBOX_PATHS } from '../../shared/paymentProviders';
import billmateSandbox from './billmate';
import paysonSandbox from './payson';

export default async function invoiceProviderSandboxes(app: FastifyInstance): Promise<void> {
  for (const [prefix, sandbox] of [
    [SANDBOX_PATHS.payson, paysonSandbox],
    [SANDBOX_PATHS.billmate, billmateSandbox],
  ] as const) {
    await app.register(
      async (scope) => {
        await scope.register(formbody);
        await sandbox(app, scope);
      },
      { prefix },
    );
  }
}
