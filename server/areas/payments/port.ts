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
import { linkOf } from './checkout';

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

/** Statuses in which a customer is asked to pay. */
const AWAITING: readonly number[] = [STATUS.AwaitingPayment, STATUS.AwaitingPaymentNoTimeLimit, STATUS.AwaitingPaymentFromProvider];

export default fp(
  async (app: FastifyInstance) => {
    const payLink = async (db: Db, companyId: number, bookingId: number): Promise<string | null> => {
      const row = await db.one<{ status_id: number; left: number; connected: boolean }>(
        `select b.status_id, (b.total_price_minor - b.paid_minor)::float8 as left,
                exists (select 1 from stripe_accounts a join payment_settings p on p.company_id = a.company_id and p.stripe_active where a.company_id = b.company_id) as connected
           from bookings b where b.id = $2 and b.company_id = $1`,
        [companyId, bookingId],
      );
      if (!row?.connected || row.left <= 0 || !AWAITING.includes(row.status_id)) return null;
      return `${app.config.publicUrl}/api/payment/pay/${await linkOf(db, companyId, bookingId)}`;
    };
    app.decorate('payments', { initialStatus, payLink });
  },
  { name: PAYMENTS },
);
