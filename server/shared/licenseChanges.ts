import type { Db } from '../db/db';
import { effectivePlan } from './planLimits';

/** A license type as a change needs it. */
export interface LicenseTypeRef {
  id: number;
  is_extra_license_option: boolean;
}

/**
 * Takes a license now, inside the caller's transaction (the company's row locked): a plan ends the
 * running plan and becomes the company's; an extra license adds to the plan. A choice that waited
 * for a card is replaced. Answers the new license's id.
 * @example await takeLicense(tx, companyId, { id: 2, is_extra_license_option: false });
 */
export async function takeLicense(tx: Db, companyId: number, type: LicenseTypeRef): Promise<number> {
  if (!type.is_extra_license_option) {
    // A plan change takes effect at once; the monthly invoice prorates both periods.
    await tx.query(
      `update company_licenses l set active = false, valid_to = least(coalesce(l.valid_to, now()), now())
         from license_types lt where lt.id = l.license_type_id and not lt.is_extra_license_option and l.company_id = $1 and l.active`,
      [companyId],
    );
    await tx.query('update companies set license_type_id = $2, updated = now() where id = $1', [companyId, type.id]);
  }
  await tx.query('delete from license_awaiting_card where company_id = $1', [companyId]);
  return (await tx.one<{ id: number }>('insert into company_licenses (company_id, license_type_id) values ($1, $2) returning id', [companyId, type.id]))!.id;
}

/**
 * Records a license paid by card that waits for the card to be registered; the company keeps what
 * it holds until then. One per company: a later choice replaces an earlier one. Answers its id.
 * @example await awaitCard(tx, companyId, 2);
 */
export async function awaitCard(tx: Db, companyId: number, typeId: number): Promise<number> {
  await tx.query('delete from license_awaiting_card where company_id = $1', [companyId]);
  return (await tx.one<{ id: number }>('insert into license_awaiting_card (company_id, license_type_id) values ($1, $2) returning id', [companyId, typeId]))!.id;
}

/**
 * The card is registered (the provider's callback, inside its transaction): the license that waited
 * for it takes effect now, unless it no longer applies (the plan is already held, or an extra
 * license while the company is back on the free plan), in which case it is dropped. Answers the
 * license type taken, or null.
 * @example const taken = await takeLicenseAwaitingCard(tx, companyId);
 */
export async function takeLicenseAwaitingCard(tx: Db, companyId: number): Promise<number | null> {
  await tx.query('select 1 from companies where id = $1 for no key update', [companyId]);
  const waiting = await tx.one<LicenseTypeRef>(
    `delete from license_awaiting_card w using license_types lt where w.company_id = $1 and lt.id = w.license_type_id
     returning lt.id, lt.is_extra_license_option`,
    [companyId],
  );
  if (!waiting) return null;
  const plan = await effectivePlan(tx, companyId);
  if (waiting.is_extra_license_option ? plan.typeId === 1 : plan.typeId === waiting.id) return null;
  await takeLicense(tx, companyId, waiting);
  return waiting.id;
}
