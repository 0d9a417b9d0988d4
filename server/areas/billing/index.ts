import type { FastifyInstance } from 'fastify';
import { registerBillingMessages } from './messages';
import information from './information';
import cards from './cards';
import invoices from './invoices';
import { previousMonth, runMonthlyBilling } from './invoicing';

export const MONTHLY_BILLING_QUEUE = 'billing-monthly';
/** How often the process asks for the monthly run (the run itself is idempotent per company and month). */
const BILLING_TICK_MS = 6 * 3600_000;

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

  app.jobs.work(MONTHLY_BILLING_QUEUE, async (payload) => {
    await runMonthlyBilling(app.db, typeof payload.Month === 'string' ? payload.Month : previousMonth());
  });
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      app.jobs.send(app.db, MONTHLY_BILLING_QUEUE, { Month: previousMonth() }).catch((err: unknown) => app.log.warn({ err }, 'could not queue the monthly billing'));
    }, BILLING_TICK_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
