import type { Db } from '../../db/db';
import { COUNTRIES, LICENSE_TYPE_NAMES } from '../../shared/reference';
import { licensePrice } from '../../shared/planLimits';
import type { Lang } from '../../shared/messages';
import type { LicenseType } from '../../../schema/company';

export interface LicenseTypeRow {
  id: number;
  name: string;
  is_free: boolean;
  monthly_price_sek: number;
  period_of_notice_days: number;
  is_extra_license_option: boolean;
}


/** The license types, in the order of the plan comparison. */
export async function licenseTypes(db: Db, id?: number): Promise<LicenseTypeRow[]> {
  return db.query<LicenseTypeRow>(
    `select id, name, is_free, monthly_price_sek, period_of_notice_days, is_extra_license_option
       from license_types where ($1::int is null or id = $1) order by sort_order`,
    [id ?? null],
  );
}

export function typeName(id: number, lang: Lang, fallback = String(id)): string {
  return LICENSE_TYPE_NAMES[id]?.[lang] ?? fallback;
}

export function toLicenseType(r: LicenseTypeRow, lang: Lang): LicenseType {
  return {
    Id: r.id,
    Name: typeName(r.id, lang, r.name),
    IsFree: r.is_free,
    Prices: COUNTRIES.map((c) => ({ CountryId: c.id, CurrencyId: c.currencyId, Price: licensePrice(r.monthly_price_sek, c.currencyId) })),
    LicenseItems: [],
    PeriodOfNoticeDays: r.period_of_notice_days,
    IsExtraLicenseOption: r.is_extra_license_option,
  };
}
