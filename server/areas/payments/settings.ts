import type { FastifyInstance } from 'fastify';
import type { PaymentSettings } from '../../../schema/payments';
import type { Db } from '../../db/db';
import { checkFieldsEarly } from '../../shared/errors';
import { ref } from '../../shared/schemas';
import { paymentKey } from './messages';

const read = { permission: { area: 'settings', action: 'read' } } as const;
const write = { permission: { area: 'settings', action: 'write' } } as const;
export const permissions = { read, write };

interface Row {
  stripe_active: boolean;
  payson_active: boolean;
  billmate_active: boolean;
  requirement: PaymentSettings['Requirement'];
  deposit_percent: number;
  only_services_with_payment: boolean;
  default_payment_option: PaymentSettings['DefaultPaymentOption'];
  default_provider: PaymentSettings['DefaultProvider'];
  hold_minutes: number;
}

/** The company's payment settings; a company that never saved them has the defaults (no payment asked). */
export async function loadPaymentSettings(db: Db, companyId: number): Promise<PaymentSettings> {
  const row = await db.one<Row>(
    `select p.stripe_active, p.payson_active, p.billmate_active, p.requirement, p.deposit_percent, p.only_services_with_payment, p.default_payment_option, p.default_provider,
            coalesce((select payment_hold_minutes from booking_settings where company_id = $1), 30) as hold_minutes
       from (select $1::int as company_id) c left join payment_settings p on p.company_id = c.company_id`,
    [companyId],
  );
  return {
    StripeActive: row?.stripe_active ?? false,
    PaysonActive: row?.payson_active ?? false,
    BillmateActive: row?.billmate_active ?? false,
    Requirement: row?.requirement ?? 'None',
    DepositPercent: row?.deposit_percent ?? 30,
    OnlyServicesWithPayment: row?.only_services_with_payment ?? false,
    HoldMinutes: row?.hold_minutes ?? 30,
    DefaultPaymentOption: row?.default_payment_option ?? 'DefaultSetting',
    DefaultProvider: row?.default_provider ?? null,
  };
}

/** GET and PUT /payment/settings. The hold is the booking settings' payment hold (one value, two screens). */
export default async function settings(app: FastifyInstance): Promise<void> {
  app.get('/payment/settings', { config: read, schema: { querystring: ref('PaymentSettingsQuery'), response: { 200: ref('PaymentSettings') } } }, async (request) =>
    loadPaymentSettings(app.db, request.ctx.companyId),
  );

  // The default provider must be one of the active ones; named together with the schema's own refusals.
  const defaultActive = checkFieldsEarly((request, refuse) => {
    const b = request.body as Partial<PaymentSettings> | null;
    if (!b || typeof b !== 'object' || typeof b.DefaultProvider !== 'string') return;
    if (b[`${b.DefaultProvider}Active` as 'StripeActive'] !== true) refuse('DefaultProvider', paymentKey('PaymentDefaultNotActive'));
  });

  app.put('/payment/settings', { config: write, preValidation: defaultActive, schema: { body: ref('PaymentSettings'), response: { 200: ref('PaymentSettings') } } }, async (request) => {
    const b = request.body as PaymentSettings;
    const companyId = request.ctx.companyId;
    await app.db.tx(async (tx) => {
      await tx.query(
        `insert into payment_settings (company_id, stripe_active, payson_active, billmate_active, requirement, deposit_percent, only_services_with_payment, default_payment_option, default_provider)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9)
         on conflict (company_id) do update set stripe_active = excluded.stripe_active, payson_active = excluded.payson_active, billmate_active = excluded.billmate_active,
           requirement = excluded.requirement, deposit_percent = excluded.deposit_percent, only_services_with_payment = excluded.only_services_with_payment,
           default_payment_option = excluded.default_payment_option, default_provider = excluded.default_provider, updated = now()`,
        [companyId, b.StripeActive, b.PaysonActive, b.BillmateActive, b.Requirement, b.DepositPercent, b.OnlyServicesWithPayment, b.DefaultPaymentOption, b.DefaultProvider ?? null],
      );
      await tx.query(
        `insert into booking_settings (company_id, payment_hold_minutes) values ($1, $2)
         on conflict (company_id) do update set payment_hold_minutes = excluded.payment_hold_minutes`,
        [companyId, b.HoldMinutes],
      );
    });
    return loadPaymentSettings(app.db, companyId);
  });
}
