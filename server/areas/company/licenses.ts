import type { FastifyInstance } from 'fastify';
import { ref } from '../../shared/schemas';
import type { CompanyLicense, LicenseType } from '../../../schema/company';
import { COUNTRIES, envelope, LICENSE_TYPE_NAMES } from '../../shared/reference';
import { localTime } from '../../shared/fieldErrors';

interface LicenseTypeRow {
  id: number;
  name: string;
  is_free: boolean;
  monthly_price_sek: number;
  period_of_notice_days: number;
}

/** Monthly list prices per country, from the Swedish price (whole units, rounded). */
const PRICE_FACTOR: Record<string, number> = { SEK: 1, NOK: 1, DKK: 0.65, EUR: 0.09 };

/**
 * Minimal licenses: the company's license rows (so the shell knows a free account) and the
 * license types with their monthly prices.
 */
export default async function licenseRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;

  app.get<{ Querystring: { Id?: number; Active?: boolean } }>('/licenses/company', { schema: { querystring: ref('CompanyLicenseQuery') } }, async (request) => {
    const { companyId, timeZone, lang } = request.ctx;
    const rows = await db.query<{ id: number; type_id: number; valid_from: string; valid_to: string | null; active: boolean; canceled: boolean }>(
      `select l.id, l.license_type_id as type_id, ${localTime('l.valid_from', '$2')} as valid_from,
              ${localTime('l.valid_to', '$2')} as valid_to, l.active, l.canceled
         from company_licenses l
        where l.company_id = $1 and ($3::int is null or l.id = $3) and ($4::boolean is null or l.active = $4)
        order by l.id`,
      [companyId, timeZone, request.query.Id ?? null, request.query.Active ?? null],
    );
    return envelope(
      rows.map(
        (r): CompanyLicense => ({
          Id: r.id,
          TypeId: r.type_id,
          TypeName: LICENSE_TYPE_NAMES[r.type_id]?.[lang] ?? String(r.type_id),
          ValidFrom: r.valid_from,
          ValidTo: r.valid_to,
          Active: r.active,
          Canceled: r.canceled,
        }),
      ),
    );
  });

  app.get<{ Querystring: { Id?: number } }>('/licenses/types', { schema: { querystring: ref('LicenseTypeQuery') } }, async (request) => {
    const rows = await db.query<LicenseTypeRow>(
      'select id, name, is_free, monthly_price_sek, period_of_notice_days from license_types where ($1::int is null or id = $1) order by sort_order',
      [request.query.Id ?? null],
    );
    const lang = request.ctx.lang;
    return envelope(
      rows.map(
        (r): LicenseType => ({
          Id: r.id,
          Name: LICENSE_TYPE_NAMES[r.id]?.[lang] ?? r.name,
          IsFree: r.is_free,
          Prices: COUNTRIES.map((c) => ({ CountryId: c.id, CurrencyId: c.currencyId, Price: Math.round(r.monthly_price_sek * (PRICE_FACTOR[c.currencyId] ?? 1)) })),
          LicenseItems: [],
          PeriodOfNoticeDays: r.period_of_notice_days,
          IsExtraLicenseOption: false,
        }),
      ),
    );
  });
}
