/**
 * `app.payments` (plugin 'payments', typed in server/shared/ports.ts, registered by areaPorts), for
 * bookings to ask when a new booking is made without a StatusId: whether it waits for the
 * customer's payment.
 * @example
 * const statusId = input.StatusId ?? (await app.payments.initialStatus(tx, ctx.companyId, input.ServiceId, input.PaymentOption)) ?? settings.default_status_id;
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { PaymentOption } from '../../../schema/bookings';
import type { Db } from '../../db/db';
import { STATUS } from '../../../domain/bookings';
import { PAYMENTS } from '../../shared/ports';

export async function initialStatus(db: Db, companyId: number, serviceId: number, option: PaymentOption | undefined): Promise<number | null> {
  if (option === 'BookWithoutPayment' || option === 'BookWithManualPayment') return null;
  const row = await db.one<{ asks: boolean; connected: boolean }>(
    `select coalesce(p.stripe_active and p.requirement <> 'None' and (not p.only_services_with_payment or s.is_payment_enabled), false) as asks,
            exists (select 1 from stripe_accounts a where a.company_id = $1) as connected
       from services s left join payment_settings p on p.company_id = s.company_id
      where s.id = $2 and s.company_id = $1`,
    [companyId, serviceId],
  );
  if (!row?.connected) return null;
  return option === 'BookWithPaymentMessageToCustomer' || row.asks ? STATUS.AwaitingPayment : null;
}

export default fp(
  async (app: FastifyInstance) => {
    app.decorate('payments', { initialStatus });
  },
  { name: PAYMENTS },
);
