import type { RebateCodeTypeId, RebateCodeStatusId } from '../../../schema/rebatecodes';
import type { Db } from '../../db/db';
import type { RebateCodeRule } from '../../domain/pricing';
import { intArray } from './codes';

/**
 * The company's customer with this e-mail address (case-insensitive; the oldest when several share it).
 * @example
 * const customerId = await customerIdByEmail(db, ctx.companyId, 'anna@example.com'); // 17 or null
 */
export async function customerIdByEmail(db: Db, companyId: number, email: string | null | undefined): Promise<number | null> {
  const address = email?.trim();
  if (!address) return null;
  const row = await db.one<{ id: number }>('select id from customers where company_id = $1 and lower(email) = lower($2) order by id limit 1', [companyId, address]);
  return row?.id ?? null;
}

interface CodeRuleRow {
  id: number;
  sign: string;
  type_id: RebateCodeTypeId;
  value: number;
  valid_from: string | null;
  valid_to: string | null;
  from_time: string | null;
  to_time: string | null;
  max_uses: number;
  max_uses_per_customer: number;
  uses_used: number;
  remaining_amount: number | null;
  remaining_usage: number | null;
  status_id: RebateCodeStatusId;
  days_of_week: number[];
  services: number[];
  customers: number[];
}

/**
 * What the price and code rules need of the company's codes with these ids, in one query (codes of
 * other companies are simply not there).
 * @example
 * const codes = await loadCodeRules(db, ctx.companyId, [3, 7]); // Map id → rule
 */
export async function loadCodeRules(db: Db, companyId: number, ids: readonly number[]): Promise<Map<number, RebateCodeRule>> {
  const out = new Map<number, RebateCodeRule>();
  if (!ids.length) return out;
  const rows = await db.query<CodeRuleRow>(
    `select r.id, r.sign, r.type_id, (r.value_hundredths::float8 / 100) as value,
            to_char(r.valid_from, 'YYYY-MM-DD') as valid_from, to_char(r.valid_to, 'YYYY-MM-DD') as valid_to,
            to_char(r.from_time, 'HH24:MI:SS') as from_time, to_char(r.to_time, 'HH24:MI:SS') as to_time,
            r.max_uses, r.max_uses_per_customer, r.uses_used, (r.remaining_amount_minor::float8 / 100) as remaining_amount,
            r.remaining_usage, r.status_id, r.days_of_week,
            coalesce((select json_agg(rs.service_id) from rebate_code_services rs where rs.rebate_code_id = r.id), '[]'::json) as services,
            coalesce((select json_agg(rc.customer_id) from rebate_code_customers rc where rc.rebate_code_id = r.id), '[]'::json) as customers
       from rebate_codes r
      where r.company_id = $1 and r.id = any($2::text::int[])`,
    [companyId, intArray(ids)],
  );
  for (const r of rows) {
    out.set(r.id, {
      Id: r.id,
      RebateCodeSign: r.sign,
      RebateCodeTypeId: r.type_id,
      RebateCodeValue: r.value,
      ValidFrom: r.valid_from,
      ValidTo: r.valid_to,
      FromTime: r.from_time,
      ToTime: r.to_time,
      MaxNumberOfUses: r.max_uses,
      MaxNumberOfUsesPerCustomer: r.max_uses_per_customer,
      NumberOfUsesUsed: r.uses_used,
      RemainingAmount: r.remaining_amount,
      RemainingUsage: r.remaining_usage,
      RebateCodeStatusId: r.status_id,
      DaysOfWeek: r.days_of_week,
      Services: r.services.map((id) => ({ Id: id })),
      Customers: r.customers.map((id) => ({ Id: id })),
    });
  }
  return out;
}
