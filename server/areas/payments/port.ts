/**
 * `app.payments` (plugin 'payments'), for bookings to ask when a new booking is made without a
 * StatusId: whether it waits for the customer's payment. Not registered yet: the lead adds it to
 * areaPorts in server/areas/index.ts, its row and type to server/shared/ports.ts, and the call in
 * bookings' createOne (`input.StatusId ?? (await app.payments.initialStatus(tx, …)) ?? settings.default_status_id`).
 * @example
 * const statusId = input.StatusId ?? (await app.payments.initialStatus(tx, ctx.companyId, input.ServiceId, input.PaymentOption)) ?? settings.default_status_id;
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { PaymentOption } from '../../../schema/bookings';
import type { Db } from '../../db/db';
import { STATUS } from '../../../domain/bookings';

export const PAYMENTS = 'payments';

export interface PaymentsPort {
  /**
   * AwaitingPayment (5) when the customer is to pay at booking: the option sends a payment link, or
   * it follows the settings and they ask for payment (the whole price or a deposit) through a connected
   * provider for this service; null otherwise (the booking settings' default status applies).
   */
  initialStatus(db: Db, companyId: number, serviceId: number, option: PaymentOption | undefined): Promise<number | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentsPort;
  }
}

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
