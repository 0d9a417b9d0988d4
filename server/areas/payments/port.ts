/**
 * `app.payments` (plugin 'payments', typed in server/shared/ports.ts, registered by areaPorts), for
 * bookings to ask when a new booking is made without a StatusId: whether it waits for the
 * customer's payment; and for messages, the booking's pay link.
 * @example
 * const statusId = input.StatusId ?? (await app.payments.initialStatus(tx, ctx.companyId, input.ServiceId, input.PaymentOption)) ?? settings.default_status_id;
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { PaymentOption } from '../../../schema/bookings';
import type { Db } from '../../db/db';
import { STATUS } from '../../../domain/bookings';
import { PAYMENTS } from '../../shared/ports';
import { AWAITING, linkOf } from './checkout';
import { chooseProvider } from './providers';
import { loadPaymentSettings } from './settings';

export async function initialStatus(db: Db, companyId: number, serviceId: number, option: PaymentOption | undefined): Promise<number | null> {
  if (option === 'BookWithoutPayment' || option === 'BookWithManualPayment') return null;
  const service = await db.one<{ is_payment_enabled: boolean }>('select is_payment_enabled from services where id = $1 and company_id = $2', [serviceId, companyId]);
  if (!service || !(await chooseProvider(db, companyId))) return null;
  const settings = await loadPaymentSettings(db, companyId);
  const asks = settings.Requirement !== 'None' && (!settings.OnlyServicesWithPayment || service.is_payment_enabled);
  return option === 'BookWithPaymentMessageToCustomer' || asks ? STATUS.AwaitingPayment : null;
}

export default fp(
  async (app: FastifyInstance) => {
    const payLink = async (db: Db, companyId: number, bookingId: number): Promise<string | null> => {
      const row = await db.one<{ status_id: number; left: number }>('select status_id, (total_price_minor - paid_minor)::float8 as left from bookings where id = $1 and company_id = $2', [
        bookingId,
        companyId,
      ]);
      if (!row || row.left <= 0 || !AWAITING.includes(row.status_id) || !(await chooseProvider(db, companyId))) return null;
      return `${app.config.publicUrl}/api/payment/pay/${await linkOf(db, companyId, bookingId)}`;
    };
    app.decorate('payments', { initialStatus, payLink });
  },
  { name: PAYMENTS },
);
