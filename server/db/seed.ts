import { randomUUID } from 'node:crypto';
import type { Db } from './db';
import { hashPassword } from '../identity/public';
import { seedCatalog } from './seed/catalog';
import { seedRebateCodes } from './seed/rebatecodes';
import { seedDemoBookings } from './seed/bookings';
import { seedScheduling } from './seed/scheduling';

export const DEMO_EMAIL = 'demo@example.com';
export const DEMO_PASSWORD = 'demo';

/**
 * Creates the demo company on an empty database: a Swedish business with an administrator
 * demo@example.com / demo, services, prices, custom fields, about 200 customers and promo codes
 * (a 20 % code, a 500 kr value card, a 10-punch ticket), resources, schedules and exceptions, so
 * that free times show on a fresh start. With `bookings` (the server's first start), also two weeks
 * of bookings from this week's Monday (seed/bookings.ts); the tests' demo company has none.
 * Returns false when a company already exists (later runs keep all data).
 */
export async function seedDemo(db: Db, options: { bookings?: boolean } = {}): Promise<boolean> {
  return db.tx(async (tx) => {
    const existing = await tx.one<{ n: number }>('select count(*)::int as n from companies');
    if (existing && existing.n > 0) return false;
    const company = await tx.one<{ id: number }>(
      `insert into companies (name, email, phone, homepage, street1, zip_code, city, country_id, organisation_number, time_zone, currency_id, status_id, license_type_id)
       values ('Solrosens Yoga & Padel', 'info@solrosen.example.com', '+46 8 123 45 67', 'https://solrosen.example.com',
               'Storgatan 12', '111 22', 'Stockholm', 'SE', '556677-8899', 'Europe/Stockholm', 'SEK', 3, 9)
       returning id`,
    );
    const companyId = company!.id;
    const user = await tx.one<{ id: number }>(
      `insert into users (company_id, subject, email, firstname, lastname, password_hash, email_verified, agreement_id)
       values ($1, $2, $3, 'Demo', 'Admin', $4, true, (select max(id) from agreements)) returning id`,
      [companyId, randomUUID(), DEMO_EMAIL, await hashPassword(DEMO_PASSWORD)],
    );
    await tx.query('insert into user_roles (company_id, user_id, role_id) values ($1, $2, 1)', [companyId, user!.id]);
    await seedCatalog(tx, companyId);
    await seedRebateCodes(tx, companyId);
    await seedScheduling(tx, companyId);
    if (options.bookings) await seedDemoBookings(tx, companyId);
    return true;
  });
}

/**
 * A second, unrelated company with its own administrator, for tests that prove one company
 * never sees another's data.
 */
export async function seedOtherCompany(db: Db, email = 'other@example.com', password = 'other-password'): Promise<number> {
  return db.tx(async (tx) => {
    const company = await tx.one<{ id: number }>(
      `insert into companies (name, email, street1, zip_code, city, country_id, organisation_number)
       values ('Other Company AB', 'other@company.example.com', 'Gatan 1', '222 33', 'Malmö', 'SE', '559900-1122') returning id`,
    );
    const user = await tx.one<{ id: number }>(
      `insert into users (company_id, subject, email, firstname, lastname, password_hash, email_verified)
       values ($1, $2, $3, 'Other', 'Admin', $4, true) returning id`,
      [company!.id, randomUUID(), email, await hashPassword(password)],
    );
    await tx.query('insert into user_roles (company_id, user_id, role_id) values ($1, $2, 1)', [company!.id, user!.id]);
    await seedCatalog(tx, company!.id, { customers: 5 });
    return company!.id;
  });
}
