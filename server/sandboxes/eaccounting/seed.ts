import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/db';

/** What a new sandbox company starts with: an article per VAT rate and a few more, and three terms of payment. */
const ARTICLES: readonly [number: string, name: string, vat: 0 | 6 | 12 | 25, net: number][] = [
  ['1', 'Tjänst 25 % moms', 25, 0],
  ['2', 'Tjänst 12 % moms', 12, 0],
  ['3', 'Tjänst 6 % moms', 6, 0],
  ['4', 'Tjänst momsfri', 0, 0],
  ['10', 'Banhyra padel', 6, 0],
  ['11', 'Gruppträning', 6, 0],
  ['12', 'Massage', 25, 0],
  ['13', 'Hotellrum', 12, 0],
];

const TERMS: readonly [name: string, days: number][] = [
  ['30 dagar netto', 30],
  ['10 dagar netto', 10],
  ['Kontant', 0],
];

/** Gives a sandbox company its articles and terms the first time it is used (once, under a lock). */
export async function seedTenant(db: Db, tenant: string): Promise<void> {
  if (await db.one('select 1 from eaccounting_sandbox_terms where tenant = $1 limit 1', [tenant])) return;
  await db.tx(async (tx) => {
    await tx.query('select pg_advisory_xact_lock(hashtext($1))', [`eaccounting-sandbox:${tenant}`]);
    if (await tx.one('select 1 from eaccounting_sandbox_terms where tenant = $1 limit 1', [tenant])) return;
    for (const [number, name, vat, net] of ARTICLES) {
      await tx.query('insert into eaccounting_sandbox_articles (id, tenant, number, name, vat_percent, net_price) values ($1, $2, $3, $4, $5, $6)', [randomUUID(), tenant, number, name, vat, net]);
    }
    for (const [name, days] of TERMS) {
      await tx.query('insert into eaccounting_sandbox_terms (id, tenant, name, number_of_days) values ($1, $2, $3, $4)', [randomUUID(), tenant, name, days]);
    }
  });
}
