import type { FastifyInstance } from 'fastify';
import { registerBillingMessages } from './messages';
import information from './information';
import cards from './cards';
import invoices from './invoices';
import { previousMonth, runMonthlyBilling } from './invoicing';

export const MONTHLY_BILLING_QUEUE = 'billing-monthly';
/** When the monthly run is queued (a pg-boss schedule, UTC; the run itself is idempotent per company and month). */
const BILLING_CRON = '0 */6 * * *';

/**
 * The billing area: billing information, card registration with the payment provider, license
 * invoices and the monthly billing job (pg-boss queue `billing-monthly`, payload { Month }).
 * @example await app.register(billingArea); // inside the /api areas plugin
 */
export default async function billingArea(app: FastifyInstance): Promise<void> {
  registerBillingMessages();
  await app.register(information);
  await app.register(cards);
  await app.register(invoices);

  // Every six hours (a pg-boss schedule) the last month is billed; a month already billed is left as it is.
  app.jobs.every(
    MONTHLY_BILLING_QUEUE,
    BILLING_CRON,
    async (payload) => {
      await runMonthlyBilling(app.db, typeof payload.Month === 'string' ? payload.Month : previousMonth());
    },
    { maxAttempts: 8, retryDelaySeconds: 5 },
  );
}
