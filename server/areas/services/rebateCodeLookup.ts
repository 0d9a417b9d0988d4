import type { RebateCodeTypeId, RebateCodeStatusId } from '../../../schema/rebatecodes';
import type { Db } from '../../db/db';
import type { RebateCodeRule } from '../../../domain/pricing';
import { intArray } from './rebateCodeRecords';

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
  customer_uses: number;
}

/** Codes as the rules read them, and how often the booking's customer has used each. */
export interface LoadedCodeRules {
  codes: Map<number, RebateCodeRule>;
  /** Per code id: bookings the customer has used it in (empty without a customer). */
  customerUses: Map<number, number>;
}

/**
 * What the price and code rules need of the company's codes with these ids, with the customer's
 * earlier uses of each, in one query (codes of other companies are simply not there).
 * @example
 * const { codes, customerUses } = await loadCodeRules(db, ctx.companyId, [3, 7], customerId);
 */
export async function loadCodeRules(db: Db, companyId: number, ids: readonly number[], customerId: number | null = null): Promise<LoadedCodeRules> {
  const out = new Map<number, RebateCodeRule>();
  const customerUses = new Map<number, number>();
  if (!ids.length) return { codes: out, customerUses };
  const rows = await db.query<CodeRuleRow>(
    `select r.id, r.sign, r.type_id, (r.value_hundredths::float8 / 100) as value,
            to_char(r.valid_from, 'YYYY-MM-DD') as valid_from, to_char(r.valid_to, 'YYYY-MM-DD') as valid_to,
            to_char(r.from_time, 'HH24:MI:SS') as from_time, to_char(r.to_time, 'HH24:MI:SS') as to_time,
            r.max_uses, r.max_uses_per_customer, r.uses_used, (r.remaining_amount_minor::float8 / 100) as remaining_amount,
            r.remaining_usage, r.status_id, r.days_of_week,
            coalesce((select json_agg(rs.service_id) from rebate_code_services rs where rs.rebate_code_id = r.id), '[]'::json) as services,
            coalesce((select json_agg(rc.customer_id) from rebate_code_customers rc where rc.rebate_code_id = r.id), '[]'::json) as customers,
            coalesce((select sum(case when t.change_type = 'Decrease' then 1 else -1 end)
                        from rebate_code_transactions t
                       where t.company_id = $1 and t.rebate_code_id = r.id and t.customer_id = $3::int and t.booking_id is not null), 0)::int as customer_uses
       from rebate_codes r
      where r.company_id = $1 and r.id = any($2::text::int[])`,
    [companyId, intArray(ids), customerId],
  );
  for (const r of rows) {
    if (customerId !== null) customerUses.set(r.id, r.customer_uses);
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
  return { codes: out, customerUses };
}
