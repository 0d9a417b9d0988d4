import { DateTime } from 'luxon';
import type { Db } from '../../db/db';
import { COUNTRIES, LICENSE_TYPE_NAMES } from '../../shared/reference';
import { licensePrice } from '../../shared/planLimits';
import { billingOrProposal } from '../../shared/billingInformation';
import { LICENSE_VAT_PERMILLE, overlapMs, prorate, vatOf } from '../../../domain/licenses/invoicing';

interface HeldRow {
  company_id: number;
  license_type_id: number;
  monthly_price_sek: number;
  /** Epoch milliseconds (a number on both drivers). */
  valid_from: number;
  valid_to: number | null;
  country_id: string;
  time_zone: string;
}

const MONTH_FORMAT = 'yyyy-MM';

/**
 * The monthly billing run for one month ('2026-11'): for each company that held a paid plan or
 * extra license during the month, one invoice (unique per company and month, so a rerun adds
 * nothing) with a row per license, prorated to the part of the month it was held, VAT per the
 * company's country, money in minor units. A company paying by card with a registered card is
 * charged at once (the invoice is paid). Answers the number of invoices made.
 * @example await runMonthlyBilling(db, '2026-10');
 */
export async function runMonthlyBilling(db: Db, month: string): Promise<number> {
  const held = await db.query<HeldRow>(
    `select l.company_id, l.license_type_id, lt.monthly_price_sek, (extract(epoch from l.valid_from) * 1000)::float8 as valid_from,
            (extract(epoch from l.valid_to) * 1000)::float8 as valid_to, c.country_id, c.time_zone
       from company_licenses l join license_types lt on lt.id = l.license_type_id join companies c on c.id = l.company_id
      where lt.monthly_price_sek > 0 and l.valid_from < ($1::date + interval '1 month' + interval '1 day')
        and (l.valid_to is null or l.valid_to > $1::date - interval '1 day')
      order by l.company_id, l.id`,
    [`${month}-01`],
  );
  const byCompany = new Map<number, HeldRow[]>();
  for (const row of held) byCompany.set(row.company_id, [...(byCompany.get(row.company_id) ?? []), row]);
  let made = 0;
  for (const [companyId, rows] of byCompany) {
    if (await invoiceCompany(db, companyId, rows, month)) made++;
  }
  // Cancelled plans whose notice period has run out leave the company on the free plan.
  await db.query(
    `update companies c set license_type_id = 1, updated = now()
      where c.license_type_id <> 1 and not exists (select 1 from company_licenses l join license_types lt on lt.id = l.license_type_id
        where l.company_id = c.id and l.active and not lt.is_extra_license_option and (l.valid_to is null or l.valid_to > now()))`,
  );
  return made;
}

async function invoiceCompany(db: Db, companyId: number, rows: HeldRow[], month: string): Promise<boolean> {
  const { country_id: country, time_zone: zone } = rows[0];
  const start = DateTime.fromFormat(month, MONTH_FORMAT, { zone });
  const end = start.plus({ months: 1 });
  // Prorated by calendar days in the company's zone (a day is a day, also when the clocks change).
  const monthDays = end.diff(start, 'days').days;
  const currency = COUNTRIES.find((c) => c.id === country)?.currencyId ?? 'SEK';
  const lines = rows
    .map((r) => {
      const from = Math.max(Number(r.valid_from), start.toMillis());
      const to = Math.min(r.valid_to !== null ? Number(r.valid_to) : Number.POSITIVE_INFINITY, end.toMillis());
      const heldDays = overlapMs(from, to, start.toMillis(), end.toMillis()) > 0 ? DateTime.fromMillis(to, { zone }).diff(DateTime.fromMillis(from, { zone }), 'days').days : 0;
      const unit = licensePrice(r.monthly_price_sek, currency) * 100;
      const amount = prorate(unit, heldDays, monthDays);
      const shownFrom = DateTime.fromMillis(from, { zone }).toISODate();
      const shownTo = DateTime.fromMillis(to - 1, { zone }).toISODate();
      const name = LICENSE_TYPE_NAMES[r.license_type_id]?.en ?? String(r.license_type_id);
      return { text: `${name} ${shownFrom} – ${shownTo}`, quantity: Math.round((heldDays / monthDays) * 10000) / 10000, unit, amount };
    })
    .filter((l) => l.amount > 0);
  if (!lines.length) return false;
  const permille = LICENSE_VAT_PERMILLE[country] ?? 250;
  const net = lines.reduce((sum, l) => sum + l.amount, 0);
  const vat = vatOf(net, permille);
  return db.tx(async (tx) => {
    const billing = await billingOrProposal(tx, companyId);
    const card = billing.BillingMethodId === 1 ? await tx.one('select 1 from payment_cards where company_id = $1', [companyId]) : undefined;
    const invoice = await tx.one<{ id: number }>(
      `insert into invoices (company_id, invoice_number, period_from, period_to, currency_id, country_id, vat_rate_permille, net_minor, vat_minor,
                             total_minor, billing_method_id, billing_snapshot, status, due_date)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12::jsonb, $13, current_date + 30)
       on conflict (company_id, period_from) do nothing returning id`,
      [
        companyId,
        `${month.replace('-', '')}-${companyId}`,
        start.toISODate(),
        end.minus({ days: 1 }).toISODate(),
        currency,
        country,
        permille,
        net,
        vat,
        net + vat,
        billing.BillingMethodId,
        JSON.stringify(billing),
        card ? 'paid' : 'unpaid',
      ],
    );
    if (!invoice) return false;
    for (const l of lines) {
      await tx.query('insert into invoice_rows (invoice_id, text, quantity, unit_price_minor, amount_minor) values ($1, $2, $3, $4, $5)', [invoice.id, l.text, l.quantity, l.unit, l.amount]);
    }
    // The provider's reference of a charge we make on the stored card is the invoice's own.
    if (card) {
      await tx.query(
        `insert into card_payments (company_id, provider_reference, amount_minor, currency_id) values ($1, $2, $3, $4) on conflict (provider_reference) do nothing`,
        [companyId, `invoice-${invoice.id}`, net + vat, currency],
      );
    }
    return true;
  });
}

/** The month before `now` in the form runMonthlyBilling takes. */
export function previousMonth(now = DateTime.utc()): string {
  return now.minus({ months: 1 }).toFormat(MONTH_FORMAT);
}
