import type { Db } from '../db';

/**
 * Demo rebate codes: a 20 % summer code, a 500 kr value card and a ten-punch yoga ticket (limited to
 * the company's yoga services, when there are any). Call after the catalogue is seeded.
 * @example
 * await seedCatalog(tx, companyId);
 * await seedRebateCodes(tx, companyId);
 */
export async function seedRebateCodes(db: Db, companyId: number): Promise<void> {
  const insert = async (sign: string, name: string, typeId: number, valueHundredths: number, extra: { amount?: number; usage?: number; perCustomer?: number } = {}) => {
    const row = await db.one<{ id: number }>(
      `insert into rebate_codes (company_id, sign, name, type_id, value_hundredths, max_uses_per_customer, remaining_amount_minor, remaining_usage)
       values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
      [companyId, sign, name, typeId, valueHundredths, extra.perCustomer ?? 1, extra.amount ?? null, extra.usage ?? null],
    );
    return row!.id;
  };
  await insert('SOMMAR20', 'Sommarrabatt 20 %', 1, 2000);
  await insert('VARDEKORT500', 'Värdekort 500 kr', 4, 50000, { amount: 50000, perCustomer: 9999 });
  const ticket = await insert('YOGA10', 'Klippkort yoga 10 gånger', 3, 1000, { usage: 10, perCustomer: 9999 });
  await db.query(
    `insert into rebate_code_services (company_id, rebate_code_id, service_id)
     select $1, $2, id from services where company_id = $1 and name ilike 'yoga%'`,
    [companyId, ticket],
  );
}
